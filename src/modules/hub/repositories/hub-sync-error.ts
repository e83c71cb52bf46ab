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
}
