/*
 * Where every process of a store finds one hub request budget without being told (the hub counts per
 * store credential, docs/hub-public-facts.md: two processes with a budget each would exceed it). The
 * `rateLimitRedisUrl` option wins; else the Redis the store already gives Medusa.
 */

type ModuleEntry = { resolve?: unknown; options?: Record<string, unknown> } | boolean | string | undefined
type StoreConfig = { projectConfig?: { redisUrl?: string }; modules?: Record<string, ModuleEntry> | ModuleEntry[] }

const REDIS_URL = /^rediss?:\/\/\S+$/

/**
 * The Redis URL of the store's shared budget and where it was found, or null: `rateLimitRedisUrl`;
 * `projectConfig.redisUrl`; the `redisUrl` of a Redis module (event bus, cache, workflow engine's
 * `redis.redisUrl`, a Redis locking provider). Never logs or returns anything but the URL's origin in words.
 */
export function sharedBudgetRedis(rateLimitRedisUrl: string | undefined, config: StoreConfig | undefined): { url: string; from: string } | null {
  if (rateLimitRedisUrl) return { url: rateLimitRedisUrl, from: "the rateLimitRedisUrl option" }
  const projectUrl = config?.projectConfig?.redisUrl
  if (projectUrl && REDIS_URL.test(projectUrl)) return { url: projectUrl, from: "projectConfig.redisUrl" }
  const entries = Array.isArray(config?.modules) ? config.modules : Object.values(config?.modules ?? {})
  for (const entry of entries) {
    if (!entry || typeof entry !== "object") continue
    const found = redisUrlIn(entry.options)
    if (found) return { url: found, from: `the options of ${String(entry.resolve ?? "a Redis module")}` }
  }
  return null
}

/** `redisUrl`, `redis.redisUrl` / `redis.url` (workflow engine), or a provider's (locking) in a module's options. */
function redisUrlIn(options: Record<string, unknown> | undefined, depth = 0): string | null {
  if (!options || depth > 3) return null
  for (const key of ["redisUrl", "url"]) {
    const value = options[key]
    if (typeof value === "string" && REDIS_URL.test(value)) return value
  }
  for (const nested of [options.redis, ...(Array.isArray(options.providers) ? options.providers.map((provider) => (provider as { options?: unknown })?.options) : [])]) {
    if (nested && typeof nested === "object") {
      const found = redisUrlIn(nested as Record<string, unknown>, depth + 1)
      if (found) return found
    }
  }
  return null
}
