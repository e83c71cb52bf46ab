import { Readable } from "node:stream"
import { AnswerTooLongError, cappedPauseUntil, MAX_TIMER_MS, readBounded, retryAfterMs, timerDelayMs } from "../bounds"
import { HubBudgetStore, MemoryBudgetStore, SharedBudgetState } from "../budget-store"
import { describeIssues, HubIncompleteListingError } from "../errors"
import { hubClientOptionsSchema } from "../options"
import { allProducts, HubPageReader } from "../paging"
import { HubLimiterClock, HubRateLimiter } from "../rate-limit"

/*
 * What the hub can make the client do, bounded (docs/production.md, "What the plugin bounds"). The
 * limiter's tests run on jest's fake clock, as rate-limit.unit.spec.ts does: times are the fake
 * clock's, never the machine's.
 */

const T0 = Date.UTC(2026, 0, 1, 12)
const DAY = 86_400_000
const CAP = 60_000

/** The fake clock's globals, and every delay a timer was armed with. */
function fakeClock(): HubLimiterClock & { armed: number[] } {
  const armed: number[] = []
  return {
    armed,
    now: () => Date.now(),
    sleep: (ms, signal) => {
      armed.push(ms)
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms)
        signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true })
      })
    },
    afterPendingIo: () => Promise.resolve(),
  }
}

/** A store as an older version (or one with a larger cap) left it: a pause stored 40 days ahead. */
class StoreWithOverlongPause implements HubBudgetStore {
  readonly shared = false
  private readonly inner = new MemoryBudgetStore(CAP)
  constructor(private pausedUntil: number) {}
  take: HubBudgetStore["take"] = (...args) => this.inner.take(...args)
  settle: HubBudgetStore["settle"] = (...args) => this.inner.settle(...args)
  replaceLimit: HubBudgetStore["replaceLimit"] = (...args) => this.inner.replaceLimit(...args)
  async pause(until: number): Promise<void> {
    this.pausedUntil = Math.max(this.pausedUntil, until)
  }
  async read(): Promise<SharedBudgetState> {
    return { pausedUntil: this.pausedUntil, limits: {} }
  }
  async close(): Promise<void> {}
}

describe("Retry-After, capped", () => {
  it("reads seconds and HTTP dates, never past the cap", () => {
    expect(retryAfterMs("2", T0, CAP)).toBe(2_000)
    expect(retryAfterMs("86400", T0, CAP)).toBe(CAP)
    expect(retryAfterMs(["9999999999"], T0, CAP)).toBe(CAP)
    expect(retryAfterMs(new Date(T0 + 30 * DAY).toUTCString(), T0, CAP)).toBe(CAP)
    expect(retryAfterMs(new Date(T0 + 5_000).toUTCString(), T0, CAP)).toBe(5_000)
    expect(retryAfterMs(new Date(T0 - 5_000).toUTCString(), T0, CAP)).toBe(0)
    expect(retryAfterMs("soon", T0, CAP)).toBeUndefined()
    expect(retryAfterMs("-3", T0, CAP)).toBeUndefined()
    expect(retryAfterMs(undefined, T0, CAP)).toBeUndefined()
  })

  it("a pause's end and a timer's delay stay within their bounds", () => {
    expect(cappedPauseUntil(T0 + DAY, T0, CAP)).toBe(T0 + CAP)
    expect(cappedPauseUntil(T0 + 10, T0, CAP)).toBe(T0 + 10)
    expect(cappedPauseUntil(Infinity, T0, CAP)).toBe(T0 + CAP)
    expect(timerDelayMs(40 * DAY)).toBe(MAX_TIMER_MS)
    expect(timerDelayMs(-5)).toBe(0)
  })
})

describe("the limiter after a 429 asking for a day", () => {
  let clock: ReturnType<typeof fakeClock>

  beforeEach(() => {
    jest.useFakeTimers({ now: T0 })
    clock = fakeClock()
  })

  afterEach(() => {
    jest.clearAllTimers()
    jest.useRealTimers()
  })

  it("sends again once the cap has passed, not a day later", async () => {
    const limiter = new HubRateLimiter({ default: { limit: 10, windowMs: 1_000 } }, { clock, maxPauseMs: CAP, adaptive: false })
    await limiter.pause(T0 + DAY)
    expect(limiter.pausedUntil).toBe(T0 + CAP)
    let leftAt: number | undefined
    void limiter.acquire("GET /orders").then((slot) => {
      leftAt = Date.now()
      slot.answered()
    })
    await jest.advanceTimersByTimeAsync(CAP - 1)
    expect(leftAt).toBeUndefined()
    await jest.advanceTimersByTimeAsync(1)
    expect(leftAt).toBe(T0 + CAP)
  })

  it("a pause already stored 40 days ahead is cut when read, and no timer is armed past 2^31-1 ms", async () => {
    const limiter = new HubRateLimiter({ default: { limit: 10, windowMs: 1_000 } }, {
      clock,
      maxPauseMs: CAP,
      adaptive: false,
      store: new StoreWithOverlongPause(T0 + 40 * DAY),
    })
    let leftAt: number | undefined
    void limiter.acquire("GET /orders").then((slot) => {
      leftAt = Date.now()
      slot.answered()
    })
    await jest.advanceTimersByTimeAsync(CAP)
    expect(leftAt).toBe(T0 + CAP)
    expect(Math.max(...clock.armed)).toBeLessThanOrEqual(MAX_TIMER_MS)
  })

  it("the store in memory keeps no pause longer than its cap, stored or read", async () => {
    const store = new MemoryBudgetStore(CAP)
    await store.pause(T0 + DAY, T0)
    expect((await store.read(T0)).pausedUntil).toBe(T0 + CAP)
    // A larger cap (another process's setting) stored a longer pause: cut to this one's where kept, so it ends once.
    const shared = new MemoryBudgetStore(DAY)
    await shared.pause(T0 + DAY, T0)
    const readAs = Object.assign(Object.create(MemoryBudgetStore.prototype), shared, { maxPauseMs: CAP }) as MemoryBudgetStore
    expect((await readAs.read(T0)).pausedUntil).toBe(T0 + CAP)
    expect((await readAs.read(T0 + 10_000)).pausedUntil).toBe(T0 + CAP)
  })
})

describe("an answer read within maxResponseBytes", () => {
  it("reads a body up to the cap, and cuts off a longer one after the cap, destroying it", async () => {
    expect(await readBounded(Readable.from([Buffer.from("{\"a\":"), Buffer.from("1}")]), 100)).toBe("{\"a\":1}")
    let produced = 0
    const endless = new Readable({
      read() {
        produced += 1024
        this.push(Buffer.alloc(1024, 32))
      },
    })
    await expect(readBounded(endless, 64 * 1024)).rejects.toThrow(AnswerTooLongError)
    expect(endless.destroyed).toBe(true)
    expect(produced).toBeLessThan(200 * 1024)
  })

  it("refuses a declared length past the cap without reading", async () => {
    const body = Readable.from([Buffer.from("x")])
    await expect(readBounded(body, 100, "50000000")).rejects.toThrow("declares 50000000 bytes, more than 100 (maxResponseBytes)")
    expect(body.destroyed).toBe(true)
  })
})

describe("a products walk whose `next` never ends", () => {
  it("stops after maxProductPages as incomplete, having yielded only what it read", async () => {
    let reads = 0
    const reader: HubPageReader = {
      listOrders: async () => ({ total: 0, orders: [] }),
      listProducts: async () => (reads++, { products: [{ sku: "SKU-0", qty: 1 }], next: "/products?cursor=0" }),
      followProductsCursor: async () => (reads++, { products: [{ sku: `SKU-${reads}`, qty: 1 }], next: `/products?cursor=${reads}` }),
    } as unknown as HubPageReader
    const seen: string[] = []
    const walk = (async () => {
      for await (const product of allProducts(reader, {}, 5)) seen.push(product.sku)
    })()
    await expect(walk).rejects.toThrow(HubIncompleteListingError)
    await expect(walk).rejects.toThrow("after 5 pages (maxProductPages)")
    expect(reads).toBe(5)
    expect(seen).toHaveLength(5)
  })
})

describe("the bounds' options", () => {
  const base = { baseUrl: "https://hub.example/v3", userEmail: "dev@store.example", apiKey: "k", accountManagerKey: "m" }

  it("default to 5 min, 8 MiB, 60 s and 10,000 pages", () => {
    expect(hubClientOptionsSchema.parse(base)).toMatchObject({
      rateLimitMaxPauseMs: 300_000,
      maxResponseBytes: 8 * 1_048_576,
      requestDeadlineMs: 60_000,
      maxProductPages: 10_000,
    })
  })

  it.each([
    ["rateLimitMaxPauseMs", 86_400_001],
    ["rateLimitMaxPauseMs", 10],
    ["maxResponseBytes", 10],
    ["requestDeadlineMs", "soon"],
    ["maxProductPages", 0],
  ])("refuse %s = %p, naming it", (field, value) => {
    const result = hubClientOptionsSchema.safeParse({ ...base, [field]: value })
    expect(result.success).toBe(false)
    expect(describeIssues(result.error!.issues)).toMatch(new RegExp(`^${field}: must be`))
  })
})
