import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { STOCK_RECORD_LOCK } from "../../modules/hub/locks"
import type { HubProductField } from "../../mapping/hub-product"
import type { StockSelector } from "../../queries/hub-product-fields"
import { computeHubProductFieldsStep } from "./steps/compute-hub-product-fields"
import { recordWantedStockStep } from "./steps/record-wanted-stock"

/** The SKUs to record, and the reconciliation that found them drifted on the hub (with the fields, by SKU), if one did. */
export type StockChanges = StockSelector & { reconciliationId?: string; drifted?: Record<string, HubProductField[]> }

export const recordAvailableQuantitiesWorkflowId = "record-hub-available-quantities"

/**
 * A change in Medusa (stock, a variant, a product, a price) -> the outbox: reads the fields the hub
 * should hold for the SKUs it touches and records them for the flusher. Nothing is sent here, so a burst of changes to one
 * SKU collapses into its outbox row before any request leaves. Under the lock, a reading is
 * always written after the readings taken before it, so an older one never wins.
 */
export const recordAvailableQuantitiesWorkflow = createWorkflow(
  recordAvailableQuantitiesWorkflowId,
  (changes: StockChanges) => {
    acquireLockStep({ key: STOCK_RECORD_LOCK, timeout: 30, retryInterval: 0.02, ttl: 60 })
    const wanted = computeHubProductFieldsStep(changes)
    const recorded = recordWantedStockStep({ wanted, reconciliationId: changes.reconciliationId, drifted: changes.drifted })
    releaseLockStep({ key: STOCK_RECORD_LOCK })
    return new WorkflowResponse(recorded)
  }
)
