import type { Context, DAL } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import type { DeliveryActionToRecord, HubDeliveryActionRecord, HubDeliveryActionRepository } from "./repositories/hub-delivery-action"

/**
 * One account's history of the marketplace's delivery (`hub.account(id).records.deliveryActions`: PLPs
 * grouped and ungrouped, collections requested, one line per order; docs/delivery.md): every read and
 * write of that account's rows only.
 */
export class HubDeliveryActionRecords {
  constructor(
    private readonly account: string,
    private readonly actions: HubDeliveryActionRepository,
    /** The module's base repository: where `@InjectManager` takes a manager from. */
    protected readonly baseRepository_: DAL.RepositoryService
  ) {}

  /** Records one action's lines; answers their ids (what `remove` undoes). */
  @InjectManager()
  async record(lines: DeliveryActionToRecord[], @MedusaContext() sharedContext: Context = {}): Promise<string[]> {
    return this.actions.record(this.account, lines, sharedContext)
  }

  /** Removes lines `record` made. */
  @InjectManager()
  async remove(ids: string[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.actions.remove(this.account, ids, sharedContext)
  }

  /** One order's newest lines, at most `take` (its card's *Delivery*). */
  @InjectManager()
  async ofOrder(code: string, take: number, @MedusaContext() sharedContext: Context = {}): Promise<HubDeliveryActionRecord[]> {
    return this.actions.ofOrder(this.account, code, take, sharedContext)
  }
}
