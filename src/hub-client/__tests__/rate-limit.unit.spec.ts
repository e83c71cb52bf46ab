import { HubRateLimiter } from "../rate-limit"

// Each send is answered the moment it leaves: its slot then frees one window later.
async function sendTimes(limiter: HubRateLimiter, bucket: string, count: number): Promise<number[]> {
  const start = Date.now()
  return Promise.all(
    Array.from({ length: count }, () =>
      limiter.acquire(bucket).then((slot) => {
        slot.answered()
        return Date.now() - start
      })
    )
  )
}

describe("HubRateLimiter", () => {
  it("lets `limit` requests through per window and holds the next one for the window", async () => {
    const limiter = new HubRateLimiter({ "GET /products": { limit: 3, windowMs: 200 } })
    const times = await sendTimes(limiter, "GET /products", 7)
    expect(times.slice(0, 3).every((t) => t < 50)).toBe(true)
    expect(times.slice(3, 6).every((t) => t >= 195 && t < 300)).toBe(true)
    expect(times[6]).toBeGreaterThanOrEqual(395)
  })

  it("keeps buckets apart", async () => {
    const limiter = new HubRateLimiter({ "GET /orders": { limit: 1, windowMs: 300 }, "PUT /products": { limit: 1, windowMs: 300 } })
    const [orders, products] = await Promise.all([sendTimes(limiter, "GET /orders", 1), sendTimes(limiter, "PUT /products", 1)])
    expect(orders[0]).toBeLessThan(50)
    expect(products[0]).toBeLessThan(50)
  })

  it("falls back to the default limit for an unlisted bucket", async () => {
    const limiter = new HubRateLimiter({ default: { limit: 2, windowMs: 200 } })
    const times = await sendTimes(limiter, "GET /statuses", 3)
    expect(times[1]).toBeLessThan(50)
    expect(times[2]).toBeGreaterThanOrEqual(195)
  })

  it("sends nothing on any bucket while a 429 pause is in force; the first caller of each bucket resumes as it ends", async () => {
    const limiter = new HubRateLimiter({ default: { limit: 100, windowMs: 1000 } })
    const start = Date.now()
    limiter.pause(start + 250)
    limiter.pause(start + 100) // never shortens the pause
    const times = await Promise.all(
      ["GET /orders", "PUT /products", "POST /orders"].map((bucket) => limiter.acquire(bucket).then((slot) => (slot.answered(), Date.now() - start)))
    )
    expect(Math.min(...times)).toBeGreaterThanOrEqual(245)
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(50)
  })
})

describe("HubRateLimiter: occupancy, ramp and adaptation", () => {
  it("a send still waiting for its answer keeps its slot; answered, the slot frees a window later", async () => {
    const limiter = new HubRateLimiter({ default: { limit: 1, windowMs: 200 } })
    const start = Date.now()
    const first = await limiter.acquire("GET /orders")
    const second = limiter.acquire("GET /orders").then((slot) => (slot.answered(), Date.now() - start))
    await new Promise((resolve) => setTimeout(resolve, 300))
    const answeredAt = Date.now() - start
    first.answered()
    expect(await second).toBeGreaterThanOrEqual(answeredAt + 195)
  })

  it("after a pause, the callers of one bucket resume paced over a window, not all at once", async () => {
    const limiter = new HubRateLimiter({ default: { limit: 4, windowMs: 400 } })
    const start = Date.now()
    limiter.pause(start + 100)
    const times = await sendTimes(limiter, "PUT /products", 4)
    times.forEach((time, i) => expect(time).toBeGreaterThanOrEqual(100 + i * 100 - 5))
  })

  it("without adaptation they resume together, as before", async () => {
    const limiter = new HubRateLimiter({ default: { limit: 4, windowMs: 400 } }, { adaptive: false })
    limiter.pause(Date.now() + 100)
    const times = await sendTimes(limiter, "PUT /products", 4)
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(50)
  })

  it("a 429 lowers the bucket's effective limit once per overshoot, shown beside the configured one", async () => {
    const limiter = new HubRateLimiter({ "PUT /products": { limit: 9, windowMs: 1000 } })
    const slots = await Promise.all([1, 2].map(() => limiter.acquire("PUT /products")))
    slots.forEach((slot) => slot.answered())
    await limiter.refused(slots[0], Date.now() + 10)
    await limiter.refused(slots[1], Date.now() + 10)
    expect(limiter.limitFigures()["PUT /products"]).toEqual({ windowMs: 1000, configured: 9, effective: 6 })
    expect(limiter.limitFigures()["GET /orders"]).toBeUndefined()
    expect(limiter.limitFigures()["default"]).toBeUndefined()
  })
})
