import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { HUB_DAY_MS, HUB_PAGE_SIZE, type ListedHubOrder, parseHubOrder } from "../hub-client"
import { toMedusaOrder } from "../mapping/hub-order"
import { hubOrderOutOfBounds } from "../mapping/hub-order-bounds"
import { IMPORTED_STATUS_TYPES } from "../mapping/hub-status"
import { maskPersonalData } from "../mapping/personal-data"
import { type HubOrderRecordState, planHubOrder, type SeenHubOrder, seenHubOrder } from "../mapping/plan-hub-order"
import { HUB_MODULE } from "../modules/hub"
import { ORDER_IMPORT_LOCK } from "../modules/hub/locks"
import type HubModuleService from "../modules/hub/service"
import { resolveHubOrderTarget, type ResolvedHubOrderTarget } from "../queries/hub-order-target"
import { variantsBySku } from "../queries/variants-by-sku"
import { followHubOrderWorkflow } from "../workflows/hub-orders/follow-hub-order"
import { importHubOrderWorkflow } from "../workflows/hub-orders/import-hub-order"
import { refreshHubStatusesWorkflow } from "../workflows/hub-orders/refresh-hub-statuses"
import { whileHolding } from "./lock"
import { perApplication } from "./per-application"

export type OrderImportSummary = {
  runId: string
  seen: number
  imported: number
  updated: number
  set_aside: number
  durationMs: number
  error: string | null
}

/**
 * One run of the order import: reads the hub's NEW, APPROVED and CANCELED orders of the look-back
 * window and, per hub order, does what `planHubOrder` decides (import it, or follow the
 * marketplace's move) through one workflow. Every `importUnfilteredEveryMinutes` (and first in each
 * process) the listing has no status filter, so an order in a status the catalogue does not know is
 * set aside with the reason, visible to the merchant, instead of never being read. One run at a time across the store's processes (null
 * when another holds the lock); one bad order is set aside with its reason and never stops the others.
 */
/** When this process last read the look-back window without a status filter. */
const unfilteredListing = perApplication(() => ({ lastAt: Number.NEGATIVE_INFINITY }))

export function runOrderImport(container: MedusaContainer, now = new Date()): Promise<OrderImportSummary | null> {
  return whileHolding(container, ORDER_IMPORT_LOCK, () => new OrderImportRun(container).run(now))
}

class OrderImportRun {
  private readonly hubModule: HubModuleService
  private readonly logger: Logger
  private readonly counts = { seen: 0, imported: 0, updated: 0, set_aside: 0 }

  constructor(private readonly container: MedusaContainer) {
    this.hubModule = container.resolve(HUB_MODULE)
    this.logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  }

  async run(now: Date): Promise<OrderImportSummary> {
    const startedAt = Date.now()
    const run = await this.hubModule.createHubImportRuns({ started_at: new Date(startedAt) })
    let error: string | null = null
    const read: ListedHubOrder[] = []
    let handleRead = async () => {}
    try {
      const { result: statuses } = await refreshHubStatusesWorkflow(this.container).run()
      const catalogue = new Map(Object.entries(statuses))
      const statusCodes = [...catalogue].filter(([, type]) => (IMPORTED_STATUS_TYPES as readonly string[]).includes(type)).map(([code]) => code)
      const target = await resolveHubOrderTarget(this.container, this.hubModule.hubOptions)
      handleRead = () => this.handleBatch(read.splice(0), catalogue, target)
      const startDate = new Date(now.getTime() - this.hubModule.hubOptions.importLookbackDays * HUB_DAY_MS)
      const every = this.hubModule.hubOptions.importUnfilteredEveryMinutes
      const listing = unfilteredListing(this.container)
      const unfiltered = every > 0 && now.getTime() - listing.lastAt >= every * 60_000
      for await (const listed of this.hubModule.client.allOrders({ statuses: unfiltered ? undefined : statusCodes, startDate })) {
        this.counts.seen++
        read.push(listed)
        if (read.length === HUB_PAGE_SIZE) await handleRead()
      }
      await handleRead()
      if (unfiltered) listing.lastAt = now.getTime()
    } catch (caught) {
      // The listing stopped (hub unreachable, cut short): what was read is done, the rest waits.
      error = maskPersonalData(describe(caught))
      this.logger.warn(`hub: order import ended early: ${error}`)
      await handleRead()
    }
    const durationMs = Date.now() - startedAt
    await this.hubModule.updateHubImportRuns({ id: run.id, finished_at: new Date(), duration_ms: durationMs, error, ...this.counts })
    const summary = { runId: run.id, ...this.counts, durationMs, error }
    this.logger.info(
      `hub: order import: ${summary.seen} seen, ${summary.imported} imported, ${summary.updated} updated, ${summary.set_aside} set aside in ${durationMs} ms`
    )
    return summary
  }

  /** The store's records come a page per query, not one per order. */
  private async handleBatch(listedOrders: ListedHubOrder[], catalogue: ReadonlyMap<string, string>, target: ResolvedHubOrderTarget) {
    if (!listedOrders.length) return
    const records = await this.hubModule.listHubOrders({ code: listedOrders.map((listed) => listed.code) }, { take: null })
    const recordsByCode = new Map(records.map((record) => [record.code, record as HubOrderRecordState]))
    for (const listed of listedOrders) {
      const seen = seenHubOrder(listed, catalogue)
      try {
        await this.handle(listed, seen, recordsByCode.get(listed.code), target)
      } catch (caught) {
        await this.setAside(seen, `import failed: ${describe(caught)}`)
      }
    }
  }

  private async handle(listed: ListedHubOrder, seen: SeenHubOrder, record: HubOrderRecordState | undefined, target: ResolvedHubOrderTarget) {
    const plan = planHubOrder(seen, record)
    if (plan.action === "import") return this.importNew(listed, seen, target)
    if (plan.action === "follow") {
      await followHubOrderWorkflow(this.container).run({
        input: { hubOrderId: record!.id, orderId: record!.order_id!, seen, plan, stockLocationId: target.stockLocationId },
      })
      if (plan.applyStatus) this.counts.updated++
    }
  }

  private async importNew(listed: ListedHubOrder, seen: SeenHubOrder, target: ResolvedHubOrderTarget) {
    const parsed = parseHubOrder(listed)
    if (!parsed.ok) return this.setAside(seen, `the hub order is malformed: ${parsed.reason}`)
    if (seen.statusType === "UNKNOWN") return this.setAside(seen, `the status code ${seen.statusCode} has no known type`)

    const outOfBounds = hubOrderOutOfBounds(parsed.hubOrder, { maxItemQuantity: this.hubModule.hubOptions.maxItemQuantity, countryCodes: target.countryCodes })
    if (outOfBounds) return this.setAside(seen, outOfBounds)

    const variants = await variantsBySku(this.container, parsed.hubOrder.items.map((item) => item.id))
    const mapped = toMedusaOrder(parsed.hubOrder, variants, target)
    if (!mapped.ok) return this.setAside(seen, mapped.reason)

    const claim = await this.hubModule.claimHubOrder(seen)
    if (!claim) return // imported meanwhile, or another run holds it
    let imported: HubOrderRecordState
    try {
      const { result } = await importHubOrderWorkflow(this.container).run({
        input: { hubOrderId: claim.id, hubOrderCode: seen.code, customer: mapped.customer, order: mapped.order, stockLocationId: target.stockLocationId },
        // One execution per claim: a retry of the same claim is the same transaction.
        context: { transactionId: `hub-order-import:${seen.code}:${claim.attempts}` },
      })
      imported = result as HubOrderRecordState
    } catch (caught) {
      return this.setAside(seen, `import failed: ${describe(caught)}`)
    }
    this.counts.imported++
    // Already approved or canceled when first seen: imported in that state.
    const plan = planHubOrder(seen, imported)
    if (plan.action === "follow") {
      await followHubOrderWorkflow(this.container).run({
        input: { hubOrderId: imported.id, orderId: imported.order_id!, seen, plan, stockLocationId: target.stockLocationId },
      })
    }
  }

  /** Counted only when it really was set aside (never an order imported meanwhile); logged once per reason. */
  private async setAside(seen: SeenHubOrder, rawReason: string) {
    const reason = maskPersonalData(rawReason)
    const { setAside, newReason } = await this.hubModule.setHubOrderAside(seen, reason)
    if (setAside) this.counts.set_aside++
    if (newReason) this.logger.warn(`hub: order ${seen.code} set aside: ${reason}`)
  }
}

/**
 * An error's message for a set-aside reason (hub errors are already free of credentials). A
 * workflow may throw a plain object with a message rather than an Error.
 */
function describe(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === "string" ? message : String(error)
}
