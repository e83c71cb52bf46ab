import type { Context, DAL } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import type { HubCatalogueChangeRepository } from "./repositories/hub-catalogue-change"
import type { HubPricePreviewRepository, PricePreviewSourceRow } from "./repositories/hub-price-preview"

/**
 * What the price preview reads of one account's catalogue (`hub.account(id).records.pricePreview`),
 * apart from the account's other records: the preview reads the whole catalogue, a chunk at a time.
 */
export class HubPricePreviewRecords {
  constructor(
    private readonly account: string,
    private readonly repository: HubPricePreviewRepository,
    private readonly outbox: HubCatalogueChangeRepository,
    /** The module's base repository: where `@InjectManager` takes a manager from. */
    protected readonly baseRepository_: DAL.RepositoryService
  ) {}

  /** How many SKUs the preview walks: the default warehouse's rows. */
  @InjectManager()
  async skuCount(@MedusaContext() sharedContext: Context = {}): Promise<number> {
    return this.outbox.skuCount(this.account, sharedContext)
  }

  /**
   * The account's next `limit` SKUs after `after` (SKU order) with what the rules start from
   * (src/modules/hub/repositories/hub-price-preview.ts), in a transaction of its own: its settings end with it.
   */
  @InjectTransactionManager()
  async chunk(
    page: { after: string | null; limit: number },
    list: { priceListId: string | null; currencyCode: string | null },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<PricePreviewSourceRow[]> {
    return this.repository.chunk(this.account, page, list, sharedContext)
  }
}
