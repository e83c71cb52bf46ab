import type { Context, DAL } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import type { HubAccountOptions } from "./accounts"
import type { PublicationState } from "./models/hub-product-publication"
import type {
  HubProductPublicationRecord,
  HubProductPublicationRepository,
  PublicationAsked,
  PublicationPageQuery,
} from "./repositories/hub-product-publication"

/**
 * One account's product publications (`hub.account(id).records.publications`, option `publishProducts`):
 * products marked for its hub, the merchant's asks, and what the admin reads of them; every read and
 * write of that account's rows only. Their claims and ends are the service's (they carry their account).
 */
export class HubPublicationRecords {
  constructor(
    private readonly account: { readonly id: string; readonly options: HubAccountOptions },
    private readonly publications: HubProductPublicationRepository,
    /** The module's base repository: where `@InjectManager` takes a manager from. */
    protected readonly baseRepository_: DAL.RepositoryService
  ) {}

  /** Products changed in Medusa (`onlyNew`: the first publication's sweep); how many rows were written. */
  @InjectManager()
  async mark(productIds: string[], { onlyNew = false }: { onlyNew?: boolean } = {}, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    return this.publications.mark(this.account.id, productIds, this.account.options, { onlyNew }, sharedContext)
  }

  /** The merchant's *Publish now* or exclusion of one product; answers the row's asked fields as they were (null: the ask made it). */
  @InjectManager()
  async ask(productId: string, ask: { publishNow?: boolean; excluded?: boolean }, @MedusaContext() sharedContext: Context = {}): Promise<PublicationAsked | null> {
    return this.publications.ask(this.account.id, productId, ask, sharedContext)
  }

  /** Undoes an ask: the publication as `ask` said it was, or none when the ask made it. */
  @InjectManager()
  async undoAsk(productId: string, before: PublicationAsked | null, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.publications.unask(this.account.id, productId, before, sharedContext)
  }

  /** The rows per state, and those still to be looked at (the first publication's progress). */
  @InjectManager()
  async counts(@MedusaContext() sharedContext: Context = {}): Promise<{ byState: Record<PublicationState, number>; due: number }> {
    return this.publications.counts(this.account.id, sharedContext)
  }

  /** A page of the rows, newest change first, and how many match. */
  @InjectManager()
  async page(query: PublicationPageQuery, @MedusaContext() sharedContext: Context = {}): Promise<{ rows: HubProductPublicationRecord[]; count: number }> {
    return this.publications.page(this.account.id, query, sharedContext)
  }

  /** The row of each of these products that has one. */
  @InjectManager()
  async ofProducts(productIds: string[], @MedusaContext() sharedContext: Context = {}): Promise<HubProductPublicationRecord[]> {
    return this.publications.ofProducts(this.account.id, [...new Set(productIds)], sharedContext)
  }

  /** The row of one product, or null. */
  async of(productId: string): Promise<HubProductPublicationRecord | null> {
    const [row] = await this.ofProducts([productId])
    return row ?? null
  }

  /** The first product, by id, with a row (the mapping's sample), or null. */
  @InjectManager()
  async firstProductId(@MedusaContext() sharedContext: Context = {}): Promise<string | null> {
    return this.publications.firstProductId(this.account.id, sharedContext)
  }
}
