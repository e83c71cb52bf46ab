import { SandboxHubError } from "../errors"
import { FaultInjector, FixedWindowRateLimiter, mulberry32, REFUSAL_CROSSING_MS, RequestLog } from "../traffic"

describe("sandbox hub traffic", () => {
  describe("mulberry32", () => {
    it("repeats the same sequence for the same seed, in [0, 1)", () => {
      const draws = (seed: number) => Array.from({ length: 5 }, mulberry32(seed))
      expect(draws(42)).toEqual(draws(42))
      expect(draws(42)).not.toEqual(draws(43))
      for (const value of draws(7)) {
        expect(value).toBeGreaterThanOrEqual(0)
        expect(value).toBeLessThan(1)
      }
    })
  })

  describe("FixedWindowRateLimiter", () => {
    it("allows `limit` requests per aligned window, then refuses until the next window", () => {
      const limiter = new FixedWindowRateLimiter({ "GET /statuses": { limit: 2, windowMs: 1000 } })
      expect(limiter.take("GET /statuses", 5_000)).toEqual({ allowed: true })
      expect(limiter.take("GET /statuses", 5_400)).toEqual({ allowed: true })
      expect(limiter.take("GET /statuses", 5_750)).toEqual({ allowed: false, retryAfterMs: 250 })
      // Window index = floor(now / windowMs): 5_999 is still window 5, 6_000 opens window 6.
      expect(limiter.take("GET /statuses", 5_999).allowed).toBe(false)
      expect(limiter.take("GET /statuses", 6_000).allowed).toBe(true)
    })

    it("counts each bucket on its own, with the published defaults and `default` for the rest", () => {
      const limiter = new FixedWindowRateLimiter({ default: { limit: 3, windowMs: 1000 } })
      // GET /orders keeps its published 1/s: a "default" does not override a named bucket.
      expect(limiter.take("GET /orders", 0).allowed).toBe(true)
      expect(limiter.take("GET /orders", 1).allowed).toBe(false)
      expect(limiter.take("GET /orders/{code}", 2).allowed).toBe(true)
      for (let i = 0; i < 9; i++) expect(limiter.take("GET /products", 3).allowed).toBe(true)
      expect(limiter.take("GET /products", 3).allowed).toBe(false)
      for (let i = 0; i < 3; i++) expect(limiter.take("POST /variations", 4).allowed).toBe(true)
      expect(limiter.take("POST /variations", 4).allowed).toBe(false)
    })

    it("setLimits merges over the defaults, not over earlier settings, and restarts the counts", () => {
      const limiter = new FixedWindowRateLimiter({ "GET /orders": { limit: 5, windowMs: 1000 } })
      expect(limiter.take("GET /orders", 0).allowed).toBe(true)
      const limits = limiter.setLimits({ "GET /statuses": { limit: 5, windowMs: 1000 } })
      expect(limits["GET /orders"]).toEqual({ limit: 1, windowMs: 1000 })
      expect(limiter.take("GET /orders", 1).allowed).toBe(true)
      expect(limiter.take("GET /orders", 2).allowed).toBe(false)
      expect(() => limiter.setLimits({ "GET /orders": { limit: 1, windowMs: 0 } })).toThrow(SandboxHubError)
    })
  })

  describe("FaultInjector", () => {
    it("with errorRate 1 every request errs (500 or 503); with dropRate 1 every one drops", () => {
      const errors = new FaultInjector({ errorRate: 1, latencyMs: 20 })
      for (let i = 0; i < 20; i++) {
        const fate = errors.next()
        expect(fate.drop).toBe(false)
        expect([500, 503]).toContain(fate.errorStatus)
        expect(fate.latencyMs).toBe(20)
      }
      const drops = new FaultInjector({ dropRate: 1 })
      for (let i = 0; i < 20; i++) expect(drops.next()).toEqual({ latencyMs: 0, drop: true })
      expect(new FaultInjector().next()).toEqual({ latencyMs: 0, drop: false })
    })

    it("replays the same fates for the same seed, and again after each setting", () => {
      const fates = (injector: FaultInjector) => Array.from({ length: 30 }, () => injector.next())
      const injector = new FaultInjector({ errorRate: 0.3, dropRate: 0.2, seed: 7 })
      const first = fates(injector)
      expect(fates(new FaultInjector({ errorRate: 0.3, dropRate: 0.2, seed: 7 }))).toEqual(first)
      injector.set({ errorRate: 0.3, dropRate: 0.2, seed: 7 })
      expect(fates(injector)).toEqual(first)
      expect(first.some((fate) => fate.drop)).toBe(true)
      expect(first.some((fate) => fate.errorStatus)).toBe(true)
      expect(first.some((fate) => !fate.drop && !fate.errorStatus)).toBe(true)
    })

    it("refuses rates outside [0, 1]", () => {
      expect(() => new FaultInjector({ errorRate: 1.5 })).toThrow("faults.errorRate")
    })
  })

  describe("RequestLog", () => {
    it("lists answered requests in arrival order and counts them by bucket and status", () => {
      const log = new RequestLog()
      const first = log.arrive({ at: 1, method: "GET", path: "/orders?page=1", bucket: "GET /orders" })
      const second = log.arrive({ at: 2, method: "GET", path: "/statuses", bucket: "GET /statuses" })
      second(429)
      expect(log.list().map((entry) => entry.at)).toEqual([2])
      first("dropped")
      expect(log.list()).toEqual([
        { at: 1, method: "GET", path: "/orders?page=1", bucket: "GET /orders", status: "dropped" },
        { at: 2, method: "GET", path: "/statuses", bucket: "GET /statuses", status: 429 },
      ])
      expect(log.counters()).toEqual({
        byBucket: { "GET /orders": 1, "GET /statuses": 1 },
        byStatus: { dropped: 1, "429": 1 },
        insideRefusalWindow: 0,
        crossingRefusal: 0,
      })
      log.clear()
      expect(log.list()).toEqual([])
    })

    it("counts the requests arriving after a 429 was answered until its counting window ends", () => {
      const log = new RequestLog()
      const request = (at: number) => log.arrive({ at, method: "PUT", path: "/products/A", bucket: "PUT /products" })(204)
      request(1_000)
      log.refused(1_200, 2_000)
      request(1_200) // in flight when the 429 was answered
      request(1_200 + REFUSAL_CROSSING_MS) // crossed it: sent before the client could read it
      request(1_500)
      request(1_999)
      request(2_000) // the next window
      expect(log.counters()).toMatchObject({ insideRefusalWindow: 2, crossingRefusal: 1 })
      log.clear()
      expect(log.counters()).toMatchObject({ insideRefusalWindow: 0, crossingRefusal: 0 })
    })
  })
})
