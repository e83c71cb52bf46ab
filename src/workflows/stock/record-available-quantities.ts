import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { STOCK_RECORD_LOCK } from "../../modules/hub/locks"
import type { StockSelector } from "../../queries/available-quantities"
import { computeAvailableQuantitiesStep } from "./steps/compute-available-quantities"
import { recordWantedStockStep } from "./steps/record-wanted-stock"

/** The SKUs to record, and the reconciliation that found them drifted on the hub, if one did. */
export type StockChanges = StockSelector & { reconciliationId?: string }

/**
 * A stock change in Medusa -> the outbox: computes the available quantity of the SKUs it
 * touches and records it for the flusher. Nothing is sent here, so a burst of changes to one
 * SKU collapses into its outbox row before any request leaves. Under the lock, a reading is
 * always written after the readings taken before it, so an older one never wins.
 */
export const recordAvailableQuantitiesWorkflow = createWorkflow(
  "hub-record-available-quantities",
  (changes: StockChanges) => {
    acquireLockStep({ key: STOCK_RECORD_LOCK, timeout: 30, retryInterval: 0.02, ttl: 60 })
    const wanted = computeAvailableQuantitiesStep(changes)
    const recorded = recordWantedStockStep({ wanted, reconciliationId: changes.reconciliationId })
    releaseLockStep({ key: STOCK_RECORD_LOCK })
    return new WorkflowResponse(recorded)
  }
)
