import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { type ListedHubOrder, parseHubOrder } from "../hub-client"
import { toMedusaOrder } from "../mapping/hub-order"
import { hubOrderOutOfBounds } from "../mapping/hub-order-bounds"
import { maskPersonalData } from "../mapping/personal-data"
import { type HubOrderPlan, type HubOrderRecordState, planHubOrder, type SeenHubOrder, seenHubOrder } from "../mapping/plan-hub-order"
import { HUB_MODULE } from "../modules/hub"
import { HubEvents } from "../modules/hub/events"
import type HubModuleService from "../modules/hub/service"
import { resolveHubOrderTarget, type ResolvedHubOrderTarget } from "../queries/hub-order-target"
import { variantsBySku } from "../queries/variants-by-sku"
import type { Lease } from "./lock"
import { followHubOrderWorkflow } from "../workflows/hub-orders/follow-hub-order"
import { importHubOrderWorkflow } from "../workflows/hub-orders/import-hub-order"
import { refreshHubStatusesWorkflow } from "../workflows/hub-orders/refresh-hub-statuses"

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
 * One import run, whichever way it reads the hub (the orders listing or the order queue): its
 * record, and what it does with each hub order it reads: `planHubOrder` decides, one workflow
 * carries it out, a bad order is set aside with its reason and never stops the others.
 */
export class ImportRun {
  private readonly counts = { seen: 0, imported: 0, updated: 0, set_aside: 0 }
  private readonly startedAt = Date.now()
  private catalogue = new Map<string, string>()
  private readonly unsettled = new Set<string>()
  private target?: ResolvedHubOrderTarget

  private constructor(
    private readonly container: MedusaContainer,
    private readonly hubModule: HubModuleService,
    private readonly logger: Logger,
    private readonly runId: string,
    private readonly intake: "listing" | "queue",
    private readonly lease: Lease
  ) {}

  /** Records the run's start, so the admin sees it even if it ends at once. */
  static async begin(container: MedusaContainer, intake: "listing" | "queue", lease: Lease): Promise<ImportRun> {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const run = await hubModule.createHubImportRuns({ started_at: new Date(), intake })
    return new ImportRun(container, hubModule, container.resolve(ContainerRegistrationKeys.LOGGER), run.id, intake, lease)
  }

  /** Reads the hub's status catalogue (code -> type) and where orders land; returns the catalogue. */
  async prepare(): Promise<ReadonlyMap<string, string>> {
    const { result: statuses } = await refreshHubStatusesWorkflow(this.container).run()
    this.catalogue = new Map(Object.entries(statuses))
    this.target = await resolveHubOrderTarget(this.container, this.hubModule.hubOptions)
    return this.catalogue
  }

  /**
   * Handles hub orders as read (the store's records come one query per batch). Resolves once each
   * one's effect is committed; rejects only when the store itself fails (a set-aside cannot be written).
   */
  async handle(listedOrders: ListedHubOrder[]): Promise<void> {
    if (!listedOrders.length) return
    this.counts.seen += listedOrders.length
    const records = await this.hubModule.listHubOrders({ code: listedOrders.map((listed) => listed.code) }, { take: null })
    const recordsByCode = new Map(records.map((record) => [record.code, record as HubOrderRecordState]))
    // `importConcurrency` orders at a time: one's database waits are another's work. Each order stays
    // under its own lock and claim, and reservations under their inventory items' locks.
    const waiting = [...listedOrders]
    const lane = async () => {
      for (let listed = waiting.shift(); listed; listed = waiting.shift()) {
        // The run's lock lost: not one more order (the driver ends the run with the reason).
        if (!(await this.lease.confirm())) return
        const seen = seenHubOrder(listed, this.catalogue)
        try {
          await this.handleOne(listed, seen, recordsByCode.get(listed.code))
        } catch (caught) {
          await this.setAside(seen, `import failed: ${describe(caught)}`)
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(this.hubModule.hubOptions.importConcurrency, waiting.length) }, lane))
  }

  /**
   * Whether a hub order this run handled is still being imported by another run (the listing and the
   * queue read the same orders): not committed, so the queue must not acknowledge it yet.
   */
  isUnsettled(code: string): boolean {
    return this.unsettled.has(code)
  }

  /** Writes the run's record and logs its summary; `failure` is why it ended early, if it did. */
  async finish(failure: unknown | null, { drained = false }: { drained?: boolean } = {}): Promise<OrderImportSummary> {
    const error = failure === null ? null : maskPersonalData(describe(failure))
    if (error) this.logger.warn(`hub: order import (${this.intake}) ended early: ${error}`)
    const durationMs = Date.now() - this.startedAt
    await this.hubModule.updateHubImportRuns({ id: this.runId, finished_at: new Date(), duration_ms: durationMs, error, drained, ...this.counts })
    const summary = { runId: this.runId, ...this.counts, durationMs, error }
    this.logger.info(
      `hub: order import (${this.intake}): ${summary.seen} seen, ${summary.imported} imported, ${summary.updated} updated, ${summary.set_aside} set aside in ${durationMs} ms`
    )
    return summary
  }

  private async handleOne(listed: ListedHubOrder, seen: SeenHubOrder, record: HubOrderRecordState | undefined) {
    const plan = planHubOrder(seen, record)
    if (plan.action === "import") return this.importNew(listed, seen)
    if (plan.action === "follow") {
      await this.follow(record!, seen, plan)
      if (plan.applyStatus) this.counts.updated++
    }
  }

  private async importNew(listed: ListedHubOrder, seen: SeenHubOrder) {
    const target = this.target!
    const parsed = parseHubOrder(listed)
    if (!parsed.ok) return this.setAside(seen, `the hub order is malformed: ${parsed.reason}`)
    if (seen.statusType === "UNKNOWN") return this.setAside(seen, `the status code ${seen.statusCode} has no known type`)
    const outOfBounds = hubOrderOutOfBounds(parsed.hubOrder, { maxItemQuantity: this.hubModule.hubOptions.maxItemQuantity, countryCodes: target.countryCodes })
    if (outOfBounds) return this.setAside(seen, outOfBounds)

    const variants = await variantsBySku(this.container, parsed.hubOrder.items.map((item) => item.id))
    const mapped = toMedusaOrder(parsed.hubOrder, variants, target)
    if (!mapped.ok) return this.setAside(seen, mapped.reason)

    const claim = await this.hubModule.claimHubOrder(seen)
    if (!claim) {
      // Imported meanwhile, or another run holds it: then it is not done yet (see `isUnsettled`).
      const [record] = await this.hubModule.listHubOrders({ code: seen.code }, { select: ["import_state"] })
      if (record?.import_state === "importing") this.unsettled.add(seen.code)
      return
    }
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
    if (plan.action === "follow") await this.follow(imported, seen, plan)
  }

  /** The marketplace's move followed on an imported order, as the plan decided. */
  private async follow(record: HubOrderRecordState, seen: SeenHubOrder, plan: Extract<HubOrderPlan, { action: "follow" }>) {
    await followHubOrderWorkflow(this.container).run({
      input: { hubOrderId: record.id, orderId: record.order_id!, seen, plan, stockLocationId: this.target!.stockLocationId },
    })
  }

  /** Counted only when it really was set aside (never an order imported meanwhile); logged once per reason. */
  private async setAside(seen: SeenHubOrder, rawReason: string) {
    const reason = maskPersonalData(rawReason)
    const { setAside, newReason } = await this.hubModule.setHubOrderAside(seen, reason)
    if (setAside) this.counts.set_aside++
    if (newReason) {
      this.logger.warn(`hub: order ${seen.code} set aside: ${reason}`)
      await this.container.resolve(Modules.EVENT_BUS).emit({ name: HubEvents.ORDER_SET_ASIDE, data: { code: seen.code, reason } })
    }
  }
}

/**
 * An error's message for a set-aside reason or a run's error (hub errors are already free of
 * credentials). A workflow may throw a plain object with a message rather than an Error.
 */
function describe(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === "string" ? message : String(error)
}
