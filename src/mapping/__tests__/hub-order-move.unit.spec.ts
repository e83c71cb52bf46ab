import {
  HubInvalidRequestError,
  HubInvalidResponseError,
  HubRateLimitedError,
  HubNotSentError,
  HubRefusedError,
  HubUnavailableError,
} from "../../hub-client"
import { moveOutcomeOfFailure } from "../hub-order-move"

const ENDPOINT = "POST /orders/{code}/invoice"

describe("moveOutcomeOfFailure", () => {
  it("records a refusal by the hub with its status and message, sent or not", () => {
    const refused = new HubRefusedError(ENDPOINT, 422, "Order status transition not allowed")
    expect(moveOutcomeOfFailure(refused, true)).toEqual({
      state: "refused",
      errorStatus: 422,
      error: expect.stringContaining("Order status transition not allowed"),
    })
    expect(moveOutcomeOfFailure(new HubRefusedError("GET /orders/{code}", 404, "Order not found"), false).state).toBe("refused")
  })

  it("records a request refused before sending as refused, never as unknown", () => {
    expect(moveOutcomeOfFailure(new HubInvalidRequestError(ENDPOINT, "shipment.items: at least one item"), true).state).toBe("refused")
    expect(moveOutcomeOfFailure(new HubNotSentError(ENDPOINT, "not on a production account"), true).state).toBe("refused")
  })

  it("records a sent write whose answer was lost or not understood as unknown", () => {
    for (const error of [
      new HubUnavailableError(ENDPOINT, "socket hang up", true),
      new HubInvalidResponseError(ENDPOINT, "status: required"),
      new Error("something unexpected after the request left"),
    ]) {
      expect(moveOutcomeOfFailure(error, true)).toEqual({ state: "unknown", error: expect.stringContaining("read before the next try") })
    }
  })

  it("records what surely did not reach the hub as failed, safe to try again", () => {
    expect(moveOutcomeOfFailure(new HubUnavailableError(ENDPOINT, "connection refused", false), true).state).toBe("failed")
    expect(moveOutcomeOfFailure(new HubRateLimitedError(ENDPOINT, Date.now() + 1000), true).state).toBe("failed")
    expect(moveOutcomeOfFailure(new HubUnavailableError("GET /orders/{code}", "timeout", true), false).state).toBe("failed")
  })
})
