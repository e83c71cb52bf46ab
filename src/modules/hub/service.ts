import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import { errorText } from "../../mapping/error-text"
import type { HubAccount } from "./hub-account"
import type { HubProductField } from "../../mapping/hub-product"
import { hubSkusOf } from "../../mapping/hub-skus"
import type { CarriedOutcome, ClaimedCatalogueChange, WantedSkuFields } from "./models/hub-catalogue-change"
import type { ClaimedPublication } from "./models/hub-product-publication"
import { NfeUploads } from "./nfe-uploads"
import type { ProcessParts } from "./process-parts"
import type { PublicationOutcome } from "./repositories/hub-product-publication"
import type { FreightQuoteToRecord } from "./repositories/hub-freight"
import { HubOrderRecords, type HubOrderRecordsDependencies } from "./services/hub-order-records"

export type { HubConnectionHealth } from "./hub-account"
export type { OrderIntakeFigures } from "./account-records"

/** How often each process adds its hub client's hourly figures to the store's (a kill -9 loses at most this much). */
const TRAFFIC_RECORD_EVERY_MS = 30_000

type InjectedDependencies = HubOrderRecordsDependencies & {
  hubProcessParts: ProcessParts
  logger: { warn(message: string): void }
}

/**
 * The hub module's façade: the store's hub accounts, each an object the code holds
 * (`account(id)`: its options, its hub operations, src/modules/hub/account-operations.ts, and its rows
 * `records`, src/modules/hub/account-records.ts), what spans accounts (claim tokens, moves, the hourly
 * traffic), and the process's machinery (`processPart`). All SQL lives in `repositories/`; the words
 * code outside takes from the module are `types.ts`'s. The orders' half is
 * `services/hub-order-records.ts`; this half holds the catalogue's settling of claims, the freight quotes
 * recorded across accounts, the traffic figures and the module's lifecycle hooks. The service never calls the hub itself: steps and drivers do.
 */
export default class HubModuleService extends HubOrderRecords {
  private readonly logger: InjectedDependencies["logger"]
  private readonly processParts: ProcessParts
  private trafficTimer: NodeJS.Timeout | undefined

  constructor(dependencies: InjectedDependencies, ...moduleArguments: unknown[]) {
    super(dependencies, ...moduleArguments)
    this.logger = dependencies.logger
    this.processParts = dependencies.hubProcessParts
  }

  /** Whether an account's `catalogueFields` keeps a price field true on its hub (price events matter then). */
  get syncsPrices(): boolean {
    return this.accounts.some(({ options }) => options.catalogueFields.some((field) => field === "price" || field === "promotional_price"))
  }

  /** The accounts whose `publishProducts` is on: each publishes its own sales channel's products to its hub. */
  get publishingAccounts(): HubAccount[] {
    return this.accounts.filter(({ options }) => options.publishProducts)
  }

  // ---- The hub products' claims, settled by their token (each claim names its account)

  /**
   * Records how the push of a claimed outbox row ended (with its account's timing), and counts it in
   * its account's hour; `returned`: a row carried by a product's push refused for the product's own
   * fields, given back to go alone; `awaiting`: a SKU the hub does not hold yet, waiting for its product's create.
   */
  @InjectManager()
  async completeCataloguePush(claim: ClaimedCatalogueChange, outcome: CarriedOutcome, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    if (outcome.kind === "returned") return this.repositories.outbox.giveBack(claim, sharedContext)
    if (outcome.kind === "awaiting") return this.repositories.outbox.awaitPublication(claim, sharedContext)
    await this.repositories.outbox.complete(claim, outcome, this.account(claim.account).options, sharedContext)
  }

  /** Frees one hub product claimed with `claimToken` once its push settled every row (none named: every one of the claim). */
  @InjectManager()
  async freeHubProducts(claimToken: string, hubProduct?: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.repositories.hubProducts.free(claimToken, hubProduct, sharedContext)
  }

  /** Gives back the hub products, their publications and outbox rows, claimed with `claimToken`, without a push. */
  @InjectManager()
  async releaseHubProductClaims(claimToken: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.repositories.hubProducts.release(claimToken, sharedContext)
  }

  /**
   * Records how a claimed product's push ended; the SKUs a create carried are accepted in its account's
   * catalogue outbox first, and those that waited for a product the hub now holds are due again.
   */
  @InjectTransactionManager()
  async completePublication(
    claim: ClaimedPublication,
    outcome: PublicationOutcome,
    created: WantedSkuFields[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    const { id, options } = this.account(claim.account)
    await this.repositories.outbox.acceptCreated(id, created, sharedContext)
    if (outcome.kind === "published") await this.repositories.outbox.wakeAwaiting(id, claim.productId, sharedContext)
    // Its hub SKUs are freed once the hub holds nothing of the product under them (gone, or disabled before a remap).
    if (outcome.kind === "gone" || outcome.kind === "remapped") await this.repositories.skuReservations.releaseOfClaim(claim, sharedContext)
    if (outcome.kind === "published") await this.repositories.skuReservations.hold(id, claim.productId, hubSkusOf(outcome.sku, outcome.accepted), sharedContext)
    await this.repositories.publications.complete(claim, outcome, options.catalogueRetryDelayMs, sharedContext)
  }

  // ---- Reconciliations

  /** Adds a page's counts to a running reconciliation. */
  @InjectManager()
  async countStockReconciliation(
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
