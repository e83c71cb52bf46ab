import { HubRateLimiter } from "../rate-limit"

const noMargin = () => 0

async function sendTimes(limiter: HubRateLimiter, bucket: string, count: number): Promise<number[]> {
  const start = Date.now()
  return Promise.all(Array.from({ length: count }, () => limiter.acquire(bucket).then(() => Date.now() - start)))
}

describe("HubRateLimiter", () => {
  it("lets `limit` requests through per window and holds the next one for the window", async () => {
    const limiter = new HubRateLimiter({ "GET /products": { limit: 3, windowMs: 200 } }, noMargin)
    const times = await sendTimes(limiter, "GET /products", 7)
    expect(times.slice(0, 3).every((t) => t < 50)).toBe(true)
    expect(times.slice(3, 6).every((t) => t >= 195 && t < 300)).toBe(true)
    expect(times[6]).toBeGreaterThanOrEqual(395)
  })

  it("keeps buckets apart", async () => {
    const limiter = new HubRateLimiter({ "GET /orders": { limit: 1, windowMs: 300 }, "PUT /products": { limit: 1, windowMs: 300 } }, noMargin)
    const [orders, products] = await Promise.all([sendTimes(limiter, "GET /orders", 1), sendTimes(limiter, "PUT /products", 1)])
    expect(orders[0]).toBeLessThan(50)
    expect(products[0]).toBeLessThan(50)
  })

  it("falls back to the default limit for an unlisted bucket", async () => {
    const limiter = new HubRateLimiter({ default: { limit: 2, windowMs: 200 } }, noMargin)
    const times = await sendTimes(limiter, "GET /statuses", 3)
    expect(times[1]).toBeLessThan(50)
    expect(times[2]).toBeGreaterThanOrEqual(195)
  })

  it("sends nothing on any bucket while a 429 pause is in force, and every caller resumes together", async () => {
    const limiter = new HubRateLimiter({ default: { limit: 100, windowMs: 1000 } }, noMargin)
    const start = Date.now()
    limiter.pause(start + 250)
    limiter.pause(start + 100) // never shortens the pause
    const times = await Promise.all(
      ["GET /orders", "PUT /products", "POST /orders"].map((bucket) => limiter.acquire(bucket).then(() => Date.now() - start))
    )
    expect(Math.min(...times)).toBeGreaterThanOrEqual(245)
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(50)
  })
})
