import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HubInvalidRequestError, HubRejectedError, isHubError } from "../../../hub-client"
import { HUB_MODULE } from "../../../modules/hub"
import type { ClaimedStockChange, StockPushOutcome } from "../../../modules/hub/models/hub-stock-change"
import type HubModuleService from "../../../modules/hub/service"
import { loadAvailableQuantities } from "../../../queries/available-quantities"

export type StockPushSummary = { claimed: number; sent: number; rejected: number; failed: number; nextDueInMs: number | null }

/**
 * Sends each claimed SKU as `PUT /products/{sku}` with only `qty` (docs/hub-interface.md §4 rule 2)
 * and records the outcome on the row as soon as it is known. The quantity sent is Medusa's available
 * quantity read now, when the push leaves, not the one recorded with the change: a row only says
 * *that* a SKU must be pushed, so no push carries a value older than its send (a store whose stock
 * was written by a script, whose events were read before the levels existed, is still pushed right).
 * The client throttles, waits out 429s and retries 5xx and network faults (a PUT sets a value, so
 * repeating it is safe); what is left to decide here is what an error means for the row.
 */
export const pushStockChangesStep = createStep(
  "hub-push-stock-changes",
  async (claimed: ClaimedStockChange[], { container }) => {
    const hub: HubModuleService = container.resolve(HUB_MODULE)
    const summary: StockPushSummary = { claimed: claimed.length, sent: 0, rejected: 0, failed: 0, nextDueInMs: null }
    const availableNow = claimed.length ? await loadAvailableQuantities(container, { skus: claimed.map((change) => change.sku) }) : new Map()
    await Promise.all(
      claimed.map(async (claimedChange) => {
        // A SKU Medusa no longer computes (variant gone, inventory unmanaged) keeps its last reading.
        const change = { ...claimedChange, availableQuantity: availableNow.get(claimedChange.sku) ?? claimedChange.availableQuantity }
        const outcome = await push(hub, change)
        summary[outcome.kind === "sent" ? "sent" : outcome.kind === "rejected" ? "rejected" : "failed"]++
        await hub.completeStockPush(change, outcome)
      })
    )
    summary.nextDueInMs = await hub.nextStockChangeDueInMs()
    return new StepResponse(summary)
  }
)

async function push(hub: HubModuleService, change: ClaimedStockChange): Promise<StockPushOutcome> {
  try {
    await hub.client.updateProduct(change.sku, { qty: change.availableQuantity })
    return { kind: "sent" }
  } catch (error) {
    if (error instanceof HubRejectedError) {
      return { kind: "rejected", status: error.status ?? 400, hubMessage: error.hubMessage, sent: !error.repeated }
    }
    // Refused by the client before sending: resending the same quantity cannot help either.
    if (error instanceof HubInvalidRequestError) {
      return { kind: "rejected", status: null, hubMessage: error.message, sent: false }
    }
    // A 429 outlasting the client's retries, the hub unavailable after them, or a 2xx answer that
    // could not be read: the quantity goes again after a delay (a PUT is safe to repeat).
    if (isHubError(error)) {
      return { kind: "failed", status: error.status, reason: error.message }
    }
    throw error
  }
}
