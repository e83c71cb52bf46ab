import type { Context } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { HubStatusEntry } from "../models"

/** A status of an account's catalogue as the hub lists it. */
export type HubStatusRow = { code: string; label: string; type: string }

/** The hub's status catalogues' own SQL, per account. */
export class HubStatusRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubStatusEntry) {
  /** `account`'s catalogue as last read, by code. */
  async entries(account: string, context: Context = {}): Promise<HubStatusRow[]> {
    return this.getActiveManager<EntityManager>(context).execute(
      `select code, label, type from hub_status where account = ? and deleted_at is null order by code asc`,
      [account]
    )
  }

  /**
   * Keeps what the hub lists now: a new code added, a code whose label or type changed updated, in one
   * statement (two processes reading the catalogue at once both end with it, neither refused for a
   * code the other added). A code the hub no longer lists is kept: an order may still name it.
   */
  async keep(account: string, statuses: HubStatusRow[], context: Context = {}): Promise<void> {
    if (!statuses.length) return
    const rows = statuses.map(({ code, label, type }) => ({ id: generateEntityId(undefined, "hubsts"), code, label, type }))
    await this.getActiveManager<EntityManager>(context).execute(
      `insert into hub_status as s (id, account, code, label, type)
       select id, ?::text, code, label, type from jsonb_to_recordset(?::jsonb) as input(id text, code text, label text, type text)
       on conflict (account, code) where deleted_at is null do update set label = excluded.label, type = excluded.type, updated_at = now()
       where (s.label, s.type) is distinct from (excluded.label, excluded.type)`,
      [account, JSON.stringify(rows)]
    )
  }
}
