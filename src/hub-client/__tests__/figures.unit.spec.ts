import { HubFigures } from "../figures"

describe("HubFigures' hourly traffic", () => {
  afterEach(() => jest.useRealTimers())

  it("counts requests, 4xx and 429 per hour and endpoint, and hands each increment over once", () => {
    jest.useFakeTimers({ now: new Date("2026-11-22T13:59:59.000Z") })
    const figures = new HubFigures()
    figures.sent("GET /orders")
    figures.answered("GET /orders", 200)
    figures.sent("GET /orders")
    figures.answered("GET /orders", 429)
    jest.setSystemTime(new Date("2026-11-22T14:00:01.000Z"))
    figures.sent("GET /orders")
    figures.answered("GET /orders", 422)
    figures.sent("PUT /products/{sku}")
    figures.answered("PUT /products/{sku}", 503)

    expect(figures.takeHourly()).toEqual([
      { hour: "2026-11-22T13:00:00.000Z", endpoint: "GET /orders", requests: 2, clientErrors: 1, rateLimited: 1 },
      { hour: "2026-11-22T14:00:00.000Z", endpoint: "GET /orders", requests: 1, clientErrors: 1, rateLimited: 0 },
      { hour: "2026-11-22T14:00:00.000Z", endpoint: "PUT /products/{sku}", requests: 1, clientErrors: 0, rateLimited: 0 },
    ])
    expect(figures.takeHourly()).toEqual([])
  })

  it("takes back what a store could not record, added to what came since", () => {
    jest.useFakeTimers({ now: new Date("2026-11-22T14:10:00.000Z") })
    const figures = new HubFigures()
    figures.sent("GET /orders")
    const taken = figures.takeHourly()
    figures.sent("GET /orders")
    figures.answered("GET /orders", 429)
    figures.returnHourly(taken)
    expect(figures.takeHourly()).toEqual([
      { hour: "2026-11-22T14:00:00.000Z", endpoint: "GET /orders", requests: 2, clientErrors: 1, rateLimited: 1 },
    ])
  })
})

describe("HubFigures' failing spell", () => {
  afterEach(() => jest.useRealTimers())

  const failingOf = (figures: HubFigures) => figures.snapshot(0, { budget: "process", rateLimits: {} }).failing

  it("starts at the first 429, 5xx or unanswered request, goes on through the next ones, and ends at any other answer", () => {
    jest.useFakeTimers({ now: new Date("2026-11-22T14:00:00.000Z") })
    const figures = new HubFigures()
    figures.answered("GET /orders", 200)
    expect(failingOf(figures)).toBeNull()
    figures.answered("GET /orders", 503)
    jest.setSystemTime(new Date("2026-11-22T14:03:00.000Z"))
    figures.networkFault("GET /orders", "ECONNRESET")
    jest.setSystemTime(new Date("2026-11-22T14:06:00.000Z"))
    figures.answered("PUT /products/{sku}", 429)
    expect(failingOf(figures)).toEqual({ since: "2026-11-22T14:00:00.000Z", lastAt: "2026-11-22T14:06:00.000Z" })
    // A 4xx other than 429 is the hub answering: the spell is over.
    figures.answered("PUT /products/{sku}", 422)
    expect(failingOf(figures)).toBeNull()
  })
})
