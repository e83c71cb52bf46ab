import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext, MedusaError, MedusaService } from "@medusajs/framework/utils"
import type { HubClient } from "../../hub-client"
import { errorText } from "../../mapping/error-text"
import type { HubOrderMoveOutcome } from "../../mapping/hub-order-states"
import type { HubProductField } from "../../mapping/hub-product"
import { HubAccountRecords } from "./account-records"
import { HubCataloguePush } from "./catalogue-push/hub-products-push"
import type { HubAccount, HubAccountConnection, HubAccountEntry } from "./hub-account"
import type { HubLeases } from "./leases"
import {
  HubCatalogueChange,
  HubCataloguePushHour,
  HubDeliveryAction,
  HubFieldMapping,
  HubFreightCache,
  HubFreightQuote,
  HubFreightToken,
  HubImportRun,
  HubNoSale,
  HubOrder,
  HubOrderMove,
  HubPriceRuleSet,
  HubProductClaim,
  HubProductPublication,
  HubSacAnswer,
  HubSacInstance,
  HubSacTicket,
  HubSkuOwner,
  HubStatusEntry,
  HubCatalogueReconciliation,
  HubSyncError,
  HubTrafficHour,
  HubWarehouseMapping,
} from "./models"
import { NfeUploads } from "./nfe-uploads"
import type { HubPluginOptions, HubWarehouse } from "./options"
import type { ProcessParts } from "./process-parts"
import { hubRepositoriesOf, type HubRepositories, type HubRepositoryRegistrations } from "./repositories"
import type { FreightQuoteToRecord } from "./repositories/hub-freight"
import type { ImportRunCounts } from "./repositories/hub-listed-order"
import type { HubOrderClaimToken, HubOrderPageQuery, HubOrderRecord, ImportToRecord } from "./repositories/hub-order"
import type { ClaimedMoveRow, HubStatusAfterMove, MoveToClaim } from "./repositories/hub-order-move"
import { warehousesRead } from "./settings-records"

export type { HubConnectionHealth } from "./hub-account"
export type { OrderIntakeFigures } from "./account-records"

/** How often each process adds its hub client's hourly figures to the store's (a kill -9 loses at most this much). */
const TRAFFIC_RECORD_EVERY_MS = 30_000

type InjectedDependencies = {
  hubClient: HubClient
  hubOptions: HubPluginOptions
  hubAccounts: HubAccountConnection[]
  hubLeases: HubLeases
  baseRepository: ConstructorParameters<typeof HubAccountRecords>[4]
  hubProcessParts: ProcessParts
  logger: { warn(message: string): void }
} & HubRepositoryRegistrations

/**
 * The hub module's one service: the store's hub accounts, each an object the code holds
 * (`account(id)`: its options, its hub operations, src/modules/hub/account-operations.ts, its rows
 * `records`, src/modules/hub/account-records.ts, and its catalogue's push), what spans accounts (hub
 * orders and their claims, the listed orders shared among workers, import runs, merchant moves, the
 * freight quotes recorded together, the hourly traffic), and the process's machinery (`processPart`).
 * All SQL lives in `repositories/`; the words code outside takes from the module are `types.ts`'s.
 * Every model is declared here, so Medusa's generated methods serve the module's own records.
 */
export default class HubModuleService extends MedusaService({

  HubOrder,
  HubOrderMove,
  HubStatusEntry,
  HubImportRun,
  HubProductPublication,
  HubProductClaim,
  HubCatalogueChange,
  HubCataloguePushHour,
  HubCatalogueReconciliation,
  HubTrafficHour,
  HubDeliveryAction,
  HubPriceRuleSet,
  HubNoSale,
  HubFieldMapping,
  HubSyncError,
  HubSkuOwner,
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
  private readonly hubClient: HubClient
  private readonly hubAccounts: HubAccountEntry[]
  /** The module's repositories; each account's records (`account(id).records`) work through them. */
  private readonly repositories: HubRepositories
  /** How long claims and per-order locks live unless renewed (src/modules/hub/leases.ts). */
  readonly leases: HubLeases

  private readonly logger: InjectedDependencies["logger"]
  private readonly processParts: ProcessParts
  private trafficTimer: NodeJS.Timeout | undefined

  constructor(dependencies: InjectedDependencies, ...moduleArguments: unknown[]) {
    super(dependencies, ...moduleArguments)
    this.logger = dependencies.logger
    this.processParts = dependencies.hubProcessParts
    this.hubClient = dependencies.hubClient
    this.hubOptions = dependencies.hubOptions
    this.leases = dependencies.hubLeases
    this.repositories = hubRepositoriesOf(dependencies)
    this.hubAccounts = dependencies.hubAccounts.map((connection) => {
      const records = new HubAccountRecords(connection, this.repositories, this, this.leases, dependencies.baseRepository)
      return { ...connection, records, catalogue: new HubCataloguePush({ ...connection, records }) }
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

  /** Whether an account's `catalogueFields` keeps a price field true on its hub (price events matter then). */
  get syncsPrices(): boolean {
    return this.accounts.some(({ options }) => options.catalogueFields.some((field) => field === "price" || field === "promotional_price"))
  }

  /** The accounts whose `publishProducts` is on: each publishes its own sales channel's products to its hub. */
  get publishingAccounts(): HubAccount[] {
    return this.accounts.filter(({ options }) => options.publishProducts)
  }

  // ---- Reconciliations

  /** Adds a page's counts to a running reconciliation. */
  @InjectManager()
  async countCatalogueReconciliation(
    id: string,
    counts: { seen: number; differing: number; unknown: number; differingFields: Partial<Record<HubProductField, number>> },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await this.repositories.reconciliations.count(id, counts, sharedContext)
  }

  // ---- Freight quotes (each record names its account; an account's own rows are `records.freight`)

  /** Keeps answered quotes of any accounts in one statement (src/queries/freight-recorder.ts batches them). */
  @InjectManager()
  async recordFreightQuotes(records: FreightQuoteToRecord[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.repositories.freight.insertQuotes(records, sharedContext)
  }

  /** Which of these SKUs a variant of the store has (a quote's unknown SKUs). */
  @InjectManager()
  async knownSkus(skus: string[], @MedusaContext() sharedContext: Context = {}): Promise<Set<string>> {
    return this.repositories.freight.knownSkus(skus, sharedContext)
  }

  // ---- Hub traffic per hour

  /** Adds this process's hub requests since the last call to the store's hourly rows, each account's apart; given back on failure. */
  @InjectManager()
  async recordHubTraffic(@MedusaContext() sharedContext: Context = {}): Promise<void> {
    for (const { id, client } of this.hubAccounts) {
      const rows = client.takeHourlyTraffic()
      try {
        await this.repositories.traffic.add(id, rows, sharedContext)
      } catch (error) {
        client.returnHourlyTraffic(rows)
        throw error
      }
    }
  }

  /**
   * This process's part named `name` (src/modules/hub/process-parts.ts), made by `make` on first use:
   * one per application whichever scope (request, subscriber, step) asks.
   */
  processPart<T extends object>(name: string, make: () => T): T {
    return this.processParts.get(name, make)
  }

  /** NF-e XMLs held while the requests that uploaded them run (src/modules/hub/nfe-uploads.ts). */
  get nfeUploads(): NfeUploads {
    return this.processParts.get("nfe-uploads", () => new NfeUploads())
  }

  /** True once the application shuts down: work that retries (the catalogue recorder) stops then. */
  get shuttingDown(): boolean {
    return this.processParts.stopped
  }

  __hooks = {
    onApplicationStart: async () => {
      this.trafficTimer = setInterval(() => {
        this.recordHubTraffic().catch((error) => this.logger.warn(`hub: the hourly traffic figures wait for the next try: ${errorText(error)}`))
      }, TRAFFIC_RECORD_EVERY_MS)
      // Never what keeps a process alive (medusa exec, a test runner).
      this.trafficTimer.unref()
    },
    onApplicationShutdown: async () => {
      this.processParts.stop()
      clearInterval(this.trafficTimer)
      await this.recordHubTraffic().catch(() => undefined)
      await Promise.all((this.hubAccounts.length ? this.hubAccounts.map((account) => account.client) : [this.hubClient]).map((client) => client.close()))
    },
  }
}
