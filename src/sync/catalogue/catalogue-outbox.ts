import type { MedusaContainer } from "@medusajs/framework/types"
import type { CatalogueChanges } from "../../workflows/catalogue/record-catalogue-changes"
import { catalogueFlusher } from "./catalogue-flusher"
import { catalogueChangeRecorder } from "./catalogue-recorder"

/*
 * The catalogue outbox's entry points. A change goes in through `queueCatalogueChange` (events, the
 * reconciliation); `flushCatalogueOutbox` sends what is due now (the safety-net job). Inside: the
 * recorder batches changes into the outbox in PostgreSQL, the flusher decides when to push it.
 */

/**
 * Records the available quantity of every SKU the change reaches in the outbox and, when one
 * changed, has it pushed once it is due. Resolves once the change is durable (a recording that
 * fails is tried again until it lands), with whether anything was queued.
 */
export async function queueCatalogueChange(container: MedusaContainer, changes: CatalogueChanges): Promise<boolean> {
  const queued = await catalogueChangeRecorder(container).record(changes)
  if (queued) catalogueFlusher(container).request()
  return queued
}

/** Pushes every due outbox row now; joins the flush already running in this process, if one is. */
export function flushCatalogueOutbox(container: MedusaContainer): Promise<void> {
  return catalogueFlusher(container).flush()
}
