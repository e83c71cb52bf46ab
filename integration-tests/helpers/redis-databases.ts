/* A Redis database (1..15) of its own for each run of the production-shape store (store-processes.ts). */
import Redis from "ioredis"

/** Redis databases 1..15 are handed out to runs, one each, claimed in database 0. */
const REDIS_CLAIM_PREFIX = "medusa-plugin-hub:test-redis-db:"
const REDIS_CLAIM_TTL_SECONDS = 3 * 60 * 60

export function redisDatabaseUrl(serverUrl: string, db: number): string {
  const url = new URL(serverUrl)
  url.pathname = `/${db}`
  return url.toString()
}

/** Claims a free Redis database (1..15) for this run and empties it (a claim left by a killed run expires). */
export async function claimRedisDatabase(serverUrl: string): Promise<number> {
  const redis = new Redis(redisDatabaseUrl(serverUrl, 0), { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null })
  redis.on("error", () => undefined)
  await redis.connect().catch((error: Error) => {
    throw new Error(`the production shape needs Redis at ${serverUrl} (HUB_TEST_REDIS_URL): ${error.message}`)
  })
  try {
    for (let db = 1; db <= 15; db++) {
      if ((await redis.set(`${REDIS_CLAIM_PREFIX}${db}`, String(process.pid), "EX", REDIS_CLAIM_TTL_SECONDS, "NX")) === "OK") {
        await redis.select(db)
        await redis.flushdb()
        return db
      }
    }
    throw new Error(`no free Redis database at ${serverUrl}: databases 1..15 are all claimed (${REDIS_CLAIM_PREFIX}*)`)
  } finally {
    redis.disconnect()
  }
}

export async function releaseRedisDatabase(serverUrl: string, db: number): Promise<void> {
  const redis = new Redis(redisDatabaseUrl(serverUrl, db), { lazyConnect: true, maxRetriesPerRequest: 1 })
  try {
    await redis.connect()
    await redis.flushdb()
    await redis.select(0)
    await redis.del(`${REDIS_CLAIM_PREFIX}${db}`)
  } catch {
    // The claim expires by itself.
  } finally {
    redis.disconnect()
  }
}
