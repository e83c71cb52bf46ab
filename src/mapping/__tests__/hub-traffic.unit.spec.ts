import { withUntakenTraffic } from "../hub-traffic"

const row = (hour: string, endpoint: string, requests: number, clientErrors = 0, rateLimited = 0) => ({ hour, endpoint, requests, clientErrors, rateLimited })

describe("withUntakenTraffic", () => {
  const now = new Date("2026-12-02T10:20:00.000Z")

  it("adds a process's counts to the recorded hour and endpoint they belong to, and new ones beside them, in order", () => {
    const recorded = [row("2026-12-02T09:00:00.000Z", "GET /orders", 5, 1), row("2026-12-02T10:00:00.000Z", "GET /products/{sku}", 2)]
    const untaken = [row("2026-12-02T10:00:00.000Z", "GET /products/{sku}", 3, 1, 1), row("2026-12-02T10:00:00.000Z", "GET /orders", 1)]
    expect(withUntakenTraffic(recorded, untaken, 24, now)).toEqual([
      row("2026-12-02T09:00:00.000Z", "GET /orders", 5, 1),
      row("2026-12-02T10:00:00.000Z", "GET /orders", 1),
      row("2026-12-02T10:00:00.000Z", "GET /products/{sku}", 5, 1, 1),
    ])
    // The rows read are left as they were.
    expect(recorded[1]).toEqual(row("2026-12-02T10:00:00.000Z", "GET /products/{sku}", 2))
  })

  it("leaves out counts of hours before the window the rows were read over", () => {
    const untaken = [row("2026-12-02T08:00:00.000Z", "GET /orders", 4), row("2026-12-02T09:00:00.000Z", "GET /orders", 2)]
    expect(withUntakenTraffic([], untaken, 2, now)).toEqual([row("2026-12-02T09:00:00.000Z", "GET /orders", 2)])
  })
})
