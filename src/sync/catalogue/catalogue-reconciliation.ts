import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { type HubProduct, HUB_PAGE_SIZE, hubOutcome } from "../../hub-client"
import type { ListedHubSku } from "../../workflows/catalogue/steps/compare-hub-stock"
import { HUB_MODULE } from "../../modules/hub"
import { accountInLog } from "../../modules/hub/accounts"
import { driverLock, CATALOGUE_RECONCILIATION_LOCK } from "../../modules/hub/locks"
import type { HubAccount } from "../../modules/hub/hub-account"
import type HubModuleService from "../../modules/hub/service"
import { createHash } from "node:crypto"
import { notifyMerchant } from "../../notifications/notify-merchant"
import { leakedReservations } from "../../queries/leaked-reservations"
import { compareHubStockPageWorkflow } from "../../workflows/catalogue/compare-hub-stock-page"
import { type Lease, LockLostError, whileHolding } from "../shared/lock"
import { queueCatalogueChange } from "./catalogue-outbox"
import { reconcileWarehouses, type WarehouseReconciliation } from "./warehouse-reconciliation"

export type CatalogueReconciliationResult = {
  id: string
  account: string
  seen: number
  differing: number
  unknown: number
  /** Canceled hub orders whose Medusa order still holds reserved stock (see `leakedReservations`). */
  leakedOrders: number
  /** Hub products the walk could not read (no SKU, no quantity): each named with its reason in the log, the others compared. */
  setAside: string[]
  /** Why the walk ended early: the products it did not see were left untouched. */
  error: string | null
  /** Each other warehouse's part (option `warehouses`), walked before the hub's products: warehouse-reconciliation.ts. */
  warehouses: WarehouseReconciliation[]
}

/**
 * A reconciliation of the account's hub: walks every hub product with the
 * `next` cursor and, a page at a time (so memory stays flat), compares its synced fields (qty and
 * the account's `catalogueFields`) with Medusa's for that account and queues each SKU that differs
 * in the account's outbox with the fields that drifted, credited to this reconciliation. Only
 * products actually read are compared: a walk cut short (hub unavailable, a 429 outlasting the
 * retries) changes nothing for the rest. Before it, each of the account's other warehouses is
 * walked in Medusa and its drifted SKUs queued in batches (warehouse-reconciliation.ts), sent while
 * the listing goes on. One at a time per account across the store's processes:
 * null when another one of that account is running.
 */
export function reconcileCatalogue(container: MedusaContainer, account: HubAccount): Promise<CatalogueReconciliationResult | null> {
  return whileHolding(container, driverLock(CATALOGUE_RECONCILIATION_LOCK, account.id), (lease) => walk(container, account, lease))
}

/** Whether this process has verified the account's hub since it started. */
function sinceBoot(container: MedusaContainer, account: HubAccount): { verified: boolean } {
  return container.resolve<HubModuleService>(HUB_MODULE).processPart(`reconciliation-since-boot:${account.id}`, () => ({ verified: false }))
}

/**
 * The scheduled entry (job `hub-reconcile-catalogue`, for each account): a reconciliation of the
 * account's hub when its `catalogueReconcileEveryMinutes` says one is due, and once after this process started, as soon as the outbox has drained, so stock
 * written while no Medusa listened (a script, an ERP import, a restart) is verified within minutes
 * instead of hours. `catalogueReconcileEveryMinutes: 0` turns both off. Null when none ran.
 */
export async function runScheduledReconciliation(container: MedusaContainer, account: HubAccount): Promise<CatalogueReconciliationResult | null> {
  const { options, records } = account
  const boot = sinceBoot(container, account)
  if (options.catalogueReconcileEveryMinutes === 0) return null
  const due = (await records.runs.isCatalogueReconciliationDue()) || (!boot.verified && (await records.catalogueBacklog()) === 0)
  if (!due) return null
  const result = await reconcileCatalogue(container, account)
  if (result && !result.error) boot.verified = true
  return result
}

async function walk(container: MedusaContainer, held: HubAccount, lease: Lease): Promise<CatalogueReconciliationResult> {
  const { id: account, products, options } = held
  const lock = driverLock(CATALOGUE_RECONCILIATION_LOCK, account)
  const result: CatalogueReconciliationResult = { id: await held.records.runs.beginCatalogueReconciliation(), account, seen: 0, differing: 0, unknown: 0, leakedOrders: 0, setAside: [], error: null, warehouses: [] }
  const comparePage = async (hubProducts: HubProduct[]) => {
    if (!hubProducts.length) return
    if (!(await lease.confirm())) throw new LockLostError(lock)
    const { result: page } = await compareHubStockPageWorkflow(container).run({ input: { account, reconciliationId: result.id, hubProducts } })
    result.seen += page.seen
    result.differing += page.differing
    result.unknown += page.unknown
    // Pushes start while the walk goes on; they use another rate-limit bucket than the listing.
    const skus = Object.keys(page.drifted)
    if (skus.length) await queueCatalogueChange(container, { account, skus, drifted: page.drifted, reconciliationId: result.id })
  }

  const page: ListedHubSku[] = []
  const setAside = result.setAside
  // The other warehouses are walked in Medusa first, alone: beside the hub's listing (whose pages are
  // compared through Medusa's modules, the process's CPU for minutes) their batches left at a third of
  // the stores' limit; walked first, at the limit, while the listing goes on (bench/warehouses.ts).
  const atWarehouses = reconcileWarehouses(container, held, result.id, lease).then((walked) => {
    if (walked === "lock lost") throw new LockLostError(lock)
    result.warehouses = walked
  })
  // Awaited below; until then a failure must not count as unhandled.
  atWarehouses.catch(() => undefined)
  try {
    await atWarehouses
    try {
      for await (const hubProduct of products.all((reasons) => setAside.push(...reasons))) {
        page.push(...listedSkus(hubProduct, options.productEndpoint))
        if (page.length >= HUB_PAGE_SIZE) await comparePage(page.splice(0))
      }
    } catch (error) {
      const outcome = hubOutcome(error)
      if (!outcome) throw error
      result.error = outcome.message
    }
    await comparePage(page)
    if (setAside.length) {
      const named = setAside.slice(0, 10).join("; ")
      container.resolve(ContainerRegistrationKeys.LOGGER).warn(`${accountInLog(account)} reconciliation: ${setAside.length} hub product${setAside.length > 1 ? "s" : ""} set aside, the rest compared (${named}${setAside.length > 10 ? "; ..." : ""})`)
    }
    // What the hub cannot see from its side: stock Medusa still keeps for canceled hub orders.
    const leaked = await leakedReservations(container, account)
    result.leakedOrders = leaked.length
    if (leaked.length) {
      const codes = leaked.map((order) => order.code).sort()
      await notifyMerchant(container, {
        account,
        cause: `leaks:${createHash("sha256").update(codes.join("\n")).digest("hex")}`,
        facts: { about: "leaks", codes },
      })
    }
  } catch (error) {
    if (error instanceof LockLostError) {
      result.error = error.message
      return result
    }
    result.error = "ended by an internal error (see the server log)"
    throw error
  } finally {
    // Never a walk of the warehouses left running once the reconciliation is over.
    await atWarehouses.catch(() => undefined)
    const warehouses = Object.fromEntries(result.warehouses.map(({ code, seen, differing }) => [code, { seen, differing }]))
    await held.records.runs.endCatalogueReconciliation(result.id, { error: result.error, leakedOrders: result.leakedOrders, warehouses })
  }
  return result
}

/**
 * The SKUs a listed product stands for: itself, or with `productEndpoint: variations` its children
 * when it lists them (the store pushes to the children; a parent without children is a SKU itself).
 */
function listedSkus(hubProduct: HubProduct, productEndpoint: "products" | "variations"): ListedHubSku[] {
  const listed = productEndpoint === "variations" && hubProduct.variations?.length ? hubProduct.variations : [hubProduct]
  return listed.map(({ sku, qty, price, promotional_price, status }) => ({ sku, qty, price, promotional_price, status }))
}
