import type { Context, DAL } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import type { HubWarehouseStockRepository, WarehouseStockReading, WarehouseStockRecord } from "./repositories/hub-warehouse-stock"

export type { WarehouseStockReading, WarehouseStockRecord }

/**
 * What the reconciliation of an account's other warehouses reads of its outbox
 * (`hub.account(id).records.warehouseReconciliation`; src/sync/catalogue/warehouse-reconciliation.ts):
 * its SKUs a page at a time, and what each warehouse last took of them; and Medusa's stock of a
 * warehouse batch's SKUs as the batch leaves (src/workflows/catalogue/steps/push-warehouse-stock.ts).
 */
export class HubWarehouseReconciliationRecords {
  constructor(
    private readonly account: string,
    private readonly repository: HubWarehouseStockRepository,
    /** The module's base repository: where `@InjectManager` takes a manager from. */
    protected readonly baseRepository_: DAL.RepositoryService
  ) {}

  /** What the outbox says each of `warehouses` holds of `skus`. */
  @InjectManager()
  async recordsOf(warehouses: string[], skus: string[], @MedusaContext() sharedContext: Context = {}): Promise<WarehouseStockRecord[]> {
    return this.repository.recordsOf(this.account, warehouses, skus, sharedContext)
  }

  /** The account's next `limit` SKUs after `after` with Medusa's stock of each at `locationIds` (one statement). */
  @InjectManager()
  async stockPage(
    page: { after: string | null; limit: number },
    salesChannelId: string | null,
    locationIds: string[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<WarehouseStockReading[]> {
    return this.repository.stockPage(this.account, page, salesChannelId, locationIds, sharedContext)
  }

  /** Medusa's stock of `skus` at `locationIds` (one statement): a batch's quantities read as it leaves. */
  @InjectManager()
  async stockOf(skus: string[], salesChannelId: string | null, locationIds: string[], @MedusaContext() sharedContext: Context = {}): Promise<WarehouseStockReading[]> {
    return this.repository.stockOf(skus, salesChannelId, locationIds, sharedContext)
  }
}
