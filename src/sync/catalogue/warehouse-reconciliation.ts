import type { MedusaContainer } from "@medusajs/framework/types"
import type { HubAccount } from "../../modules/hub/hub-account"
import type { WantedSkuFields } from "../../modules/hub/types"
import { compareWarehouseStockPageWorkflow, recordWarehouseDriftWorkflow } from "../../workflows/catalogue/reconcile-warehouse-stock"
import type { Lease } from "../shared/lock"
import { catalogueFlusher } from "./catalogue-flusher"

/** SKUs read from Medusa per page of the walk: one read of their levels at every mapped location. */
export const WAREHOUSE_RECONCILIATION_PAGE = 500

/** One warehouse's part of a reconciliation: the SKUs compared, and those its CD did not hold (queued to be sent). */
export type WarehouseReconciliation = { code: string; seen: number; differing: number }

/**
 * The reconciliation of an account's other warehouses (as saved, else the option `warehouses`; docs/catalogue.md,
 * *Warehouses*), a part of `reconcileCatalogue` under its lock: walks the account's SKUs in SKU order, a
 * page at a time (memory stays flat; each page's stock one statement), comparing each mapped location's available quantity with what
 * its CD last took (the record publishes no read of a CD's stock). The drifted SKUs of each warehouse
 * are gathered and recorded `warehouseBatchSize` at a time into its outbox rows, so the account's
 * flusher (the one path a change takes, at the stores' limits within the account's budget) claims and
 * sends each batch whole: n drifted SKUs cost ceil(n / warehouseBatchSize) requests. What the hub
 * answers is settled on the rows by the push (a refusal kept with its words, a 429 waited out), never here.
 * `confirm`: false once the lock is lost; the walk stops there (what it recorded stands).
 */
export async function reconcileWarehouses(container: MedusaContainer, account: HubAccount, reconciliationId: string, lease: Pick<Lease, "confirm">): Promise<WarehouseReconciliation[] | "lock lost"> {
  const { options } = account
  const { warehouses } = await account.records.settings.warehouses()
  const figures = new Map(warehouses.map(({ code }) => [code, { code, seen: 0, differing: 0 }]))
  if (!figures.size) return []
  const gathered = new Map<string, WantedSkuFields[]>(warehouses.map(({ code }) => [code, []]))
  const flusher = catalogueFlusher(container, account)
  const record = async (code: string, drifted: WantedSkuFields[]) => {
    await recordWarehouseDriftWorkflow(container).run({ input: { account: account.id, reconciliationId, code, drifted } })
    flusher.request()
  }

  for (let after: string | null = null; ; ) {
    if (!(await lease.confirm())) return "lock lost"
    const { result } = await compareWarehouseStockPageWorkflow(container).run({ input: { account: account.id, after, limit: WAREHOUSE_RECONCILIATION_PAGE } })
    const { skus, warehouses: pages } = result
    for (const page of pages) {
      // A warehouse mapped while the walk went is left to the next reconciliation (a save starts one).
      const figure = figures.get(page.code)
      if (!figure) continue
      figure.seen += page.seen
      figure.differing += page.drifted.length
      const waiting = gathered.get(page.code)!
      waiting.push(...page.drifted)
      while (waiting.length >= options.warehouseBatchSize) await record(page.code, waiting.splice(0, options.warehouseBatchSize))
    }
    if (skus.length < WAREHOUSE_RECONCILIATION_PAGE) break
    after = skus[skus.length - 1]
  }
  for (const [code, waiting] of gathered) if (waiting.length) await record(code, waiting.splice(0))
  return [...figures.values()]
}
