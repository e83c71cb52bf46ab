import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { HubEvents } from "../../modules/hub/events"
import type { HubProductField } from "../../mapping/hub-product"
import type { HeldPriceSku } from "../../notifications/notice-texts"
import type { CatalogueSelector } from "../../queries/hub-product-fields"
import { computeHubProductFieldsStep, type AccountWantedSkuFields } from "./steps/compute-hub-product-fields"
import { recordWantedSkuFieldsStep } from "./steps/record-wanted-sku-fields"

/**
 * The SKUs to record, and the reconciliation that found them drifted on its account's hub (with the
 * fields, by SKU), if one did: then for that account alone, else for every account of the store.
 */
export type CatalogueChanges = CatalogueSelector & { account?: string; reconciliationId?: string; drifted?: Record<string, HubProductField[]> }

export const recordCatalogueChangesWorkflowId = "record-hub-catalogue-changes"

/** A recording's SKUs whose price the account's rules hold under their floor, or under one they could not read (`hub-price.held`). */
export type HeldPrices = { account: string; skus: HeldPriceSku[] }

/**
 * A change in Medusa (stock, a variant, a product, a price) -> the outbox: reads the fields each hub
 * account should hold for the SKUs it touches (one row per SKU and account) and records them for
 * the account's flusher. Nothing is sent here, so a
 * burst of changes to one SKU collapses into its outbox row before any request leaves.
 *
 * No lock: two recordings may write in either order, and an older reading may land last. That
 * costs at most one push that finds nothing to send, never a wrong quantity on the hub: a reading
 * that differs from the row leaves it pending, and a pending row's push reads Medusa again as it
 * leaves; a row is only `sent` with what a push read and the hub took, and a change recorded while
 * that push was in flight keeps it pending (its `version`). Every change's own reading is taken
 * after the change, so the last one recorded for a SKU is never lost. A store-wide lock here
 * stopped every event's handler behind a long reconciliation, and a handler that could not get it
 * in time dropped its change.
 */
export const recordCatalogueChangesWorkflow = createWorkflow(recordCatalogueChangesWorkflowId, (changes: CatalogueChanges) => {
  const readings = computeHubProductFieldsStep(changes)
  const recorded = recordWantedSkuFieldsStep({ readings, reconciliationId: changes.reconciliationId, drifted: changes.drifted })
  // A stock change (the hot path) holds no price: no step runs for it.
  const held = transform({ readings }, ({ readings }) => heldPrices(readings))
  when({ held }, ({ held }) => held.length > 0).then(() => {
    emitEventStep({ eventName: HubEvents.PRICE_HELD, data: held }).config({ name: "emit-held-prices" })
  })
  return new WorkflowResponse(recorded)
})

function heldPrices(readings: AccountWantedSkuFields[]): HeldPrices[] {
  return readings.flatMap(({ account, wanted }) => {
    const skus = wanted.flatMap(({ sku, priceHeldUnder, priceFloorUnreadable }): HeldPriceSku[] =>
      priceHeldUnder !== undefined ? [{ sku, floor: priceHeldUnder }] : priceFloorUnreadable !== undefined ? [{ sku, unreadable: priceFloorUnreadable }] : []
    )
    return skus.length ? [{ account, skus: skus.sort((a, b) => (a.sku < b.sku ? -1 : 1)) }] : []
  })
}
