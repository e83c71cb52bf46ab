import {
  HubDeepPagingError,
  HubIncompleteListingError,
  HubInvalidRequestError,
  HubInvalidResponseError,
  HubRateLimitedError,
  HubNotSentError,
  HubRefusedError,
  HubUnavailableError,
  hubOutcome,
  maskSecrets,
} from "../errors"

const MOVE = "POST /orders/{code}/shipments"

describe("hubOutcome: every hub error as what it means for its caller", () => {
  it("refused: the hub's 4xx in its words, sent; the same request refused again before leaving, with the hub's first answer", () => {
    const refused = new HubRefusedError(MOVE, 422, "Order status transition not allowed")
    expect(hubOutcome(refused)).toEqual({ kind: "refused", status: 422, hubMessage: "Order status transition not allowed", sent: true, message: refused.message })
    expect(hubOutcome(new HubRefusedError(MOVE, 422, "Order status transition not allowed", true))).toMatchObject({ kind: "refused", status: 422, hubMessage: "Order status transition not allowed", sent: false })
  })

  it("refused before leaving: our request invalid, or a call this account may not make (no status, no words of the hub's)", () => {
    const invalid = new HubInvalidRequestError(MOVE, "shipment.items: at least one item")
    expect(hubOutcome(invalid)).toEqual({ kind: "refused", status: null, hubMessage: null, sent: false, message: invalid.message })
    expect(hubOutcome(new HubNotSentError("POST /orders", "test orders only on a sandbox account"))).toMatchObject({ kind: "refused", status: null, hubMessage: null, sent: false })
  })

  it("throttled: the 429's pause, until when", () => {
    const until = Date.parse("2026-11-28T10:00:00Z")
    expect(hubOutcome(new HubRateLimitedError("GET /orders", until))).toMatchObject({ kind: "throttled", until: new Date(until) })
  })

  it("outcome_unknown: a POST whose answer was lost or not understood", () => {
    expect(hubOutcome(new HubUnavailableError(MOVE, "socket hang up", true))).toMatchObject({ kind: "outcome_unknown" })
    expect(hubOutcome(new HubInvalidResponseError(MOVE, "status: required"))).toMatchObject({ kind: "outcome_unknown" })
  })

  it("unavailable: no usable answer, and nothing a repeat would double (a read, a PUT, a request that never left)", () => {
    expect(hubOutcome(new HubUnavailableError(MOVE, "connection refused", false))).toMatchObject({ kind: "unavailable" })
    expect(hubOutcome(new HubUnavailableError("GET /orders/{code}", "the hub answered 503", false, 503))).toMatchObject({ kind: "unavailable" })
    expect(hubOutcome(new HubInvalidResponseError("GET /orders/{code}", "status: required"))).toMatchObject({ kind: "unavailable" })
    expect(hubOutcome(new HubInvalidResponseError("PUT /products/{sku}", "the body is not JSON"))).toMatchObject({ kind: "unavailable" })
  })

  it("incomplete: a listing not read whole", () => {
    expect(hubOutcome(new HubIncompleteListingError("GET /products", "maxProductPages"))).toMatchObject({ kind: "incomplete" })
    expect(hubOutcome(new HubDeepPagingError("GET /orders", "page past the hub's first 10000 entries"))).toMatchObject({ kind: "incomplete" })
  })

  it("null for what is not the hub's: the caller's own failure, thrown on", () => {
    expect(hubOutcome(new Error("database gone"))).toBeNull()
    expect(hubOutcome("text")).toBeNull()
    expect(hubOutcome(undefined)).toBeNull()
  })

  it("carries the error's own text, whose secrets the client masked before it was built", () => {
    const outcome = hubOutcome(new HubRefusedError("GET /orders", 401, maskSecrets("bad key s3cr3t", ["s3cr3t"])))
    expect(outcome?.message).toBe("The hub refused GET /orders with 401: bad key [redacted]")
    expect(JSON.stringify(outcome)).not.toContain("s3cr3t")
  })
})
