import type { Context, DAL } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import type { HubOrderRepository, HubOrderRecord } from "./repositories/hub-order"

/**
 * One account's hub order records found by their codes (`hub.account(id).records.orders`: the import's
 * listing, the order page, a move, a PLP, an after-sale ticket) or, for the moves' drivers, the Medusa
 * order of each: every read of that account's rows only (a code is unique in its account, not across).
 */
export class HubOrderRecords {
  constructor(
    private readonly account: string,
    private readonly orders: HubOrderRepository,
    /** The module's base repository: where `@InjectManager` takes a manager from. */
    protected readonly baseRepository_: DAL.RepositoryService
  ) {}

  /** The records of these codes, any order; a code never imported has none. */
  @InjectManager()
  async byCodes(codes: string[], @MedusaContext() sharedContext: Context = {}): Promise<HubOrderRecord[]> {
    return this.orders.byCodes(this.account, [...new Set(codes)], sharedContext)
  }

  /** The record of one code, or null. */
  @InjectManager()
  async byCode(code: string, @MedusaContext() sharedContext: Context = {}): Promise<HubOrderRecord | null> {
    const [record] = await this.orders.byCodes(this.account, [code], sharedContext)
    return record ?? null
  }

  /** The Medusa order of each of these records (null: not imported); another account's record is not in it. */
  @InjectManager()
  async orderIdsOf(ids: string[], @MedusaContext() sharedContext: Context = {}): Promise<Map<string, string | null>> {
    return this.orders.orderIdsOf(this.account, [...new Set(ids)], sharedContext)
  }
}
