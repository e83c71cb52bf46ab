import type { Context } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { HubSyncError } from "../models"

/** A sync error as a read of the hub lists it, with the hub's words for it. */
export type ListedSyncError = {
  entityId: string
  errorCategoryCode: string
  errorCode: string
  message: string | null
  name: string | null
  solution: string | null
  occurrences: number | null
  lastOccurrence: string | null
}

/** A refusal as the admin shows it (the order card, the product card, the hub page's list). */
export type MarketplaceRefusalRow = {
  id: string
  entity_id: string
  error_category_code: string
  error_code: string
  message: string | null
  name: string | null
  solution: string | null
  occurrences: number | null
  last_occurrence: string | null
  seen_at: Date
}

const REFUSAL_COLUMNS = "id, entity_id, error_category_code, error_code, message, name, solution, occurrences, last_occurrence, seen_at"

const keyOf = (entityId: string, category: string, code: string) => `${entityId}\u0000${category}\u0000${code}`

/**
 * What the hub's sync errors listing says, kept per account: a page recorded in one statement (two
 * processes reading at once leave one row per error), and the rows a whole read did not list removed.
 */
export class HubSyncErrorRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubSyncError) {
  /**
   * Records a page: new errors added, known ones brought up to date and shown again (`cleared_at` null).
   * Returns the errors this page added (the merchant is told of those).
   */
  async record(account: string, entity: "products" | "orders", errors: ListedSyncError[], seenAt: Date, context: Context = {}): Promise<ListedSyncError[]> {
    if (!errors.length) return []
    const values: unknown[] = []
    const rows = errors.map((error) => {
      values.push(generateEntityId(undefined, "hubsyn"), account, entity, error.entityId, error.errorCategoryCode, error.errorCode, error.message, error.name, error.solution, error.occurrences, error.lastOccurrence, seenAt)
      return "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    })
    const written: Array<{ entity_id: string; error_category_code: string; error_code: string; added: boolean }> = await this.getActiveManager<EntityManager>(context).execute(
      `insert into hub_sync_error (id, account, entity, entity_id, error_category_code, error_code, message, name, solution, occurrences, last_occurrence, seen_at)
       values ${rows.join(", ")}
       on conflict (account, entity, entity_id, error_category_code, error_code) where deleted_at is null do update set
         message = excluded.message, name = excluded.name, solution = excluded.solution, occurrences = excluded.occurrences,
         last_occurrence = excluded.last_occurrence, seen_at = excluded.seen_at, cleared_at = null, updated_at = now()
       returning entity_id, error_category_code, error_code, (xmax = 0) as added`,
      values
    )
    // xmax is 0 on a row this statement inserted, not on one it updated.
    const added = new Set(written.filter((row) => row.added).map((row) => keyOf(row.entity_id, row.error_category_code, row.error_code)))
    return errors.filter((error) => added.has(keyOf(error.entityId, error.errorCategoryCode, error.errorCode)))
  }

  /** After a whole read: the errors it did not list are gone from the hub. Returns how many. */
  async forgetUnlisted(account: string, entity: "products" | "orders", readStartedAt: Date, context: Context = {}): Promise<number> {
    const rows = await this.getActiveManager<EntityManager>(context).execute(
      `delete from hub_sync_error where account = ? and entity = ? and seen_at < ? and deleted_at is null returning id`,
      [account, entity, readStartedAt]
    )
    return rows.length
  }

  /** The open (not cleared) refusals of these products' SKUs or orders' codes, with the hub's words. */
  async open(account: string, entity: "products" | "orders", entityIds: string[], context: Context = {}): Promise<MarketplaceRefusalRow[]> {
    if (!entityIds.length) return []
    return this.getActiveManager<EntityManager>(context).execute(
      `select ${REFUSAL_COLUMNS} from hub_sync_error
        where account = ? and entity = ? and entity_id in (select jsonb_array_elements_text(?::jsonb)) and cleared_at is null and deleted_at is null
        order by seen_at desc, entity_id asc, id asc`,
      [account, entity, JSON.stringify(entityIds)]
    )
  }

  /** A page of the open refusals, newest first, and how many there are. */
  async page(account: string, entity: "products" | "orders", { limit, offset }: { limit: number; offset: number }, context: Context = {}): Promise<{ rows: MarketplaceRefusalRow[]; count: number }> {
    const manager = this.getActiveManager<EntityManager>(context)
    const rows: MarketplaceRefusalRow[] = await manager.execute(
      `select ${REFUSAL_COLUMNS} from hub_sync_error where account = ? and entity = ? and cleared_at is null and deleted_at is null
        order by seen_at desc, entity_id asc, id asc limit ? offset ?`,
      [account, entity, limit, offset]
    )
    const [{ total }]: Array<{ total: string }> = await manager.execute(
      `select count(*) as total from hub_sync_error where account = ? and entity = ? and cleared_at is null and deleted_at is null`,
      [account, entity]
    )
    return { rows, count: Number(total) }
  }

  /** The hub was told these are fixed: shown no more until a read lists them again. */
  async clear(account: string, ids: string[], context: Context = {}): Promise<void> {
    if (!ids.length) return
    await this.getActiveManager<EntityManager>(context).execute(
      `update hub_sync_error set cleared_at = now(), updated_at = now() where account = ? and id in (select jsonb_array_elements_text(?::jsonb)) and deleted_at is null`,
      [account, JSON.stringify(ids)]
    )
  }

  /** Removes the rows of refusals a page added (its recording undone; the next read lists them again). */
  async forgetAdded(account: string, entity: "products" | "orders", added: ListedSyncError[], context: Context = {}): Promise<void> {
    if (!added.length) return
    const keys = added.map((error) => ({ entity_id: error.entityId, error_category_code: error.errorCategoryCode, error_code: error.errorCode }))
    await this.getActiveManager<EntityManager>(context).execute(
      `delete from hub_sync_error as e using jsonb_to_recordset(?::jsonb) as k(entity_id text, error_category_code text, error_code text)
        where e.account = ? and e.entity = ? and e.entity_id = k.entity_id and e.error_category_code = k.error_category_code and e.error_code = k.error_code and e.deleted_at is null`,
      [JSON.stringify(keys), account, entity]
    )
  }
}
