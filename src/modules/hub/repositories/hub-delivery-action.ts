import type { Context, InferTypeOf } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { HubDeliveryAction } from "../models"

/** An order's line in the history of the marketplace's delivery, as its row holds it. */
export type HubDeliveryActionRecord = InferTypeOf<typeof HubDeliveryAction>

/** A line to record: one order's part in an action. */
export type DeliveryActionToRecord = Pick<HubDeliveryActionRecord, "code" | "action" | "plp_id" | "state" | "error">

/** The history of the marketplace's delivery (PLPs, collections), per account and order code. */
export class HubDeliveryActionRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubDeliveryAction) {
  /** Records `account`'s lines in one statement; answers their ids. */
  async record(account: string, lines: DeliveryActionToRecord[], context: Context = {}): Promise<string[]> {
    if (!lines.length) return []
    const rows = lines.map((line) => ({ id: generateEntityId(undefined, "hubdlv"), ...line }))
    const inserted: Array<{ id: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `insert into hub_delivery_action (id, account, code, action, plp_id, state, error)
       select id, ?::text, code, action, plp_id, state, error
         from jsonb_to_recordset(?::jsonb) as input(id text, code text, action text, plp_id text, state text, error text)
       returning id`,
      [account, JSON.stringify(rows)]
    )
    return inserted.map((row) => row.id)
  }

  /** Removes these lines of `account` (a recording undone). */
  async remove(account: string, ids: string[], context: Context = {}): Promise<void> {
    if (!ids.length) return
    await this.getActiveManager<EntityManager>(context).execute(
      `delete from hub_delivery_action where account = ? and id in (select jsonb_array_elements_text(?::jsonb))`,
      [account, JSON.stringify(ids)]
    )
  }

  /** One order's newest lines of `account`, at most `take`. */
  async ofOrder(account: string, code: string, take: number, context: Context = {}): Promise<HubDeliveryActionRecord[]> {
    return this.getActiveManager<EntityManager>(context).execute(
      `select * from hub_delivery_action where account = ? and code = ? and deleted_at is null order by created_at desc, id desc limit ?`,
      [account, code, take]
    )
  }
}
