import { HubLimiterClock, HubRateLimiter } from "../rate-limit"

/*
 * No real clock here: jest's modern fake timers replace Date.now and setTimeout, and the limiter
 * is handed a clock built on those globals. The tests move the fake clock step by step and check
 * which sends had left at each moment (times in ms after T0), so the outcome is the same however
 * loaded the machine is.
 */

const T0 = Date.UTC(2026, 0, 1, 12)

/** Reads the globals at each call: jest's fake ones while a test runs. */
const clock: HubLimiterClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      signal?.addEventListener(
        "abort",
        () => {
          clearTimeout(timer)
          resolve()
        },
        { once: true }
      )
    }),
  // No sockets here, so no I/O to read first: a turn of the microtask queue. (A fake setImmediate
  // would not do: jest's clock schedules a 0 ms timer set while it fires timers 1 ms later.)
  afterPendingIo: () => Promise.resolve(),
}

beforeEach(() => {
  jest.useFakeTimers({ now: T0 })
})

afterEach(() => {
  jest.clearAllTimers()
  jest.useRealTimers()
})

/** Moves the fake clock to T0 + `ms`, firing every timer due by then and the promises they settle. */
async function clockAt(ms: number): Promise<void> {
  const step = T0 + ms - Date.now()
  if (step < 0) throw new Error(`the fake clock is already past ${ms}`)
  await jest.advanceTimersByTimeAsync(step)
}

/**
 * Queues `count` sends of `bucket`, each answered the moment it leaves (its slot then frees one
 * window later). Returns the list, filled as they leave, of the times (ms after T0) at which they left.
 */
function send(limiter: HubRateLimiter, bucket: string, count: number, left: number[] = []): number[] {
  for (let i = 0; i < count; i++) {
    void limiter.acquire(bucket).then((slot) => {
      slot.answered()
      left.push(Date.now() - T0)
    })
  }
  return left
}

/**
 * Steps the fake clock through `expected` (the times at which the sends leave, ascending): 1 ms
 * before each of those times, only the sends due earlier have left; at it, those due then have too.
 */
async function expectLeaving(left: number[], expected: number[]): Promise<void> {
  for (const t of new Set(expected)) {
    if (t > 0) {
      await clockAt(t - 1)
      expect({ at: t - 1, left }).toEqual({ at: t - 1, left: expected.filter((e) => e < t) })
    }
    await clockAt(t)
    expect({ at: t, left }).toEqual({ at: t, left: expected.filter((e) => e <= t) })
  }
}

describe("HubRateLimiter", () => {
  it("lets `limit` requests through per window and holds the next one for the window", async () => {
    const limiter = new HubRateLimiter({ "GET /products": { limit: 3, windowMs: 200 } }, { clock })
    const left = send(limiter, "GET /products", 7)
    await expectLeaving(left, [0, 0, 0, 200, 200, 200, 400])
  })

  it("keeps buckets apart", async () => {
    const limiter = new HubRateLimiter(
      { "GET /orders": { limit: 1, windowMs: 300 }, "PUT /products": { limit: 1, windowMs: 300 } },
      { clock }
    )
    const orders = send(limiter, "GET /orders", 2)
    const products = send(limiter, "PUT /products", 2)
    await clockAt(0)
    // Each bucket's first send leaves at once, though the other bucket's limit is used up.
    expect({ orders, products }).toEqual({ orders: [0], products: [0] })
    await clockAt(299)
    expect({ orders, products }).toEqual({ orders: [0], products: [0] })
    await clockAt(300)
    expect({ orders, products }).toEqual({ orders: [0, 300], products: [0, 300] })
  })

  it("falls back to the default limit for an unlisted bucket", async () => {
    const limiter = new HubRateLimiter({ default: { limit: 2, windowMs: 200 }, "GET /orders": { limit: 9, windowMs: 200 } }, { clock })
    const left = send(limiter, "GET /statuses", 3)
    await expectLeaving(left, [0, 0, 200])
  })

  it("sends nothing on any bucket while a 429 pause is in force; the first caller of each bucket resumes as it ends", async () => {
    const limiter = new HubRateLimiter({ default: { limit: 100, windowMs: 1000 } }, { clock })
    void limiter.pause(T0 + 250)
    void limiter.pause(T0 + 100) // never shortens the pause
    const left: number[] = []
    for (const bucket of ["GET /orders", "PUT /products", "POST /orders"]) send(limiter, bucket, 1, left)
    await expectLeaving(left, [250, 250, 250])
  })
})

describe("HubRateLimiter: occupancy, ramp and adaptation", () => {
  it("a send still waiting for its answer keeps its slot; answered, the slot frees a window later", async () => {
    const limiter = new HubRateLimiter({ default: { limit: 1, windowMs: 200 } }, { clock })
    const first = limiter.acquire("GET /orders")
    const left = send(limiter, "GET /orders", 1)
    await clockAt(0)
    const slot = await first
    expect(slot.leftAt).toBe(T0)
    // Unanswered, the first send holds the only slot well past a window.
    await clockAt(300)
    expect(left).toEqual([])
    slot.answered()
    await expectLeaving(left, [500])
  })

  it("after a pause, the callers of one bucket resume paced over a window, not all at once", async () => {
    const limiter = new HubRateLimiter({ default: { limit: 4, windowMs: 400 } }, { clock })
    void limiter.pause(T0 + 100)
    const left = send(limiter, "PUT /products", 4)
    // One more every windowMs / limit after the pause ended.
    await expectLeaving(left, [100, 200, 300, 400])
  })

  it("without adaptation they resume together, as before", async () => {
    const limiter = new HubRateLimiter({ default: { limit: 4, windowMs: 400 } }, { adaptive: false, clock })
    void limiter.pause(T0 + 100)
    const left = send(limiter, "PUT /products", 4)
    await expectLeaving(left, [100, 100, 100, 100])
  })

  it("a 429 lowers the bucket's effective limit once per overshoot, shown beside the configured one", async () => {
    const limiter = new HubRateLimiter({ "PUT /products": { limit: 9, windowMs: 1000 } }, { clock })
    const acquired = Promise.all([1, 2].map(() => limiter.acquire("PUT /products")))
    await clockAt(0)
    const slots = await acquired
    slots.forEach((slot) => slot.answered())
    // Both answers are 429s, read 50 ms after the sends left: one overshoot, one lowering.
    await clockAt(50)
    await limiter.refused(slots[0], Date.now() + 10)
    await limiter.refused(slots[1], Date.now() + 10)
    expect(limiter.limitFigures()["PUT /products"]).toEqual({ windowMs: 1000, configured: 9, effective: 6 })
    expect(limiter.limitFigures()["GET /orders"]).toBeUndefined()
    expect(limiter.limitFigures()["default"]).toBeUndefined()
    // It recovers by one after 10 quiet windows (recoveryWindows' default), on the limiter's clock.
    await clockAt(50 + 9_999)
    expect(limiter.limitFigures()["PUT /products"].effective).toBe(6)
    await clockAt(50 + 10_000)
    expect(limiter.limitFigures()["PUT /products"].effective).toBe(7)
  })
})
