import type { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../../modules/hub"
import type HubModuleService from "../../modules/hub/service"
import type { CatalogueChanges } from "../../workflows/catalogue/record-catalogue-changes"
import { catalogueFlusher } from "./catalogue-flusher"
import { catalogueChangeRecorder } from "./catalogue-recorder"

/*
 * The catalogue outbox's entry points. A change goes in through `queueCatalogueChange` (events, the
 * reconciliation); `flushCatalogueOutbox` sends what is due now (the safety-net job). Inside: the
 * recorder batches changes into the outbox in PostgreSQL (a row per SKU and hub account), each
 * account's flusher decides when to push its rows.
 */

/**
 * Records the available quantity of every SKU the change reaches in the outbox of every account
 * of the store (or of the one the change names) and, when one changed, has that account's flusher push it
 * once it is due. Resolves once the change is durable (a recording that fails is tried again until
 * it lands), with whether anything was queued.
 */
export async function queueCatalogueChange(container: MedusaContainer, changes: CatalogueChanges): Promise<boolean> {
  const queuedFor = await catalogueChangeRecorder(container).record(changes)
  for (const account of queuedFor) catalogueFlusher(container, account).request()
  return queuedFor.length > 0
}

/**
 * Pushes the named account's due outbox rows now, or every account's of the store at once when none is named;
 * joins each flush already running in this process.
 */
export async function flushCatalogueOutbox(container: MedusaContainer, account?: string): Promise<void> {
  const accounts = account ? [account] : container.resolve<HubModuleService>(HUB_MODULE).accounts.map(({ id }) => id)
  await Promise.all(accounts.map((id) => catalogueFlusher(container, id).flush()))
}
