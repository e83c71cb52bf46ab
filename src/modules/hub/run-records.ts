import type { Context, DAL } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import type { HubAccountOptions } from "./accounts"
import type { HubImportRunRepository, ImportRunHistoryLine, ImportRunRecord } from "./repositories/hub-import-run"
import type { HubCatalogueReconciliationRepository } from "./repositories/hub-catalogue-reconciliation"

/** What an ended reconciliation records beside its page counts (the service's `countCatalogueReconciliation` adds those as it goes). */
export type EndedCatalogueReconciliation = {
  error: string | null
  leakedOrders: number
  /** The account's other warehouses' part, by store code. */
  warehouses: Record<string, { seen: number; differing: number }>
}

/**
 * One account's runs in this store (`hub.account(id).records.runs`): the order import's runs
 * (src/sync/orders/hub-order-intake.ts) and the catalogue's reconciliations
 * (src/sync/catalogue/catalogue-reconciliation.ts), begun, held and ended here, every write of that
 * account's rows only. What a run's shared orders add to it, by run id, stays on the service.
 */
export class HubRunRecords {
  constructor(
    private readonly account: { readonly id: string; readonly options: HubAccountOptions },
    private readonly importRuns: HubImportRunRepository,
    private readonly reconciliations: HubCatalogueReconciliationRepository,
    /** The module's base repository: where `@InjectManager` takes a manager from. */
    protected readonly baseRepository_: DAL.RepositoryService
  ) {}

  // ---- The order import's runs

  /** Records the start of a run, so the admin sees it even if it ends at once; its id. */
  @InjectManager()
  async beginImportRun(intake: "listing" | "queue", heldUntil: Date, @MedusaContext() sharedContext: Context = {}): Promise<string> {
    return this.importRuns.begin(this.account.id, intake, heldUntil, sharedContext)
  }

  /** Moves a running run's lease on (`held_until`): a run whose process died is told apart once it passes. */
  @InjectManager()
  async holdImportRun(runId: string, heldUntil: Date, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.importRuns.hold(this.account.id, runId, heldUntil, sharedContext)
  }

  /** Whether the queue's safety-net listing should run now: `queueListingEveryMinutes` since the last listing began. */
  @InjectManager()
  async isQueueListingDue(now: Date, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    const last = await this.importRuns.lastStartedAt(this.account.id, "listing", sharedContext)
    // A few seconds of slack so that an interval is not skipped by the tick's jitter.
    return !last || now.getTime() - last.getTime() >= this.account.options.queueListingEveryMinutes * 60_000 - 5_000
  }

  /** A page of the runs' history, newest first: back-to-back runs that found nothing are one line (see the repository). */
  @InjectManager()
  async importRunHistory(page: { limit: number; offset: number }, @MedusaContext() sharedContext: Context = {}): Promise<{ lines: ImportRunHistoryLine[]; count: number }> {
    return this.importRuns.history(this.account.id, page, sharedContext)
  }

  /** The newest finished run before `runId` that found something: what a run that found nothing came after. */
  @InjectManager()
  async lastImportRunThatFound(runId: string, @MedusaContext() sharedContext: Context = {}): Promise<ImportRunRecord | null> {
    return this.importRuns.lastThatFound(this.account.id, runId, sharedContext)
  }

  // ---- The catalogue's reconciliations

  /** True when the schedule (`catalogueReconcileEveryMinutes`) says a reconciliation of the hub is due. */
  @InjectManager()
  async isCatalogueReconciliationDue(@MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    const every = this.account.options.catalogueReconcileEveryMinutes
    return every > 0 && this.reconciliations.isDue(this.account.id, every, sharedContext)
  }

  /** Records the start of a reconciliation (what `isCatalogueReconciliationDue` reads); its id. */
  @InjectManager()
  async beginCatalogueReconciliation(@MedusaContext() sharedContext: Context = {}): Promise<string> {
    return this.reconciliations.begin(this.account.id, sharedContext)
  }

  /** Records how a reconciliation ended. */
  @InjectManager()
  async endCatalogueReconciliation(id: string, ended: EndedCatalogueReconciliation, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.reconciliations.end(this.account.id, id, ended, sharedContext)
  }
}
