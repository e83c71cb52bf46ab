import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import type { HubClient, HubFiguresSnapshot, ListedHubOrder } from "../../hub-client"
import type { HubOrderMoveOutcome } from "../../mapping/hub-order-states"
import { errorText } from "../../mapping/error-text"
import type { ClaimedHubOrder, SeenHubOrder } from "../../mapping/plan-hub-order"
import {
  HubImportRun,
  HubOrder,
  HubOrderMove,
  HubProductPublication,
  HubStatusEntry,
  HubStockChange,
  HubStockPushHour,
  HubStockReconciliation,
  HubTrafficHour,
} from "./models"
import type { HubProductField } from "../../mapping/hub-product"
import type { ClaimedPublication, PublicationState } from "./models/hub-product-publication"
import type { ClaimedStockChange, StockPushOutcome, StockSyncFigures, WantedStock } from "./models/hub-stock-change"
import type { HubPluginOptions } from "./options"
import type {
  HubListedOrderRepository,
  HubOrderMoveRepository,
  HubOrderRepository,
  HubProductPublicationRepository,
  HubStockChangeRepository,
  HubStockReconciliationRepository,
  HubTrafficHourRepository,
} from "./repositories"
import type { ImportRunCounts, TakenListedOrder } from "./repositories/hub-listed-order"
import type { HubOrderClaimToken, ImportToRecord } from "./repositories/hub-order"
import type { ClaimedMoveRow, HubStatusAfterMove, MoveToClaim } from "./repositories/hub-order-move"
import type { TrafficHour } from "./repositories/hub-traffic-hour"
import type { PublicationOutcome } from "./repositories/hub-product-publication"

/** How often each process adds its hub client's hourly figures to the store's (a kill -9 loses at most this much). */
const TRAFFIC_RECORD_EVERY_MS = 30_000

type InjectedDependencies = {
  hubClient: HubClient
  hubOptions: HubPluginOptions
  hubOrderRepository: HubOrderRepository
  hubListedOrderRepository: HubListedOrderRepository
  hubOrderMoveRepository: HubOrderMoveRepository
  hubStockChangeRepository: HubStockChangeRepository
  hubProductPublicationRepository: HubProductPublicationRepository
  hubStockReconciliationRepository: HubStockReconciliationRepository
  hubTrafficHourRepository: HubTrafficHourRepository
  logger: { warn(message: string): void }
}

export type OrderIntakeFigures = {
  mode: "listing" | "queue"
  /** The queue's depth cannot be read from the hub: when a queue run last found it empty. */
  queueLastEmptyAt: string | null
  /** When the store first saw the oldest hub order it has not reserved yet (being imported, or set aside). */
  oldestUnreservedSeenAt: string | null
}

export type HubConnectionHealth = {
  hubOrigin: string
  sandbox: boolean
  figures: HubFiguresSnapshot
}

/**
 * The hub module's façade: the hub's records in this store (orders, moves, statuses, runs, the
 * stock outbox) with their custom SQL in `repositories/`, the validated plugin options, and the
 * process's one hub client. The service never calls the hub itself: steps and drivers do.
 */
export default class HubModuleService extends MedusaService({
  HubOrder,
  HubOrderMove,
  HubStatusEntry,
  HubImportRun,
  HubProductPublication,
  HubStockChange,
  HubStockPushHour,
  HubStockReconciliation,
  HubTrafficHour,
}) {
  readonly hubOptions: HubPluginOptions
  private readonly hubClient: HubClient
  private readonly orders: HubOrderRepository
  private readonly listed: HubListedOrderRepository
  private readonly moves: HubOrderMoveRepository
  private readonly outbox: HubStockChangeRepository
  private readonly publications: HubProductPublicationRepository
  private readonly reconciliations: HubStockReconciliationRepository
  private readonly traffic: HubTrafficHourRepository
  private readonly logger: InjectedDependencies["logger"]
  private trafficTimer: NodeJS.Timeout | undefined

  constructor(dependencies: InjectedDependencies) {
    super(...arguments)
    this.hubClient = dependencies.hubClient
    this.hubOptions = dependencies.hubOptions
    this.orders = dependencies.hubOrderRepository
    this.listed = dependencies.hubListedOrderRepository
    this.moves = dependencies.hubOrderMoveRepository
    this.outbox = dependencies.hubStockChangeRepository
    this.publications = dependencies.hubProductPublicationRepository
    this.reconciliations = dependencies.hubStockReconciliationRepository
    this.traffic = dependencies.hubTrafficHourRepository
    this.logger = dependencies.logger
  }

  /** Whether `catalogueFields` keeps a price field true on the hub (price events matter then). */
  get syncsPrices(): boolean {
    return this.hubOptions.catalogueFields.some((field) => field === "price" || field === "promotional_price")
  }

  /** The hub client, built from the validated options at boot and closed at shutdown. */
  get client(): HubClient {
    return this.hubClient
  }

  // ---- Hub orders

  /** Claims a hub order for import; null when imported already or another run holds it (see the repository). */
  @InjectManager()
  async claimHubOrder(seen: SeenHubOrder, @MedusaContext() sharedContext: Context = {}): Promise<ClaimedHubOrder | null> {
    return this.orders.claim(seen, sharedContext)
  }

  /** Renews the import claims these tokens still hold (see the repository); the ids still held. */
  @InjectManager()
  async renewHubOrderClaims(tokens: HubOrderClaimToken[], @MedusaContext() sharedContext: Context = {}): Promise<string[]> {
    return this.orders.renewClaims(tokens, sharedContext)
  }

  /** The hub orders among these tokens' whose import claim was taken over by another taker (or ended). */
  @InjectManager()
  async lostHubOrderClaims(tokens: HubOrderClaimToken[], @MedusaContext() sharedContext: Context = {}): Promise<string[]> {
    return this.orders.lostClaims(tokens, sharedContext)
  }

  /** Records hub orders imported, fenced by their claims' tokens: all or none (see the repository). */
  @InjectTransactionManager()
  async recordHubOrdersImported(
    rows: ImportToRecord[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    return this.orders.recordImported(rows, sharedContext)
  }

  /** Sets a hub order aside with the reason, to be tried again by a later run (never one imported already). */
  @InjectManager()
  async setHubOrderAside(
    seen: SeenHubOrder,
    reason: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ setAside: boolean; newReason: boolean }> {
    return this.orders.setAside(seen, reason, sharedContext)
  }

  /** The canceled hub orders a leaked-reservation check reads (see the repository): what changed, and a bounded sweep. */
  @InjectManager()
  async hubOrderLeakCandidates(sweep: number, @MedusaContext() sharedContext: Context = {}) {
    return this.orders.leakCandidates(sweep, sharedContext)
  }

  @InjectManager()
  async markHubOrderLeakChecked(cleanIds: string[], leakingIds: string[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    return this.orders.markLeakChecked(cleanIds, leakingIds, sharedContext)
  }

  // ---- Listed hub orders shared among workers (see the repository)

  @InjectManager()
  async shareListedHubOrders(runId: string, listed: ListedHubOrder[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    return this.listed.share(runId, listed, sharedContext)
  }

  @InjectManager()
  async takeListedHubOrders(leaseMs: number, limit: number, @MedusaContext() sharedContext: Context = {}): Promise<TakenListedOrder[]> {
    return this.listed.take(leaseMs, limit, sharedContext)
  }

  @InjectManager()
  async listedHubOrdersDone(handled: Array<{ id: string; counts: ImportRunCounts }>, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    return this.listed.done(handled, sharedContext)
  }

  @InjectManager()
  async pendingListedHubOrders(runId: string, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    return this.listed.pending(runId, sharedContext)
  }

  @InjectManager()
  async withdrawListedHubOrders(runId: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    return this.listed.withdraw(runId, sharedContext)
  }

  /** Ends an import run: its figures written, its own counts added to those its shared orders added. */
  @InjectManager()
  async finishHubImportRun(
    runId: string,
    run: { seen: number; duration_ms: number; error: string | null; drained: boolean },
    counts: ImportRunCounts,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<ImportRunCounts & { seen: number }> {
    return this.listed.finishRun(runId, run, counts, sharedContext)
  }

  /** Claims a merchant move; null while another claim of that move is live (a double click sends once). */
  @InjectManager()
  async claimHubOrderMove(
    move: MoveToClaim,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<ClaimedMoveRow | null> {
    return this.moves.claim(move, sharedContext)
  }

  /** Renews a move's claim while it is in flight; false once it was taken over or ended. */
  @InjectManager()
  async renewHubOrderMoveClaim(claim: { moveId: string; attempt: number }, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    return this.moves.renew(claim, sharedContext)
  }

  /** A page of the moves that need the merchant (refused, not sent, outcome unknown, not recorded in Medusa), newest first, and how many in all. */
  @InjectManager()
  async listHubOrderMovesNeedingMerchant(page: { limit: number; offset?: number }, @MedusaContext() sharedContext: Context = {}) {
    return this.moves.needingMerchant(page, sharedContext)
  }

  /**
   * Records how a move ended (and the status the hub order has now); with `fromState`, only from
   * that state; with `attempt`, only while that claim holds (see the repository).
   */
  @InjectTransactionManager()
  async finishHubOrderMove(
    moveId: string,
    outcome: HubOrderMoveOutcome,
    hubStatus: HubStatusAfterMove | null,
    { fromState, attempt }: { fromState?: "unknown"; attempt?: number } = {},
    @MedusaContext() sharedContext: Context = {}
  ): Promise<boolean> {
    return this.moves.finish(moveId, outcome, hubStatus, fromState ?? null, sharedContext, attempt ?? null)
  }

  /** Whether the queue's safety-net listing should run now: `queueListingEveryMinutes` since the last listing began. */
  async isQueueListingDue(now: Date): Promise<boolean> {
    const [lastRun] = await this.listHubImportRuns({ intake: "listing" }, { order: { started_at: "DESC" }, take: 1 })
    // A few seconds of slack so that an interval is not skipped by the tick's jitter.
    return !lastRun || now.getTime() - new Date(lastRun.started_at).getTime() >= this.hubOptions.queueListingEveryMinutes * 60_000 - 5_000
  }

  /** How orders come in, what is known of the queue, and the oldest hub order not yet reserved. */
  async orderIntakeFigures(): Promise<OrderIntakeFigures> {
    const [[drained], [oldestUnreserved]] = await Promise.all([
      this.listHubImportRuns({ intake: "queue", drained: true }, { order: { finished_at: "DESC" }, take: 1 }),
      this.listHubOrders({ import_state: ["importing", "set_aside"] }, { order: { created_at: "ASC" }, take: 1 }),
    ])
    return {
      mode: this.hubOptions.orderIntake,
      queueLastEmptyAt: drained?.finished_at ? new Date(drained.finished_at).toISOString() : null,
      oldestUnreservedSeenAt: oldestUnreserved ? new Date(oldestUnreserved.created_at).toISOString() : null,
    }
  }

  /** The status catalogue as last read from the hub (code -> type), without a request. */
  async storedStatusCatalogue(): Promise<Map<string, string>> {
    const known = await this.listHubStatusEntries({}, { take: null })
    return new Map(known.map((status) => [status.code, status.type]))
  }

  /** What the admin page shows: never a credential, only the hub's origin and the counters. */
  connectionHealth(): HubConnectionHealth {
    return {
      hubOrigin: new URL(this.hubOptions.baseUrl).origin,
      sandbox: this.hubOptions.sandbox,
      figures: this.hubClient.figures(),
    }
  }

  // ---- Stock outbox

  /** Records the available quantity each SKU should have on the hub; returns how many SKUs were queued. */
  @InjectManager()
  async recordWantedStock(
    wanted: WantedStock[],
    { reconciliationId }: { reconciliationId?: string } = {},
    @MedusaContext() sharedContext: Context = {}
  ): Promise<number> {
    return this.outbox.record(wanted, reconciliationId ?? null, sharedContext)
  }

  /** Remembers SKUs a reconciliation found equal on the hub, with their variant and product. */
  @InjectManager()
  async rememberHubProducts(inSync: WantedStock[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.outbox.remember(inSync, sharedContext)
  }

  /** The SKUs these variants or products last held on the hub (found again when they are deleted or renamed). */
  @InjectManager()
  async skusHeldBy(holders: { variantIds: string[]; productIds: string[] }, @MedusaContext() sharedContext: Context = {}): Promise<string[]> {
    return this.outbox.skusHeldBy(holders, sharedContext)
  }

  /** Claims up to `limit` due outbox rows for `stockLeaseMs`; two flushers never get the same row. */
  @InjectManager()
  async claimStockChanges(limit: number, @MedusaContext() sharedContext: Context = {}): Promise<ClaimedStockChange[]> {
    return this.outbox.claim(limit, this.hubOptions, sharedContext)
  }

  /** Milliseconds until the next pending row is due (0: now), or null when nothing is pending. */
  @InjectManager()
  async nextStockChangeDueInMs(@MedusaContext() sharedContext: Context = {}): Promise<number | null> {
    return this.outbox.nextDueInMs(this.hubOptions, sharedContext)
  }

  /** Records how the push of a claimed row ended, and counts it in its hour. */
  @InjectManager()
  async completeStockPush(claim: ClaimedStockChange, outcome: StockPushOutcome, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.outbox.complete(claim, outcome, this.hubOptions, sharedContext)
  }

  /** Moves on the lease of rows claimed with `claimToken` while their push is in flight; how many are still held. */
  @InjectManager()
  async renewStockClaims(claimToken: string, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    return this.outbox.renewClaims(claimToken, this.hubOptions.stockLeaseMs, sharedContext)
  }

  /** Gives back rows claimed with `claimToken` without a push. */
  @InjectManager()
  async releaseStockClaims(claimToken: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.outbox.releaseClaims(claimToken, sharedContext)
  }

  // ---- Product publication (src/modules/hub/repositories/hub-product-publication.ts)

  /** Products changed in Medusa (`onlyNew`: the first publication's sweep); how many rows were written. */
  @InjectManager()
  async markProductsForHub(productIds: string[], { onlyNew = false } = {}, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    return this.publications.mark(productIds, onlyNew ? 0 : this.hubOptions.stockCoalesceMs, { onlyNew }, sharedContext)
  }

  /** The merchant's *Publish now* or exclusion of one product. */
  @InjectManager()
  async askProductPublication(productId: string, ask: { publishNow?: boolean; excluded?: boolean }, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.publications.ask(productId, ask, sharedContext)
  }

  @InjectManager()
  async claimPublications(limit: number, @MedusaContext() sharedContext: Context = {}): Promise<ClaimedPublication[]> {
    return this.publications.claim(limit, this.hubOptions.stockLeaseMs, sharedContext)
  }

  @InjectManager()
  async renewPublicationClaims(claimToken: string, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    return this.publications.renewClaims(claimToken, this.hubOptions.stockLeaseMs, sharedContext)
  }

  @InjectManager()
  async releasePublicationClaims(claimToken: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.publications.releaseClaims(claimToken, sharedContext)
  }

  /** Records how a claimed product's push ended; the SKUs a create carried are accepted in the stock outbox first. */
  @InjectTransactionManager()
  async completePublication(
    claim: ClaimedPublication,
    outcome: PublicationOutcome,
    created: WantedStock[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await this.outbox.acceptCreated(created, sharedContext)
    await this.publications.complete(claim, outcome, this.hubOptions.stockRetryDelayMs, sharedContext)
  }

  @InjectManager()
  async nextPublicationDueInMs(@MedusaContext() sharedContext: Context = {}): Promise<number | null> {
    return this.publications.nextDueInMs(sharedContext)
  }

  @InjectManager()
  async publicationCounts(@MedusaContext() sharedContext: Context = {}): Promise<{ byState: Record<PublicationState, number>; due: number }> {
    return this.publications.counts(sharedContext)
  }

  // ---- Reconciliations and figures

  /** Adds a page's counts to a running reconciliation. */
  @InjectManager()
  async countStockReconciliation(
    id: string,
    counts: { seen: number; differing: number; unknown: number; differingFields: Partial<Record<HubProductField, number>> },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await this.reconciliations.count(id, counts, sharedContext)
  }

  /** True when the schedule (`stockReconcileEveryMinutes`) says a reconciliation is due. */
  @InjectManager()
  async isStockReconciliationDue(@MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    const every = this.hubOptions.stockReconcileEveryMinutes
    return every > 0 && this.reconciliations.isDue(every, sharedContext)
  }

  /** How many SKUs wait to be pushed. */
  async stockBacklog(): Promise<number> {
    const [, count] = await this.listAndCountHubStockChanges({ state: "pending" }, { take: 1, select: ["id"] })
    return count
  }

  /** A page of the SKUs the hub refused, or whose last push failed, newest first, and how many in all. */
  @InjectManager()
  async listSkusInError(page: { limit: number; offset: number }, @MedusaContext() sharedContext: Context = {}) {
    return this.reconciliations.skusInError(page, sharedContext)
  }

  /** The stock sync's figures for the admin page. */
  @InjectManager()
  async stockSyncFigures(@MedusaContext() sharedContext: Context = {}): Promise<StockSyncFigures> {
    const figures = await this.reconciliations.stockSyncFigures(sharedContext)
    return { syncedFields: ["qty", ...this.hubOptions.catalogueFields], ...figures }
  }

  // ---- Hub traffic per hour

  /** Adds this process's hub requests since the last call to the store's hourly rows; given back on failure. */
  @InjectManager()
  async recordHubTraffic(@MedusaContext() sharedContext: Context = {}): Promise<void> {
    const rows = this.hubClient.takeHourlyTraffic()
    try {
      await this.traffic.add(rows, sharedContext)
    } catch (error) {
      this.hubClient.returnHourlyTraffic(rows)
      throw error
    }
  }

  /** Requests, 4xx and 429 per hour and endpoint over the last `hours` hours, from every process. */
  @InjectManager()
  async hubTraffic(hours: number, @MedusaContext() sharedContext: Context = {}): Promise<TrafficHour[]> {
    return this.traffic.lastHours(hours, sharedContext)
  }

  /** Set once the application shuts down: work that retries (the stock recorder) stops then. */
  shutDown = false

  __hooks = {
    onApplicationStart: async () => {
      this.trafficTimer = setInterval(() => {
        this.recordHubTraffic().catch((error) => this.logger.warn(`hub: the hourly traffic figures wait for the next try: ${errorText(error)}`))
      }, TRAFFIC_RECORD_EVERY_MS)
      // Never what keeps a process alive (medusa exec, a test runner).
      this.trafficTimer.unref()
    },
    onApplicationShutdown: async () => {
      this.shutDown = true
      clearInterval(this.trafficTimer)
      await this.recordHubTraffic().catch(() => undefined)
      await this.hubClient.close()
    },
  }
}
