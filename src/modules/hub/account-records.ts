import type { Context, DAL } from "@medusajs/framework/types"
import type { HourlyTraffic } from "../../hub-client"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import { withUntakenTraffic } from "../../mapping/hub-traffic"
import type { ClaimedHubOrder, SeenHubOrder } from "../../mapping/plan-hub-order"
import type { HubAccountOptions } from "./accounts"
import type { HubLeases } from "./leases"
import { HubPricePreviewRecords } from "./price-preview-records"
import { HubFreightRecords } from "./freight-records"
import { HubRunRecords } from "./run-records"
import { HubOrderMoveRecords } from "./move-records"
import { HubOrderRecords } from "./order-records"
import { HubCatalogueClaimRecords } from "./catalogue-claim-records"
import { HubDeliveryActionRecords } from "./delivery-action-records"
import { HubPublicationRecords } from "./publication-records"
import { HubSettingsRecords } from "./settings-records"
import { HubStatusRecords } from "./status-records"
import { HubMarketplaceRefusalRecords } from "./refusal-records"
import { HubSacRecords } from "./sac-records"
import { HubWarehouseReconciliationRecords } from "./warehouse-reconciliation-records"
import type { CatalogueFigures, WantedSkuFields } from "./models/hub-catalogue-change"
import type { HubRepositories } from "./repositories"
import type { ProductSkuRow } from "./repositories/hub-catalogue-change"
import type { ClaimedWarehouseStock, WarehouseStockSummary } from "./repositories/hub-warehouse-stock"
import type { SharedListedOrder, TakenListedOrder } from "./repositories/hub-listed-order"
import type { ShipByDue } from "./repositories/hub-order"
import type { OwnedHubSku } from "./repositories/hub-sku-owner"
import type { TrafficHour } from "./repositories/hub-traffic-hour"

/** How the records ask for rows: a filter and the read's options, as Medusa's generated `list*` take them. */
type ReadConfig = { select?: string[]; take?: number | null; order?: Record<string, "ASC" | "DESC"> }

/**
 * The generated reads (Medusa's `list*` of the module's models, the service's) the records filter by
 * their account, as far as they use them: written out here, so that the records need not know the service.
 */
type ModelReads = {
  listHubImportRuns(filters: { account: string; intake: "queue"; drained: true }, config: ReadConfig): Promise<Array<{ started_at: Date; finished_at: Date | null }>>
  listHubOrders(filters: { account: string; import_state: string[] }, config: ReadConfig): Promise<Array<{ created_at: Date }>>
}

export type OrderIntakeFigures = {
  mode: "listing" | "queue"
  /** The queue's depth cannot be read from the hub: when a queue run last found it empty. */
  queueLastEmptyAt: string | null
  /** When the store first saw the oldest hub order it has not reserved yet (being imported, or set aside). */
  oldestUnreservedSeenAt: string | null
}

/**
 * One hub account's records in this store (`hub.account(id).records`): every read and write here is of
 * that account's rows, timed by its own options, so no caller passes an account id and none can pass
 * the wrong one. What spans accounts (a claim token, a move, the store's figures) stays on the module's
 * service.
 */
export class HubAccountRecords {
  constructor(
    private readonly account: { readonly id: string; readonly options: HubAccountOptions },
    private readonly repositories: HubRepositories,
    private readonly reads: ModelReads,
    private readonly leases: HubLeases,
    /** The module's base repository: where `@InjectManager` takes a manager from. */
    protected readonly baseRepository_: DAL.RepositoryService
  ) {}

  // ---- The hub product pipeline: outbox rows (a SKU each; publications, a product each, are `publications`)

  /** Records the fields each SKU should have on the hub; returns how many SKUs were queued (each goes with its hub product's push). */
  @InjectManager()
  async recordWantedSkuFields(wanted: WantedSkuFields[], { reconciliationId }: { reconciliationId?: string } = {}, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    return (await this.repositories.outbox.record(this.account.id, wanted, reconciliationId ?? null, sharedContext)).length
  }

  /** Records each SKU's qty at one of the account's other warehouses (docs/catalogue.md, *Warehouses*); returns how many were queued. */
  @InjectManager()
  async recordWarehouseStock(warehouse: string, wanted: WantedSkuFields[], { reconciliationId }: { reconciliationId?: string } = {}, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    return (await this.repositories.outbox.record(this.account.id, wanted, reconciliationId ?? null, sharedContext, warehouse)).length
  }

  /** Claims up to `limit` due rows of one warehouse for `catalogueLeaseMs`, settled as any outbox row (`catalogueClaims.settleRow`). */
  @InjectManager()
  async claimWarehouseStock(warehouse: string, limit: number, @MedusaContext() sharedContext: Context = {}): Promise<ClaimedWarehouseStock[]> {
    return this.repositories.warehouseStock.claim(this.account.id, warehouse, limit, this.account.options, sharedContext)
  }

  /** Each of the account's other warehouses' rows waiting and refused, with the newest refusal (Settings → Marketplace hub). */
  @InjectManager()
  async warehouseStockSummary(@MedusaContext() sharedContext: Context = {}): Promise<WarehouseStockSummary[]> {
    const { warehouses } = await this.settings.warehouses(sharedContext)
    return this.repositories.warehouseStock.summary(this.account.id, warehouses.map(({ code }) => code), sharedContext)
  }

  /** Settles a warehouse batch the hub took, every row in one statement (hub-warehouse-stock.ts, `completeSent`). */
  @InjectManager()
  async completeWarehouseStockSent(sent: Array<{ claim: ClaimedWarehouseStock; qty: number }>, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.repositories.warehouseStock.completeSent(this.account.id, sent, sharedContext)
  }

  /** Milliseconds until the next row of a mapped warehouse is due (0: now), or null when nothing waits (a warehouse no longer mapped waits for nothing). */
  @InjectManager()
  async nextWarehouseStockDueInMs(@MedusaContext() sharedContext: Context = {}): Promise<number | null> {
    const { warehouses } = await this.settings.warehouses(sharedContext)
    return this.repositories.warehouseStock.nextDueInMs(this.account.id, warehouses.map(({ code }) => code), this.account.options, sharedContext)
  }

  /** Remembers SKUs a reconciliation found equal on the hub, with their variant and product. */
  @InjectManager()
  async rememberHubProducts(inSync: WantedSkuFields[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.repositories.outbox.remember(this.account.id, inSync, sharedContext)
  }

  /** The SKUs these variants or products last held on the hub (found again when they are deleted or renamed). */
  @InjectManager()
  async skusLastCarriedBy(holders: { variantIds: string[]; productIds: string[] }, @MedusaContext() sharedContext: Context = {}): Promise<string[]> {
    return this.repositories.outbox.skusLastCarriedBy(this.account.id, holders, sharedContext)
  }

  /** Which of these SKUs the account's outbox has a row of (at any warehouse): SKUs this store sold on its hub. */
  @InjectManager()
  async skusWithRows(skus: string[], @MedusaContext() sharedContext: Context = {}): Promise<Set<string>> {
    return this.repositories.outbox.skusWithRows(this.account.id, [...new Set(skus)], sharedContext)
  }

  /** One product's SKUs at the default warehouse, as wanted, as the hub took them, and when last sent (the product's card). */
  @InjectManager()
  async skusOfProduct(productId: string, @MedusaContext() sharedContext: Context = {}): Promise<ProductSkuRow[]> {
    return this.repositories.outbox.productSkus(this.account.id, productId, sharedContext)
  }

  /**
   * Takes the hub SKUs `skus` for `productId` before its hub is read or written, and answers the
   * other product of this store owning one of them, if any (src/modules/hub/repositories/hub-sku-owner.ts).
   */
  @InjectManager()
  async takeHubSkus(productId: string, skus: string[], options: { keepOthers: boolean }, @MedusaContext() sharedContext: Context = {}): Promise<OwnedHubSku | null> {
    return this.repositories.skuOwners.takeFor(this.account.id, productId, skus, options, sharedContext)
  }

  // ---- The catalogue's figures (its reconciliations begin and end in `runs`)

  /** How many SKUs wait to be pushed to the hub (a CD's waiting for the hub to hold its SKU does not). */
  @InjectManager()
  async catalogueBacklog(@MedusaContext() sharedContext: Context = {}): Promise<number> {
    return this.repositories.outbox.backlog(this.account.id, sharedContext)
  }

  /** A page of the SKUs the hub refused, or whose last push failed, newest first, and how many in all. */
  @InjectManager()
  async listSkusInError(page: { limit: number; offset: number }, @MedusaContext() sharedContext: Context = {}) {
    return this.repositories.reconciliations.skusInError(this.account.id, page, sharedContext)
  }

  /** A page of the SKUs whose price goes down in steps now (the hub refuses a cut of `priceCutLimitPercent` at once). */
  @InjectManager()
  async listPriceSteps(page: { limit: number; offset: number }, @MedusaContext() sharedContext: Context = {}) {
    const { priceCutLimitPercent, priceCutMarginPercent } = this.account.options
    // More than one step left: a cut larger than one step (the limit less its margin) from what the hub holds.
    const stepCut = priceCutLimitPercent - priceCutMarginPercent
    if (priceCutLimitPercent === 0 || stepCut <= 0) return { rows: [], count: 0 }
    return this.repositories.reconciliations.priceSteps(this.account.id, stepCut, page, sharedContext)
  }

  /** The catalogue sync's figures for the admin page. */
  @InjectManager()
  async catalogueFigures(@MedusaContext() sharedContext: Context = {}): Promise<CatalogueFigures & { account: string }> {
    const figures = await this.repositories.reconciliations.catalogueFigures(this.account.id, sharedContext)
    return { account: this.account.id, syncedFields: ["qty", ...this.account.options.catalogueFields], ...figures }
  }

  /**
   * Requests, 4xx and 429 per hour and endpoint over the last `hours` hours, from every process, with
   * `untaken` (this process's requests not recorded yet) added in: read, nothing recorded by reading.
   */
  @InjectManager()
  async hubTraffic(hours: number, untaken: HourlyTraffic[] = [], @MedusaContext() sharedContext: Context = {}): Promise<TrafficHour[]> {
    const recorded = await this.repositories.traffic.lastHours(this.account.id, hours, sharedContext)
    return withUntakenTraffic(recorded, untaken, hours)
  }

  // ---- Hub orders

  /** The other hub order of the account an NF-e key invoices already (the move repository's invoiceKeyHolder), or null. */
  @InjectManager()
  async hubOrderInvoicedWithKey(query: { hubOrderId: string; key: string }, @MedusaContext() sharedContext: Context = {}): Promise<string | null> {
    return this.repositories.moves.invoiceKeyHolder({ account: this.account.id, ...query }, sharedContext)
  }

  /** Claims a hub order for import; null when imported already or another run holds it (see the repository). */
  @InjectManager()
  async claimHubOrder(seen: SeenHubOrder, @MedusaContext() sharedContext: Context = {}): Promise<ClaimedHubOrder | null> {
    return this.repositories.orders.claim(this.account.id, seen, this.leases.importClaimMs, sharedContext)
  }

  /** Sets a hub order aside with the reason, to be tried again by a later run (never one imported already). */
  @InjectManager()
  async setHubOrderAside(seen: SeenHubOrder, reason: string, @MedusaContext() sharedContext: Context = {}): Promise<{ setAside: boolean; newReason: boolean }> {
    return this.repositories.orders.setAside(this.account.id, seen, reason, sharedContext)
  }

  /** The canceled hub orders a leaked-reservation check reads (see the repository): what changed, and a bounded sweep. */
  @InjectManager()
  async hubOrderLeakCandidates(sweep: number, @MedusaContext() sharedContext: Context = {}) {
    return this.repositories.orders.leakCandidates(this.account.id, sweep, sharedContext)
  }

  /** The orders still to be shipped whose dispatch deadline falls in `(after, until]`, soonest first (see the repository). */
  @InjectManager()
  async shipByDue(window: { after: Date; until: Date }, limit: number, @MedusaContext() sharedContext: Context = {}): Promise<ShipByDue[]> {
    return this.repositories.orders.shipByDue(this.account.id, window, limit, sharedContext)
  }

  /** Shares a run's listed orders among the workers (see the repository). */
  @InjectManager()
  async shareListedHubOrders(runId: string, shared: SharedListedOrder[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    return this.repositories.listed.share(this.account.id, runId, shared, sharedContext)
  }

  /** Takes up to `limit` listed orders for `leaseMs` (see the repository). */
  @InjectManager()
  async takeListedHubOrders(leaseMs: number, limit: number, @MedusaContext() sharedContext: Context = {}): Promise<TakenListedOrder[]> {
    return this.repositories.listed.take(this.account.id, leaseMs, limit, sharedContext)
  }

  /** How orders come in, what is known of the queue, and the oldest hub order not yet reserved. */
  async orderIntakeFigures(): Promise<OrderIntakeFigures> {
    const account = this.account.id
    const [[drained], [oldestUnreserved]] = await Promise.all([
      this.reads.listHubImportRuns({ account, intake: "queue", drained: true }, { order: { finished_at: "DESC" }, take: 1 }),
      this.reads.listHubOrders({ account, import_state: ["importing", "set_aside"] }, { order: { created_at: "ASC" }, take: 1 }),
    ])
    return {
      mode: this.account.options.orderIntake,
      queueLastEmptyAt: drained?.finished_at ? new Date(drained.finished_at).toISOString() : null,
      oldestUnreservedSeenAt: oldestUnreserved ? new Date(oldestUnreserved.created_at).toISOString() : null,
    }
  }

  /** The catalogue's hub products claimed, renewed, settled and freed (src/modules/hub/catalogue-claim-records.ts). */
  get catalogueClaims(): HubCatalogueClaimRecords {
    return new HubCatalogueClaimRecords(this.account, this.repositories, this.baseRepository_)
  }

  /** What the price preview reads of the account's catalogue (src/modules/hub/price-preview-records.ts). */
  get pricePreview(): HubPricePreviewRecords {
    return new HubPricePreviewRecords(this.account.id, this.repositories.pricePreview, this.repositories.outbox, this.baseRepository_)
  }

  /** What the reconciliation of the account's other warehouses reads (src/modules/hub/warehouse-reconciliation-records.ts). */
  get warehouseReconciliation(): HubWarehouseReconciliationRecords {
    return new HubWarehouseReconciliationRecords(this.account.id, this.repositories.warehouseStock, this.baseRepository_)
  }

  /** What the marketplaces refused after the hub took it (src/modules/hub/refusal-records.ts). */
  get marketplaceRefusals(): HubMarketplaceRefusalRecords {
    return new HubMarketplaceRefusalRecords(this.account.id, this.repositories.syncErrors, this.baseRepository_)
  }

  /** The marketplace's customer service, as the hub lists it (src/modules/hub/sac-records.ts). */
  get sac(): HubSacRecords {
    return new HubSacRecords(this.account.id, this.repositories.sacTickets, this.repositories.sacAnswers, this.repositories.sacInstances, this.baseRepository_)
  }

  /** The account's freight quotes: its route token, cached prices, answered quotes (src/modules/hub/freight-records.ts). */
  get freight(): HubFreightRecords {
    return new HubFreightRecords(this.account.id, this.repositories.freight, this.baseRepository_)
  }

  /** The merchant's settings: price rules, the field mapping, what the hub taught of "no sale" (src/modules/hub/settings-records.ts). */
  get settings(): HubSettingsRecords {
    return new HubSettingsRecords(this.account, this.repositories, this.baseRepository_)
  }

  /** The hub's status catalogue as last read (src/modules/hub/status-records.ts). */
  get statuses(): HubStatusRecords {
    return new HubStatusRecords(this.account.id, this.repositories.statuses, this.baseRepository_)
  }

  /** The products marked for the account's hub, the merchant's asks and the admin's reads of them (src/modules/hub/publication-records.ts). */
  get publications(): HubPublicationRecords {
    return new HubPublicationRecords(this.account, this.repositories.publications, this.baseRepository_)
  }

  /** The account's hub order records by their codes (src/modules/hub/order-records.ts). */
  get orders(): HubOrderRecords {
    return new HubOrderRecords(this.account.id, this.repositories.orders, this.baseRepository_)
  }

  /** The merchant's moves of the account's orders, as the order page and the runs that finish them read them (src/modules/hub/move-records.ts). */
  get moves(): HubOrderMoveRecords {
    return new HubOrderMoveRecords(this.account.id, this.repositories.moves, this.baseRepository_)
  }

  /** What the merchant did with the account's orders through the marketplace's delivery (src/modules/hub/delivery-action-records.ts). */
  get deliveryActions(): HubDeliveryActionRecords {
    return new HubDeliveryActionRecords(this.account.id, this.repositories.deliveryActions, this.baseRepository_)
  }

  /** The order import's runs and the catalogue's reconciliations, begun and ended (src/modules/hub/run-records.ts). */
  get runs(): HubRunRecords {
    return new HubRunRecords(this.account, this.repositories.importRuns, this.repositories.reconciliations, this.baseRepository_)
  }
}
