import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext, MedusaError, MedusaService } from "@medusajs/framework/utils"
import type { HubClient, HubFiguresSnapshot, ListedHubOrder } from "../../../hub-client"
import type { HubOrderMoveOutcome } from "../../../mapping/hub-order-states"
import type { ClaimedHubOrder, SeenHubOrder } from "../../../mapping/plan-hub-order"
import {
  HubCatalogueChange,
  HubCataloguePushHour,
  HubDeliveryAction,
  HubImportRun,
  HubPriceRuleSet,
  HubFieldMapping,
  HubOrder,
  HubOrderMove,
  HubProductPublication,
  HubStatusEntry,
  HubStockReconciliation,
  HubSyncError,
  HubTrafficHour,
} from "../models"
import type { HubAccount, HubAccountEntry } from "../accounts"
import type { HubPluginOptions } from "../options"
import type { HubListedOrderRepository, HubOrderMoveRepository, HubOrderRepository } from "../repositories"
import type { ImportRunCounts, TakenListedOrder } from "../repositories/hub-listed-order"
import type { HubOrderClaimToken, ImportToRecord } from "../repositories/hub-order"
import type { ClaimedMoveRow, HubStatusAfterMove, MoveToClaim } from "../repositories/hub-order-move"
import type { HubLeases } from "../leases"

export type HubOrderRecordsDependencies = {
  hubClient: HubClient
  hubOptions: HubPluginOptions
  hubAccounts: HubAccountEntry[]
  hubOrderRepository: HubOrderRepository
  hubListedOrderRepository: HubListedOrderRepository
  hubOrderMoveRepository: HubOrderMoveRepository
  hubLeases: HubLeases
}

export type OrderIntakeFigures = {
  mode: "listing" | "queue"
  /** The queue's depth cannot be read from the hub: when a queue run last found it empty. */
  queueLastEmptyAt: string | null
  /** When the store first saw the oldest hub order it has not reserved yet (being imported, or set aside). */
  oldestUnreservedSeenAt: string | null
}

export type HubConnectionHealth = {
  account: string
  hubOrigin: string
  sandbox: boolean
  figures: HubFiguresSnapshot
}

/**
 * The order half of the hub module's one service (`../service.ts`, `HubModuleService`, extends it; a
 * split of the file, not a second service): hub orders and their claims, the listed orders shared
 * among workers, import runs, merchant moves and the intake's figures; the store's hub accounts, each
 * with its validated options and its own hub client, and the options the store sets for all of them
 * (`hubOptions`: the plugin's own). Every model is declared here, so Medusa's generated methods serve both halves.
 */
export class HubOrderRecords extends MedusaService({
  HubOrder,
  HubOrderMove,
  HubStatusEntry,
  HubImportRun,
  HubProductPublication,
  HubCatalogueChange,
  HubCataloguePushHour,
  HubStockReconciliation,
  HubTrafficHour,
  HubDeliveryAction,
  HubPriceRuleSet,
  HubFieldMapping,
  HubSyncError,
}) {
  /**
   * The plugin's own options (the account `default`'s): read here only for what belongs to the store,
   * not to one account (`STORE_WIDE_OPTIONS`: jobs, notifications, their language); an account's own
   * options are `account(id).options`.
   */
  readonly hubOptions: HubPluginOptions
  /** The account `default`'s client, or the stand-in that refuses use when the options were not given (a `db:*` command). */
  protected readonly hubClient: HubClient
  protected readonly hubAccounts: HubAccountEntry[]
  private readonly orders: HubOrderRepository
  private readonly listed: HubListedOrderRepository
  private readonly moves: HubOrderMoveRepository
  /** How long claims and per-order locks live unless renewed (src/modules/hub/leases.ts). */
  readonly leases: HubLeases

  constructor(dependencies: HubOrderRecordsDependencies, ...moduleArguments: unknown[]) {
    super(dependencies, ...moduleArguments)
    this.hubClient = dependencies.hubClient
    this.hubOptions = dependencies.hubOptions
    this.hubAccounts = dependencies.hubAccounts
    this.orders = dependencies.hubOrderRepository
    this.listed = dependencies.hubListedOrderRepository
    this.moves = dependencies.hubOrderMoveRepository
    this.leases = dependencies.hubLeases
  }

  /** The ids of the store's hub accounts (option `accounts`), `default` first. */
  get accountIds(): string[] {
    return this.hubAccounts.map((account) => account.id)
  }

  /** The store's hub accounts, `default` first, each with its options and its own hub client: its drivers serve every one. */
  get accounts(): HubAccount[] {
    return this.hubAccounts
  }

  /** One hub account's options and client; an unknown id is refused, naming it and the store's accounts. */
  account(id: string): HubAccount {
    const found = this.hubAccounts.find((account) => account.id === id)
    if (!found) throw new MedusaError(MedusaError.Types.INVALID_DATA, `account: no hub account ${id} in this store (its accounts: ${this.accountIds.join(", ")})`)
    return found
  }

  // ---- Hub orders

  /** Claims a hub order of `account` for import; null when imported already or another run holds it (see the repository). */
  @InjectManager()
  async claimHubOrder(account: string, seen: SeenHubOrder, @MedusaContext() sharedContext: Context = {}): Promise<ClaimedHubOrder | null> {
    return this.orders.claim(account, seen, this.leases.importClaimMs, sharedContext)
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

  /** Sets a hub order of `account` aside with the reason, to be tried again by a later run (never one imported already). */
  @InjectManager()
  async setHubOrderAside(
    account: string,
    seen: SeenHubOrder,
    reason: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ setAside: boolean; newReason: boolean }> {
    return this.orders.setAside(account, seen, reason, sharedContext)
  }

  /** The canceled hub orders a leaked-reservation check reads (see the repository): what changed, and a bounded sweep. */
  @InjectManager()
  async hubOrderLeakCandidates(account: string, sweep: number, @MedusaContext() sharedContext: Context = {}) {
    return this.orders.leakCandidates(account, sweep, sharedContext)
  }

  @InjectManager()
  async markHubOrderLeakChecked(cleanIds: string[], leakingIds: string[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    return this.orders.markLeakChecked(cleanIds, leakingIds, sharedContext)
  }

  // ---- Listed hub orders shared among workers (see the repository)

  @InjectManager()
  async shareListedHubOrders(account: string, runId: string, listed: ListedHubOrder[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    return this.listed.share(account, runId, listed, sharedContext)
  }

  @InjectManager()
  async takeListedHubOrders(account: string, leaseMs: number, limit: number, @MedusaContext() sharedContext: Context = {}): Promise<TakenListedOrder[]> {
    return this.listed.take(account, leaseMs, limit, sharedContext)
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
    return this.moves.claim(move, this.leases.moveClaimMs, sharedContext)
  }

  /** Renews a move's claim while it is in flight; false once it was taken over or ended. */
  @InjectManager()
  async renewHubOrderMoveClaim(claim: { moveId: string; attempt: number }, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    return this.moves.renew(claim, this.leases.moveClaimMs, sharedContext)
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

  /** Whether an account's queue safety-net listing should run now: `queueListingEveryMinutes` since its last listing began. */
  async isQueueListingDue(account: string, now: Date): Promise<boolean> {
    const { options } = this.account(account)
    const [lastRun] = await this.listHubImportRuns({ account, intake: "listing" }, { order: { started_at: "DESC" }, take: 1 })
    // A few seconds of slack so that an interval is not skipped by the tick's jitter.
    return !lastRun || now.getTime() - new Date(lastRun.started_at).getTime() >= options.queueListingEveryMinutes * 60_000 - 5_000
  }

  /** How an account's orders come in, what is known of its queue, and its oldest hub order not yet reserved. */
  async orderIntakeFigures(account: string): Promise<OrderIntakeFigures> {
    const { options } = this.account(account)
    const [[drained], [oldestUnreserved]] = await Promise.all([
      this.listHubImportRuns({ account, intake: "queue", drained: true }, { order: { finished_at: "DESC" }, take: 1 }),
      this.listHubOrders({ account, import_state: ["importing", "set_aside"] }, { order: { created_at: "ASC" }, take: 1 }),
    ])
    return {
      mode: options.orderIntake,
      queueLastEmptyAt: drained?.finished_at ? new Date(drained.finished_at).toISOString() : null,
      oldestUnreservedSeenAt: oldestUnreserved ? new Date(oldestUnreserved.created_at).toISOString() : null,
    }
  }

  /** An account's status catalogue as last read from its hub (code -> type), without a request. */
  async storedStatusCatalogue(account: string): Promise<Map<string, string>> {
    const known = await this.listHubStatusEntries({ account }, { take: null })
    return new Map(known.map((status) => [status.code, status.type]))
  }

  /** What the admin page shows of an account's connection: never a credential, only the hub's origin and the counters. */
  connectionHealth(accountId: string): HubConnectionHealth {
    const { id, options, hub } = this.account(accountId)
    return { account: id, hubOrigin: new URL(options.baseUrl).origin, sandbox: options.sandbox, figures: hub.figures() }
  }
}
