import { randomUUID } from "node:crypto"
import { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { isHubError, ListedHubOrder, parseHubOrder } from "../../hub-client"
import { MatchedVariant, toMedusaOrder } from "../../mapping/hub-order"
import { maskPersonalData } from "../../mapping/personal-data"
import { hubPayloadDigest, hubStatusTypeOf, IMPORTED_STATUS_TYPES } from "../../mapping/hub-status"
import { HUB_MODULE } from "../../modules/hub"
import HubModuleService from "../../modules/hub/service"
import { applyMarketplaceStatusWorkflow } from "./apply-marketplace-status"
import { resolveHubOrderTarget, ResolvedHubOrderTarget } from "./hub-order-target"
import { importHubOrderWorkflow } from "./import-hub-order"
import { recheckHubOrderStockWorkflow } from "./recheck-hub-order-stock"

export type HubOrderSyncSummary = {
  runId: string
  seen: number
  imported: number
  updated: number
  quarantined: number
  durationMs: number
  error: string | null
}

const SYNC_LOCK = "hub:order-sync"
/** Longer than any run: a process that dies holding the lock releases it by expiry. */
const SYNC_LOCK_EXPIRE_SECONDS = 30 * 60
const DAY_MS = 86_400_000
/** Listed orders handled per query of the store's records (the hub's page size). */
const RECORD_BATCH = 100

/**
 * One run of the order import: reads the hub's NEW, APPROVED and CANCELED orders of the
 * look-back window, imports each one not imported yet, and applies the marketplace's moves to
 * those already imported. One run at a time per lock; one bad order is set aside with its
 * reason and never stops the others. Returns null when another run holds the lock.
 */
export async function syncHubOrders(container: MedusaContainer, now = new Date()): Promise<HubOrderSyncSummary | null> {
  const locking = container.resolve(Modules.LOCKING)
  const logger: Logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const ownerId = randomUUID()
  try {
    await locking.acquire(SYNC_LOCK, { ownerId, expire: SYNC_LOCK_EXPIRE_SECONDS })
  } catch {
    logger.info("hub: an order import is already running; this run is skipped")
    return null
  }
  try {
    return await new HubOrderSync(container, logger).run(now)
  } finally {
    await locking.release(SYNC_LOCK, { ownerId })
  }
}

class HubOrderSync {
  private readonly hubModule: HubModuleService
  private readonly counts = { seen: 0, imported: 0, updated: 0, quarantined: 0 }

  constructor(private readonly container: MedusaContainer, private readonly logger: Logger) {
    this.hubModule = container.resolve(HUB_MODULE)
  }

  async run(now: Date): Promise<HubOrderSyncSummary> {
    const startedAt = Date.now()
    const run = await this.hubModule.createHubImportRuns({ started_at: new Date(startedAt) })
    let error: string | null = null
    const read: ListedHubOrder[] = []
    let syncRead = async () => {}
    try {
      const catalogue = await this.hubModule.refreshStatusCatalogue()
      const statusCodes = [...catalogue].filter(([, type]) => (IMPORTED_STATUS_TYPES as readonly string[]).includes(type)).map(([code]) => code)
      const target = await resolveHubOrderTarget(this.container, this.hubModule.hubOptions)
      syncRead = () => this.syncBatch(read.splice(0), catalogue, target)
      const startDate = new Date(now.getTime() - this.hubModule.hubOptions.importLookbackDays * DAY_MS)
      for await (const listed of this.hubModule.client.allOrders({ statuses: statusCodes, startDate })) {
        this.counts.seen++
        read.push(listed)
        if (read.length === RECORD_BATCH) await syncRead()
      }
      await syncRead()
    } catch (caught) {
      // The listing stopped (hub unreachable, cut short): what was read is done, the rest waits.
      error = maskPersonalData(describe(caught))
      this.logger.warn(`hub: order import ended early: ${error}`)
      await syncRead()
    }
    const durationMs = Date.now() - startedAt
    await this.hubModule.updateHubImportRuns({ id: run.id, finished_at: new Date(), duration_ms: durationMs, error, ...this.counts })
    const summary = { runId: run.id, ...this.counts, durationMs, error }
    this.logger.info(
      `hub: order import: ${summary.seen} seen, ${summary.imported} imported, ${summary.updated} updated, ${summary.quarantined} quarantined in ${durationMs} ms`
    )
    return summary
  }

  /** Every run reads the whole look-back window: the store's records come a batch per query, not one per order. */
  private async syncBatch(listedOrders: ListedHubOrder[], catalogue: ReadonlyMap<string, string>, target: ResolvedHubOrderTarget) {
    if (!listedOrders.length) return
    const records = await this.hubModule.listHubOrders({ code: listedOrders.map((listed) => listed.code) }, { take: null })
    const recordsByCode = new Map(records.map((record) => [record.code, record]))
    for (const listed of listedOrders) {
      await this.syncOne(listed, recordsByCode.get(listed.code), catalogue, target)
    }
  }

  private async syncOne(
    listed: ListedHubOrder,
    record: HubOrderRow | undefined,
    catalogue: ReadonlyMap<string, string>,
    target: ResolvedHubOrderTarget
  ) {
    const status = (listed.status ?? {}) as { code?: string; type?: string }
    const statusType = status.code ? hubStatusTypeOf({ code: status.code, type: status.type }, catalogue) : undefined
    const seen = {
      code: listed.code,
      channel: typeof listed.channel === "string" ? listed.channel : null,
      statusCode: status.code ?? "",
      statusType: statusType ?? "UNKNOWN",
      digest: hubPayloadDigest(listed),
    }
    try {
      if (record && (record.import_state === "imported" || record.import_state === "needs_stock")) {
        await this.followMarketplace(record, seen, target)
        return
      }
      await this.importNew(listed, seen, target)
    } catch (caught) {
      await this.quarantine(seen, `import failed: ${describe(caught)}`)
    }
  }

  private async importNew(listed: ListedHubOrder, seen: SeenOrder, target: ResolvedHubOrderTarget) {
    const parsed = parseHubOrder(listed)
    if (!parsed.ok) return this.quarantine(seen, `the hub order is malformed: ${parsed.reason}`)
    if (seen.statusType === "UNKNOWN") return this.quarantine(seen, `the status code ${seen.statusCode} has no known type`)

    const variantsBySku = await this.variantsBySku(parsed.hubOrder.items.map((item) => item.id))
    const mapped = toMedusaOrder(parsed.hubOrder, variantsBySku, target)
    if (!mapped.ok) return this.quarantine(seen, mapped.reason)

    const claim = await this.hubModule.claimHubOrder(seen)
    if (!claim) return // imported meanwhile, or another run holds it
    try {
      await importHubOrderWorkflow(this.container).run({
        input: {
          hubOrderId: claim.id,
          hubOrderCode: seen.code,
          customer: mapped.customer,
          order: mapped.order,
          stockLocationId: target.stockLocationId,
        },
        // One execution per claim: a retry of the same claim is the same transaction.
        context: { transactionId: `hub-order-import:${seen.code}:${claim.attempts}` },
      })
    } catch (caught) {
      return this.quarantine(seen, `import failed: ${describe(caught)}`)
    }
    this.counts.imported++
    const [record] = await this.hubModule.listHubOrders({ id: claim.id }, { take: 1 })
    // Already approved or canceled when first seen: imported in that state.
    await this.followMarketplace(record, seen, target, false)
  }

  /** Applies the marketplace's move (paid, canceled) and clears "needs stock" once restocked. */
  private async followMarketplace(
    record: HubOrderRow,
    seen: SeenOrder,
    target: ResolvedHubOrderTarget,
    countUpdate = true
  ) {
    if (!record.order_id) return
    if (record.status_code !== seen.statusCode) {
      await this.hubModule.updateHubOrders({ id: record.id, status_code: seen.statusCode, status_type: seen.statusType })
    }
    const move = seen.statusType === "APPROVED" || seen.statusType === "CANCELED" ? seen.statusType : undefined
    // A canceled order stays canceled whatever the listing says later.
    if (move && record.applied_status_type !== move && record.applied_status_type !== "CANCELED") {
      await applyMarketplaceStatusWorkflow(this.container).run({
        input: { hubOrderId: record.id, orderId: record.order_id, statusType: move },
      })
      if (countUpdate) this.counts.updated++
      if (move === "CANCELED") return
    }
    if (record.import_state === "needs_stock" && record.applied_status_type !== "CANCELED") {
      await recheckHubOrderStockWorkflow(this.container).run({
        input: { hubOrderId: record.id, orderId: record.order_id, stockLocationId: target.stockLocationId },
      })
    }
  }

  private async quarantine(seen: SeenOrder, rawReason: string) {
    const reason = maskPersonalData(rawReason)
    this.counts.quarantined++
    this.logger.warn(`hub: order ${seen.code} set aside: ${reason}`)
    await this.hubModule.quarantineHubOrder(seen, reason)
  }

  private async variantsBySku(skus: string[]): Promise<Map<string, MatchedVariant>> {
    const query = this.container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "product_variant",
      fields: ["id", "sku", "title", "product_id", "product.title"],
      filters: { sku: [...new Set(skus)] },
    })
    return new Map(
      data.map((variant) => [
        variant.sku as string,
        {
          id: variant.id,
          sku: variant.sku as string,
          title: variant.title as string,
          product_id: variant.product_id as string,
          product_title: (variant.product?.title ?? variant.title) as string,
        },
      ])
    )
  }
}

type HubOrderRow = { id: string; order_id: string | null; status_code: string; applied_status_type: string | null; import_state: string }

type SeenOrder = { code: string; channel: string | null; statusCode: string; statusType: string; digest: string }

/** An error's message for a quarantine reason; hub errors are already free of credentials. */
function describe(error: unknown): string {
  if (isHubError(error)) return error.message
  return error instanceof Error ? error.message : String(error)
}
