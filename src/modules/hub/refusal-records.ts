import type { Context, DAL } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import type { HubSyncErrorRepository, ListedSyncError, MarketplaceRefusalRow } from "./repositories/hub-sync-error"

type Entity = "products" | "orders"

/**
 * What the marketplaces refused of one account's products (by SKU) and orders (by code) after the hub
 * took them, as the hub's sync errors listing says (`hub.account(id).records.marketplaceRefusals`;
 * src/sync/sync-errors.ts reads the hub into them, docs/catalogue.md *Refused by the marketplace*): every
 * read and write of that account's rows only.
 */
export class HubMarketplaceRefusalRecords {
  constructor(
    private readonly account: string,
    private readonly refusals: HubSyncErrorRepository,
    /** The module's base repository: where `@InjectManager` takes a manager from. */
    protected readonly baseRepository_: DAL.RepositoryService
  ) {}

  /** Records a page as the hub listed it (`seenAt`: when the read began); returns the refusals it added. */
  @InjectManager()
  async record(entity: Entity, errors: ListedSyncError[], seenAt: Date, @MedusaContext() sharedContext: Context = {}): Promise<ListedSyncError[]> {
    return this.refusals.record(this.account, entity, errors, seenAt, sharedContext)
  }

  /** After a whole read begun at `readStartedAt`: drops the refusals it did not list (the hub no longer has them). */
  @InjectManager()
  async forgetUnlisted(entity: Entity, readStartedAt: Date, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    return this.refusals.forgetUnlisted(this.account, entity, readStartedAt, sharedContext)
  }

  /** Undoes a page's recording: the refusals it added removed (the next read lists them again). */
  @InjectManager()
  async forgetAdded(entity: Entity, added: ListedSyncError[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.refusals.forgetAdded(this.account, entity, added, sharedContext)
  }

  /** The open refusals of these SKUs or order codes. */
  @InjectManager()
  async open(entity: Entity, entityIds: string[], @MedusaContext() sharedContext: Context = {}): Promise<MarketplaceRefusalRow[]> {
    return this.refusals.open(this.account, entity, entityIds, sharedContext)
  }

  /** A page of the open refusals, newest first, and how many there are. */
  @InjectManager()
  async page(entity: Entity, page: { limit: number; offset: number }, @MedusaContext() sharedContext: Context = {}): Promise<{ rows: MarketplaceRefusalRow[]; count: number }> {
    return this.refusals.page(this.account, entity, page, sharedContext)
  }

  /** The hub was told these are fixed: shown no more until a read lists them again. */
  @InjectManager()
  async clear(ids: string[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.refusals.clear(this.account, ids, sharedContext)
  }
}
