import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext, MedusaError, MedusaService } from "@medusajs/framework/utils"
import type { HubClient } from "../../../hub-client"
import type { HubOrderMoveOutcome } from "../../../mapping/hub-order-states"
import {
  HubCatalogueChange,
  HubCataloguePushHour,
  HubDeliveryAction,
  HubImportRun,
  HubPriceRuleSet,
  HubNoSale,
  HubFieldMapping,
  HubOrder,
  HubOrderMove,
  HubProductClaim,
  HubProductPublication,
  HubSkuReservation,
  HubFreightToken,
  HubFreightCache,
  HubFreightQuote,
  HubStatusEntry,
  HubStockReconciliation,
  HubSyncError,
  HubSacAnswer,
  HubSacInstance,
  HubSacTicket,
  HubTrafficHour,
  HubWarehouseMapping,
} from "../models"
import type { HubAccount, HubAccountConnection, HubAccountEntry } from "../hub-account"
import { HubAccountRecords } from "../account-records"
import { HubProductsPush, type HubProductsSettling } from "../catalogue-push/hub-products-push"
import type { HubPluginOptions, HubWarehouse } from "../options"
import { warehousesRead } from "../settings-records"
import { hubRepositoriesOf, type HubRepositories, type HubRepositoryRegistrations } from "../repositories"
import type { ImportRunCounts } from "../repositories/hub-listed-order"
import type { HubOrderClaimToken, HubOrderPageQuery, HubOrderRecord, ImportToRecord } from "../repositories/hub-order"
import type { ClaimedMoveRow, HubStatusAfterMove, MoveToClaim } from "../repositories/hub-order-move"
import type { HubLeases } from "../leases"

export type HubOrderRecordsDependencies = {
  hubClient: HubClient
  hubOptions: HubPluginOptions
  hubAccounts: HubAccountConnection[]
  hubLeases: HubLeases
  baseRepository: ConstructorParameters<typeof HubAccountRecords>[4]
} & HubRepositoryRegistrations

/**
 * The order half of the hub module's one service (`../service.ts`, `HubModuleService`, extends it; a
 * split of the file, not a second service): hub orders and their claims, the listed orders shared
 * among workers, import runs, merchant moves and the intake's figures; the store's hub accounts, each
 * with its validated options and its own hub client, and the options the store sets for all of them
 * (`hubOptions`: the plugin's own). Every model is declared here, so Medusa's generated methods serve both halves.
 */
export abstract class HubOrderRecords extends MedusaService({
  HubOrder,
  HubOrderMove,
  HubStatusEntry,
  HubImportRun,
  HubProductPublication,
  HubProductClaim,
  HubCatalogueChange,
  HubCataloguePushHour,
  HubStockReconciliation,
  HubTrafficHour,
  HubDeliveryAction,
  HubPriceRuleSet,
  HubNoSale,
  HubFieldMapping,
  HubSyncError,
  HubSkuReservation,
  HubFreightToken,
  HubFreightCache,
  HubFreightQuote,
  HubSacTicket,
  HubSacAnswer,
  HubSacInstance,
  HubWarehouseMapping,
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
  /** The module's repositories; each account's records (`account(id).records`) work through them. */
  protected readonly repositories: HubRepositories
  /** How long claims and per-order locks live unless renewed (src/modules/hub/leases.ts). */
  readonly leases: HubLeases

  /** The catalogue's settling of its claims, each account's push settling through it (service.ts). */
  abstract completeCataloguePush(...settled: Parameters<HubProductsSettling["completeCataloguePush"]>): Promise<void>
  abstract completePublication(...settled: Parameters<HubProductsSettling["completePublication"]>): Promise<void>
  abstract freeHubProducts(...freed: Parameters<HubProductsSettling["freeHubProducts"]>): Promise<void>

  constructor(dependencies: HubOrderRecordsDependencies, ...moduleArguments: unknown[]) {
    super(dependencies, ...moduleArguments)
    this.hubClient = dependencies.hubClient
    this.hubOptions = dependencies.hubOptions
    this.leases = dependencies.hubLeases
    this.repositories = hubRepositoriesOf(dependencies)
    this.hubAccounts = dependencies.hubAccounts.map((connection) => {
      const records = new HubAccountRecords(connection, this.repositories, this, this.leases, dependencies.baseRepository)
      return { ...connection, records, catalogue: new HubProductsPush({ ...connection, records }, this) }
    })
  }

  /** Every account's warehouses besides the default, as saved or as its option says, in one read (what spans accounts: a location sold twice). */
  @InjectManager()
  async warehousesOfAccounts(@MedusaContext() sharedContext: Context = {}): Promise<Map<string, HubWarehouse[]>> {
    const stored = await this.repositories.warehouseMappings.stored(this.accountIds, sharedContext)
    return new Map(this.hubAccounts.map(({ id, options }) => [id, warehousesRead(stored.get(id), options).warehouses]))
  }

  /** The ids of the store's hub accounts (option `accounts`), `default` first. */
  get accountIds(): string[] {
    return this.hubAccounts.map((account) => account.id)
  }

  /** The store's hub accounts, `default` first, each with its options, its hub calls and its records: its drivers serve every one. */
  get accounts(): HubAccount[] {
    return this.hubAccounts
  }

  /** One hub account: its options, its hub calls and its records; an unknown id is refused, naming it and the store's accounts. */
  account(id: string): HubAccount {
    const found = this.hubAccounts.find((account) => account.id === id)
    if (!found) throw new MedusaError(MedusaError.Types.INVALID_DATA, `account: no hub account ${id} in this store (its accounts: ${this.accountIds.join(", ")})`)
    return found
  }

  // ---- Hub orders

  /** Renews the import claims these tokens still hold (see the repository); the ids still held. */
  @InjectManager()
  async renewHubOrderClaims(tokens: HubOrderClaimToken[], @MedusaContext() sharedContext: Context = {}): Promise<string[]> {
    return this.repositories.orders.renewClaims(tokens, sharedContext)
  }

  /** The hub orders among these tokens' whose import claim was taken over by another taker (or ended). */
  @InjectManager()
  async lostHubOrderClaims(tokens: HubOrderClaimToken[], @MedusaContext() sharedContext: Context = {}): Promise<string[]> {
    return this.repositories.orders.lostClaims(tokens, sharedContext)
  }

  /** Records hub orders imported, fenced by their claims' tokens: all or none (see the repository). */
  @InjectTransactionManager()
  async recordHubOrdersImported(
    rows: ImportToRecord[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    return this.repositories.orders.recordImported(rows, sharedContext)
  }

  /** A page of hub order ids as the admin's lists ask for it (filtered, searched, ordered: see the repository), and how many match. */
  @InjectManager()
  async hubOrderPage(query: HubOrderPageQuery, @MedusaContext() sharedContext: Context = {}): Promise<{ ids: string[]; count: number }> {
    return this.repositories.orders.page(query, sharedContext)
  }

  /** The hub order records of these Medusa orders, of any account (a fulfillment's order, an import's orders undone). */
  @InjectManager()
  async hubOrdersOfOrders(orderIds: string[], @MedusaContext() sharedContext: Context = {}): Promise<HubOrderRecord[]> {
    return this.repositories.orders.byOrderIds([...new Set(orderIds)], sharedContext)
  }

  /** The Medusa orders whose hub order has this marketplace number (`remote_code`), of any account. */
  @InjectManager()
  async orderIdsByRemoteCode(remoteCode: string, @MedusaContext() sharedContext: Context = {}): Promise<string[]> {
    return this.repositories.orders.orderIdsByRemoteCode(this.accountIds, remoteCode, sharedContext)
  }

  @InjectManager()
  async markHubOrderLeakChecked(cleanIds: string[], leakingIds: string[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    return this.repositories.orders.markLeakChecked(cleanIds, leakingIds, sharedContext)
  }

  // ---- Listed hub orders shared among workers (see the repository)

  @InjectManager()
  async listedHubOrdersDone(handled: Array<{ id: string; counts: ImportRunCounts }>, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    return this.repositories.listed.done(handled, sharedContext)
  }

  @InjectManager()
  async pendingListedHubOrders(runId: string, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    return this.repositories.listed.pending(runId, sharedContext)
  }

  @InjectManager()
  async withdrawListedHubOrders(runId: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    return this.repositories.listed.withdraw(runId, sharedContext)
  }

  /** Ends an import run: its figures written, its own counts added to those its shared orders added. */
  @InjectManager()
  async finishHubImportRun(
    runId: string,
    run: { seen: number; duration_ms: number; error: string | null; drained: boolean },
    counts: ImportRunCounts,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<ImportRunCounts & { seen: number }> {
    return this.repositories.listed.finishRun(runId, run, counts, sharedContext)
  }

  /** Claims a merchant move; null while another claim of that move is live (a double click sends once). In a transaction: an invoice's key check holds its lock to the claim's end. */
  @InjectTransactionManager()
  async claimHubOrderMove(
    move: MoveToClaim,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<ClaimedMoveRow | null> {
    return this.repositories.moves.claim(move, this.leases.moveClaimMs, sharedContext)
  }

  /** Renews a move's claim while it is in flight; false once it was taken over or ended. */
  @InjectManager()
  async renewHubOrderMoveClaim(claim: { moveId: string; attempt: number }, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    return this.repositories.moves.renew(claim, this.leases.moveClaimMs, sharedContext)
  }

  /** A page of the moves that need the merchant (refused, not sent, outcome unknown, not recorded in Medusa), newest first, and how many in all. */
  @InjectManager()
  async movesNeedingMerchant(page: { limit: number; offset?: number }, @MedusaContext() sharedContext: Context = {}) {
    return this.repositories.moves.needingMerchant(page, sharedContext)
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
    return this.repositories.moves.finish(moveId, outcome, hubStatus, fromState ?? null, sharedContext, attempt ?? null)
  }
}
