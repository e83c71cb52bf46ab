import type { Context } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { HubImportRun } from "../models"

/** A run as the history shows it. */
export type ImportRunRecord = {
  id: string
  intake: "listing" | "queue"
  drained: boolean
  started_at: Date
  finished_at: Date | null
  held_until: Date | null
  seen: number
  imported: number
  updated: number
  set_aside: number
  duration_ms: number | null
  error: string | null
}

/**
 * One line of the runs' history: a run, or back-to-back runs that found nothing (finished, nothing
 * imported, updated or set aside, no error), folded into one: `quiet` holds how many and when they
 * ran; the line's run is the newest of them.
 */
export type ImportRunHistoryLine = ImportRunRecord & { quiet: { runs: number; first_started_at: Date; last_finished_at: Date } | null }

const RUN_COLUMNS = `id, intake, drained, started_at, finished_at, held_until, seen, imported, updated, set_aside, duration_ms, error`

/**
 * The SQL of the order import runs' history (table `hub_import_run`) as the merchant reads it: a
 * listing run every few seconds that found nothing is not news, so consecutive quiet runs are one line.
 */
export class HubImportRunRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubImportRun) {
  /** Starts one of the account's runs, held until `heldUntil`; its id. */
  async begin(account: string, intake: "listing" | "queue", heldUntil: Date, context: Context = {}): Promise<string> {
    const id = generateEntityId(undefined, "hubrun")
    await this.getActiveManager<EntityManager>(context).execute(
      `insert into hub_import_run (id, account, started_at, intake, held_until) values (?, ?, now(), ?, ?)`,
      [id, account, intake, heldUntil]
    )
    return id
  }

  /** Moves a running run's lease on to `heldUntil` (a finished run, or another account's, is left alone). */
  async hold(account: string, id: string, heldUntil: Date, context: Context = {}): Promise<void> {
    await this.getActiveManager<EntityManager>(context).execute(
      `update hub_import_run set held_until = ?, updated_at = now() where id = ? and account = ? and finished_at is null`,
      [heldUntil, id, account]
    )
  }

  /** When the account's last run of this intake started, or null. */
  async lastStartedAt(account: string, intake: "listing" | "queue", context: Context = {}): Promise<Date | null> {
    const [row]: Array<{ at: Date | null }> = await this.getActiveManager<EntityManager>(context).execute(
      `select max(started_at) as at from hub_import_run where deleted_at is null and account = ? and intake = ?`,
      [account, intake]
    )
    return row?.at ? new Date(row.at) : null
  }

  /**
   * A page of one account's history, newest first, and how many lines it has in all. The quiet runs
   * are folded by gaps and islands: among the runs in order, a quiet run's position less its position
   * among the quiet ones is the same for every run of one stretch.
   */
  async history(account: string, page: { limit: number; offset: number }, context: Context = {}): Promise<{ lines: ImportRunHistoryLine[]; count: number }> {
    const rows: Array<ImportRunRecord & { total: string; quiet_runs: string | null; first_started_at: Date | null; last_finished_at: Date | null }> =
      await this.getActiveManager<EntityManager>(context).execute(
        `with runs as (
           select ${RUN_COLUMNS},
             (finished_at is not null and error is null and imported = 0 and updated = 0 and set_aside = 0) as quiet,
             row_number() over (order by started_at desc, id desc) as position
           from hub_import_run where account = ? and deleted_at is null
         ), islands as (
           select *, case when quiet then position - row_number() over (partition by quiet order by position) else -position end as island from runs
         ), lines as (
           select min(position) as position, quiet, count(*) as runs, min(started_at) as first_started_at, max(finished_at) as last_finished_at
           from islands group by quiet, island
         )
         select total.count as total, page.* from (select count(*) from lines) total
         left join lateral (
           select ${RUN_COLUMNS.split(", ").map((column) => `runs.${column}`).join(", ")},
             case when lines.quiet then lines.runs end as quiet_runs,
             case when lines.quiet then lines.first_started_at end as first_started_at,
             case when lines.quiet then lines.last_finished_at end as last_finished_at
           from lines join runs on runs.position = lines.position
           order by lines.position limit ? offset ?
         ) page on true`,
        [account, page.limit, page.offset]
      )
    const count = rows.length ? Number(rows[0].total) : 0
    const lines = rows
      .filter((row) => row.id !== null)
      .map(({ total: _total, quiet_runs, first_started_at, last_finished_at, ...run }) => ({
        ...run,
        quiet: quiet_runs === null ? null : { runs: Number(quiet_runs), first_started_at: first_started_at!, last_finished_at: last_finished_at! },
      }))
    return { lines, count }
  }

  /** The newest finished run of the account before `runId` that found something (what an *Import now* that found nothing follows). */
  async lastThatFound(account: string, runId: string, context: Context = {}): Promise<ImportRunRecord | null> {
    const [row]: ImportRunRecord[] = await this.getActiveManager<EntityManager>(context).execute(
      `select ${RUN_COLUMNS} from hub_import_run
       where account = ? and deleted_at is null and id <> ? and finished_at is not null and (imported > 0 or updated > 0 or set_aside > 0)
       order by finished_at desc limit 1`,
      [account, runId]
    )
    return row ?? null
  }
}
