import type { Context, DAL } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import type { HubOrderRepository, HubOrderRecord, HubOrderStepFields } from "./repositories/hub-order"

/**
 * One account's hub order records (`hub.account(id).records.orders`) found by their codes (the import's
 * listing, the order page, a move, a PLP, an after-sale ticket) or their ids (the orders' workflow
 * steps, which set their fields and put them back), or, for the moves' drivers, the Medusa order of
 * each: every read and write of that account's rows only (a code is unique in its account, not across).
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

  /** The records of these ids; another account's id finds nothing. */
  @InjectManager()
  async byIds(ids: string[], @MedusaContext() sharedContext: Context = {}): Promise<HubOrderRecord[]> {
    return this.orders.byIds(this.account, [...new Set(ids)], sharedContext)
  }

  /** The record of one id, or null. */
  async byId(id: string): Promise<HubOrderRecord | null> {
    const [record] = await this.byIds([id])
    return record ?? null
  }

  /**
   * Sets `fields` on one record, only while it holds `only` (when given); answers those fields as
   * they were (what a compensation sets back), or null when nothing changed (see the repository).
   */
  @InjectManager()
  async set(id: string, fields: HubOrderStepFields, only: HubOrderStepFields = {}, @MedusaContext() sharedContext: Context = {}): Promise<HubOrderStepFields | null> {
    return this.orders.set(this.account, id, fields, only, sharedContext)
  }
}
