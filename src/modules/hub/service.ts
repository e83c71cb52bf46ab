import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import { errorText } from "../../mapping/error-text"
import type { HubAccount } from "./accounts"
import type { HubProductField } from "../../mapping/hub-product"
import type { ClaimedCatalogueChange, CataloguePushOutcome, StockSyncFigures, WantedSkuFields } from "./models/hub-catalogue-change"
import type { ClaimedPublication, PublicationState } from "./models/hub-product-publication"
import { hubPriceRulesSchema, NO_PRICE_RULES, type HubPriceRules } from "../../mapping/hub-price-rules"
import { defaultFieldMapping, hubFieldMappingSchema, type HubFieldMapping } from "../../mapping/hub-field-mapping"
import { NfeUploads } from "./nfe-uploads"
import type { ProcessParts } from "./process-parts"
import type { HubCatalogueChangeRepository, HubFieldMappingRepository, HubPriceRuleSetRepository, HubProductPublicationRepository, HubStockReconciliationRepository, HubSyncErrorRepository, HubTrafficHourRepository } from "./repositories"
import type { ListedSyncError } from "./repositories/hub-sync-error"
import type { PublicationOutcome } from "./repositories/hub-product-publication"
import type { TrafficHour } from "./repositories/hub-traffic-hour"
import { HubOrderRecords, type HubOrderRecordsDependencies } from "./services/hub-order-records"

export type { HubConnectionHealth, OrderIntakeFigures } from "./services/hub-order-records"

/** How often each process adds its hub client's hourly figures to the store's (a kill -9 loses at most this much). */
const TRAFFIC_RECORD_EVERY_MS = 30_000

type InjectedDependencies = HubOrderRecordsDependencies & {
  hubCatalogueChangeRepository: HubCatalogueChangeRepository
  hubProductPublicationRepository: HubProductPublicationRepository
  hubStockReconciliationRepository: HubStockReconciliationRepository
  hubTrafficHourRepository: HubTrafficHourRepository
  hubPriceRuleSetRepository: HubPriceRuleSetRepository
  hubFieldMappingRepository: HubFieldMappingRepository
  hubSyncErrorRepository: HubSyncErrorRepository
  hubProcessParts: ProcessParts
  logger: { warn(message: string): void }
}

/**
 * The hub module's façade: the hub's records in this store with their custom SQL in `repositories/`,
 * the store's hub accounts (each with its validated options and its hub calls: `account(id).hub`)
 * and the process's machinery (`processPart`). Every method on an account's records names the
 * account; what sums them all takes none. The
 * orders' half (orders, moves, listed orders, runs) is `services/hub-order-records.ts`; this half
 * holds the catalogue (outbox, publication, reconciliations), the traffic figures and the module's
 * lifecycle hooks. The service never calls the hub itself: steps and drivers do.
 */
export default class HubModuleService extends HubOrderRecords {
  private readonly outbox: HubCatalogueChangeRepository
  private readonly publications: HubProductPublicationRepository
  private readonly reconciliations: HubStockReconciliationRepository
  private readonly traffic: HubTrafficHourRepository
  private readonly priceRuleSets: HubPriceRuleSetRepository
  private readonly fieldMappings: HubFieldMappingRepository
  private readonly syncErrors: HubSyncErrorRepository
  private readonly logger: InjectedDependencies["logger"]
  private readonly processParts: ProcessParts
  private trafficTimer: NodeJS.Timeout | undefined

  constructor(dependencies: InjectedDependencies, ...moduleArguments: unknown[]) {
    super(dependencies, ...moduleArguments)
    this.outbox = dependencies.hubCatalogueChangeRepository
    this.publications = dependencies.hubProductPublicationRepository
    this.reconciliations = dependencies.hubStockReconciliationRepository
    this.traffic = dependencies.hubTrafficHourRepository
    this.priceRuleSets = dependencies.hubPriceRuleSetRepository
    this.fieldMappings = dependencies.hubFieldMappingRepository
    this.syncErrors = dependencies.hubSyncErrorRepository
    this.logger = dependencies.logger
    this.processParts = dependencies.hubProcessParts
  }

  /** Whether an account's `catalogueFields` keeps a price field true on its hub (price events matter then). */
  get syncsPrices(): boolean {
    return this.accounts.some(({ options }) => options.catalogueFields.some((field) => field === "price" || field === "promotional_price"))
  }

  // ---- Price rules (src/mapping/hub-price-rules.ts): one set per account

  /** The account's price rules; none saved (or a row an older version wrote that no longer parses): Medusa's price as it is. */
  async priceRulesOf(account: string): Promise<HubPriceRules> {
    const [row] = await this.listHubPriceRuleSets({ account }, { select: ["rules"], take: 1 })
    const parsed = row ? hubPriceRulesSchema.safeParse(row.rules) : null
    return parsed?.success ? parsed.data : NO_PRICE_RULES
  }

  /** Saves the account's price rules (validated by the caller), replacing its earlier ones in one statement. */
  @InjectManager()
  async savePriceRules(account: string, rules: HubPriceRules, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.priceRuleSets.save(account, rules, sharedContext)
  }

  // ---- Field mapping (src/mapping/hub-field-mapping.ts): one per account

  /** The account's mapping of hub fields; none saved (or a row that no longer parses): what its options say. */
  async fieldMappingOf(account: string): Promise<HubFieldMapping & { saved: boolean }> {
    const [row] = await this.listHubFieldMappings({ account }, { select: ["mapping"], take: 1 })
    const parsed = row ? hubFieldMappingSchema.safeParse(row.mapping) : null
    return parsed?.success ? { ...parsed.data, saved: true } : { ...defaultFieldMapping(this.account(account).options), saved: false }
  }

  /**
   * Saves the account's mapping (validated by the caller), and makes every product of the account the
   * publication holds a row for due: each push sends only what the new mapping changes of its hub body.
   */
  @InjectTransactionManager()
  async saveFieldMapping(account: string, mapping: HubFieldMapping, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    await this.fieldMappings.save(account, mapping, sharedContext)
    return this.publications.makeDue(account, sharedContext)
  }

  // ---- Sync errors (src/sync/sync-errors.ts): what the marketplaces refused after the hub took it

  /** Records a page of the account's sync errors as the hub listed it (`seenAt`: when the read began); returns those it added. */
  @InjectManager()
  async recordSyncErrors(account: string, entity: "products" | "orders", errors: ListedSyncError[], seenAt: Date, @MedusaContext() sharedContext: Context = {}): Promise<ListedSyncError[]> {
    return this.syncErrors.record(account, entity, errors, seenAt, sharedContext)
  }

  /** After a whole read begun at `readStartedAt`: drops the errors it did not list (the hub no longer has them). */
  @InjectManager()
  async forgetUnlistedSyncErrors(account: string, entity: "products" | "orders", readStartedAt: Date, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    return this.syncErrors.forgetUnlisted(account, entity, readStartedAt, sharedContext)
  }

  // ---- Catalogue outbox: each method works on the rows of the hub account it names, with its options

  /**
   * Records the fields each SKU should have on the account's hub; returns how many SKUs were queued.
   * A queued SKU of a product the hub holds from this store makes that product's publication due
   * too: its push carries the SKU's fields with the product's own (one hub product, one push).
   */
  @InjectManager()
  async recordWantedSkuFields(
    wanted: WantedSkuFields[],
    account: string,
    { reconciliationId }: { reconciliationId?: string } = {},
    @MedusaContext() sharedContext: Context = {}
  ): Promise<number> {
    const { id, options } = this.account(account)
    const queued = await this.outbox.record(id, wanted, reconciliationId ?? null, sharedContext)
    const products = queued.filter((productId): productId is string => productId !== null)
    if (options.publishProducts && products.length) await this.publications.mark(id, products, options, { onlyHeld: true }, sharedContext)
    return queued.length
  }

  /** Remembers SKUs a reconciliation found equal on the account's hub, with their variant and product. */
  @InjectManager()
  async rememberHubProducts(inSync: WantedSkuFields[], account: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.outbox.remember(this.account(account).id, inSync, sharedContext)
  }

  /** The SKUs these variants or products last held on the account's hub (found again when they are deleted or renamed). */
  @InjectManager()
  async skusHeldBy(
    holders: { variantIds: string[]; productIds: string[] },
    account: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<string[]> {
    return this.outbox.skusHeldBy(this.account(account).id, holders, sharedContext)
  }

  /** Claims up to `limit` due outbox rows of the account for its `catalogueLeaseMs`; two flushers never get the same row. */
  @InjectManager()
  async claimCatalogueChanges(limit: number, account: string, @MedusaContext() sharedContext: Context = {}): Promise<ClaimedCatalogueChange[]> {
    const { id, options } = this.account(account)
    return this.outbox.claim(id, limit, options, sharedContext)
  }

  /** Milliseconds until the account's next pending row is due (0: now), or null when nothing is pending. */
  @InjectManager()
  async nextCatalogueChangeDueInMs(account: string, @MedusaContext() sharedContext: Context = {}): Promise<number | null> {
    const { id, options } = this.account(account)
    return this.outbox.nextDueInMs(id, options, sharedContext)
  }

  /**
   * Records how the push of a claimed row ended (with its account's timing), and counts it in its
   * account's hour; `returned`: a row carried by a product's push refused for the product's own
   * fields, given back to go alone.
   */
  @InjectManager()
  async completeCataloguePush(claim: ClaimedCatalogueChange, outcome: CataloguePushOutcome | { kind: "returned" }, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    if (outcome.kind === "returned") return this.outbox.giveBack(claim, sharedContext)
    await this.outbox.complete(claim, outcome, this.account(claim.account).options, sharedContext)
  }

  /** Moves on the lease of rows claimed with `claimToken` while their push is in flight; how many are still held. */
  @InjectManager()
  async renewCatalogueClaims(claimToken: string, account: string, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    return this.outbox.renewClaims(claimToken, this.account(account).options.catalogueLeaseMs, sharedContext)
  }

  /** Gives back rows claimed with `claimToken` without a push. */
  @InjectManager()
  async releaseCatalogueClaims(claimToken: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.outbox.releaseClaims(claimToken, sharedContext)
  }

  // ---- Product publication (src/modules/hub/repositories/hub-product-publication.ts): each method works on the rows of the hub account it names, with its options

  /** The accounts whose `publishProducts` is on: each publishes its own sales channel's products to its hub. */
  get publishingAccounts(): HubAccount[] {
    return this.accounts.filter(({ options }) => options.publishProducts)
  }

  /** Products changed in Medusa (`onlyNew`: the first publication's sweep); how many of the account's rows were written. */
  @InjectManager()
  async markProductsForHub(
    productIds: string[],
    account: string,
    { onlyNew = false }: { onlyNew?: boolean } = {},
    @MedusaContext() sharedContext: Context = {}
  ): Promise<number> {
    const { id, options } = this.account(account)
    return this.publications.mark(id, productIds, options, { onlyNew }, sharedContext)
  }

  /** The merchant's *Publish now* or exclusion of one product on one account's hub. */
  @InjectManager()
  async askProductPublication(
    productId: string,
    ask: { publishNow?: boolean; excluded?: boolean },
    account: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await this.publications.ask(this.account(account).id, productId, ask, sharedContext)
  }

  /**
   * Claims up to `limit` due rows of the account for its `catalogueLeaseMs`, and with the same token the
   * pending outbox rows of the products the hub holds from this store (not excluded): their fields go
   * with their product's push.
   */
  @InjectManager()
  async claimPublications(
    limit: number,
    account: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ claimed: ClaimedPublication[]; carried: ClaimedCatalogueChange[] }> {
    const { id, options } = this.account(account)
    const claimed = await this.publications.claim(id, limit, options.catalogueLeaseMs, sharedContext)
    const held = claimed.filter((claim) => claim.accepted !== null && !claim.excluded).map((claim) => claim.productId)
    const carried = held.length ? await this.outbox.claimOfProducts(id, held, claimed[0].claimToken, options.catalogueLeaseMs, sharedContext) : []
    return { claimed, carried }
  }

  /** Moves on the lease of the publications, and the outbox rows they carry, claimed with `claimToken`. */
  @InjectManager()
  async renewPublicationClaims(claimToken: string, account: string, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    const { catalogueLeaseMs } = this.account(account).options
    const [publications] = await Promise.all([
      this.publications.renewClaims(claimToken, catalogueLeaseMs, sharedContext),
      this.outbox.renewClaims(claimToken, catalogueLeaseMs, sharedContext),
    ])
    return publications
  }

  /** Gives back the publications, and the outbox rows they carry, claimed with `claimToken`. */
  @InjectManager()
  async releasePublicationClaims(claimToken: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.publications.releaseClaims(claimToken, sharedContext)
    await this.outbox.releaseClaims(claimToken, sharedContext)
  }

  /** Records how a claimed product's push ended; the SKUs a create carried are accepted in its account's catalogue outbox first. */
  @InjectTransactionManager()
  async completePublication(
    claim: ClaimedPublication,
    outcome: PublicationOutcome,
    created: WantedSkuFields[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    const { id, options } = this.account(claim.account)
    await this.outbox.acceptCreated(id, created, sharedContext)
    await this.publications.complete(claim, outcome, options.catalogueRetryDelayMs, sharedContext)
  }

  /** The other product of this store whose publication holds one of `skus` on the account's hub, if any. */
  @InjectManager()
  async publicationHolding(account: string, skus: string[], productId: string, @MedusaContext() sharedContext: Context = {}): Promise<{ sku: string; productId: string } | null> {
    return this.publications.holderOf(this.account(account).id, skus, productId, sharedContext)
  }

  @InjectManager()
  async nextPublicationDueInMs(account: string, @MedusaContext() sharedContext: Context = {}): Promise<number | null> {
    return this.publications.nextDueInMs(this.account(account).id, sharedContext)
  }

  @InjectManager()
  async publicationCounts(
    account: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ byState: Record<PublicationState, number>; due: number }> {
    return this.publications.counts(this.account(account).id, sharedContext)
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

  /** True when the account's schedule (`catalogueReconcileEveryMinutes`) says a reconciliation of its hub is due. */
  @InjectManager()
  async isStockReconciliationDue(account: string, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    const { id, options } = this.account(account)
    const every = options.catalogueReconcileEveryMinutes
    return every > 0 && this.reconciliations.isDue(id, every, sharedContext)
  }

  /** How many SKUs wait to be pushed to the account's hub. */
  async catalogueBacklog(account: string): Promise<number> {
    const [, count] = await this.listAndCountHubCatalogueChanges({ state: "pending", account: this.account(account).id }, { take: 1, select: ["id"] })
    return count
  }

  /** A page of the SKUs the account's hub refused, or whose last push failed, newest first, and how many in all. */
  @InjectManager()
  async listSkusInError(page: { limit: number; offset: number }, account: string, @MedusaContext() sharedContext: Context = {}) {
    return this.reconciliations.skusInError(this.account(account).id, page, sharedContext)
  }

  /** A page of the account's SKUs whose price goes down in steps now (the hub refuses a cut of `priceCutLimitPercent` at once). */
  @InjectManager()
  async listPriceSteps(page: { limit: number; offset: number }, account: string, @MedusaContext() sharedContext: Context = {}) {
    const { id, options } = this.account(account)
    // More than one step left: a cut larger than one step (the limit less its margin) from what the hub holds.
    const stepCut = options.priceCutLimitPercent - options.priceCutMarginPercent
    if (options.priceCutLimitPercent === 0 || stepCut <= 0) return { rows: [], count: 0 }
    return this.reconciliations.priceSteps(id, stepCut, page, sharedContext)
  }

  /** The stock sync's figures of one account for the admin page. */
  @InjectManager()
  async stockSyncFigures(account: string, @MedusaContext() sharedContext: Context = {}): Promise<StockSyncFigures & { account: string }> {
    const { id, options } = this.account(account)
    const figures = await this.reconciliations.stockSyncFigures(id, sharedContext)
    return { account: id, syncedFields: ["qty", ...options.catalogueFields], ...figures }
  }

  // ---- Hub traffic per hour

  /** Adds this process's hub requests since the last call to the store's hourly rows, each account's apart; given back on failure. */
  @InjectManager()
  async recordHubTraffic(@MedusaContext() sharedContext: Context = {}): Promise<void> {
    for (const { id, client } of this.hubAccounts) {
      const rows = client.takeHourlyTraffic()
      try {
        await this.traffic.add(id, rows, sharedContext)
      } catch (error) {
        client.returnHourlyTraffic(rows)
        throw error
      }
    }
  }

  /** One account's requests, 4xx and 429 per hour and endpoint over the last `hours` hours, from every process. */
  @InjectManager()
  async hubTraffic(hours: number, account: string, @MedusaContext() sharedContext: Context = {}): Promise<TrafficHour[]> {
    return this.traffic.lastHours(this.account(account).id, hours, sharedContext)
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
