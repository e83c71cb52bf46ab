import { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { HubClient, HubFiguresSnapshot } from "../../hub-client"
import { HubImportRun, HubOrder, HubOrderMove, HubStatusEntry, HubStockChange, HubStockPushHour, HubStockReconciliation } from "./models"
import type { ClaimedStockChange, StockPushOutcome, StockSyncFigures, WantedStock } from "./models/hub-stock-change"
import { HubPluginOptions } from "./options"

type InjectedDependencies = {
  hubClient: HubClient
  hubOptions: HubPluginOptions
}

/** What a hub order was when the import saw it. */
export type SeenHubOrder = {
  code: string
  channel?: string | null
  statusCode: string
  statusType: string
  digest: string
}

export type HubOrderRecord = {
  id: string
  code: string
  import_state: "importing" | "imported" | "needs_stock" | "quarantined"
  attempts: number
  order_id: string | null
}

/** An import that died holding its claim is taken over by a later run after this long. */
export const CLAIM_LEASE_MS = 10 * 60_000

/** A merchant move claimed by a process that died is taken over after this long. */
export const MOVE_LEASE_MS = 2 * 60_000

/** How a merchant move ended, as recorded on its row. */
export type HubOrderMoveOutcome = {
  state: "done" | "rejected" | "unknown" | "failed"
  hubStatusCode?: string | null
  error?: string | null
  errorStatus?: number | null
}

export type HubConnectionHealth = {
  hubOrigin: string
  sandbox: boolean
  figures: HubFiguresSnapshot
}

/**
 * The hub module's service: the hub's records in this store (orders, statuses, runs), the one
 * hub client of the process and the plugin options, for workflows, jobs and routes.
 */
export default class HubModuleService extends MedusaService({
  HubOrder,
  HubOrderMove,
  HubStatusEntry,
  HubImportRun,
  HubStockChange,
  HubStockPushHour,
  HubStockReconciliation,
}) {
  private readonly hubClient: HubClient
  readonly hubOptions: HubPluginOptions

  constructor(dependencies: InjectedDependencies) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.hubClient = dependencies.hubClient
    this.hubOptions = dependencies.hubOptions
  }

  get client(): HubClient {
    return this.hubClient
  }

  /**
   * Claims a hub order for import, atomically: a new code is inserted as `importing`; a
   * quarantined one, or one whose claim outlived its lease (the importer died), is taken over.
   * Null when the order is imported already or another run holds it: two runs, in one process
   * or many, never import the same order.
   */
  @InjectManager()
  async claimHubOrder(
    seen: SeenHubOrder,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<HubOrderRecord | null> {
    const rows: HubOrderRecord[] = await sharedContext.manager!.execute(
      `insert into hub_order (id, code, channel, status_code, status_type, import_state, payload_digest, claimed_at, attempts)
       values (?, ?, ?, ?, ?, 'importing', ?, now(), 1)
       on conflict (code) where deleted_at is null do update set
         import_state = 'importing', claimed_at = now(), attempts = hub_order.attempts + 1,
         status_code = excluded.status_code, status_type = excluded.status_type,
         payload_digest = excluded.payload_digest, updated_at = now()
       where hub_order.import_state = 'quarantined'
          or (hub_order.import_state = 'importing' and hub_order.claimed_at < now() - make_interval(secs => ?))
       returning id, code, import_state, attempts, order_id`,
      [generateEntityId(undefined, "hubord"), seen.code, seen.channel ?? null, seen.statusCode, seen.statusType, seen.digest, CLAIM_LEASE_MS / 1000]
    )
    return rows[0] ?? null
  }

  /**
   * Sets a hub order aside with the reason, to be tried again by a later run. An order already
   * imported is never set aside by a later failure.
   */
  @InjectManager()
  async quarantineHubOrder(
    seen: Omit<SeenHubOrder, "statusType"> & { statusType?: string },
    reason: string,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<void> {
    await sharedContext.manager!.execute(
      `insert into hub_order (id, code, channel, status_code, status_type, import_state, quarantine_reason, payload_digest)
       values (?, ?, ?, ?, ?, 'quarantined', ?, ?)
       on conflict (code) where deleted_at is null do update set
         import_state = 'quarantined', quarantine_reason = excluded.quarantine_reason, claimed_at = null,
         status_code = excluded.status_code, status_type = excluded.status_type,
         payload_digest = excluded.payload_digest, updated_at = now()
       where hub_order.import_state in ('quarantined', 'importing')`,
      [generateEntityId(undefined, "hubord"), seen.code, seen.channel ?? null, seen.statusCode, seen.statusType ?? "UNKNOWN", reason.slice(0, 2000), seen.digest]
    )
  }

  /**
   * Claims a merchant move of a hub order, atomically: a new move is inserted as `sending`; a move
   * of the same kind whose answer was lost, or whose claim outlived its lease, is taken over (the
   * caller must read the hub order before it sends anything). Null while another claim of that
   * move is live: a double click sends once.
   */
  @InjectManager()
  async claimHubOrderMove(
    move: { hubOrderId: string; code: string; kind: string; request: unknown },
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<{ id: string } | null> {
    const [row]: Array<{ id: string }> = await sharedContext.manager!.execute(
      `insert into hub_order_move as m (id, hub_order_id, code, kind, request, state, claimed_until)
       values (?, ?, ?, ?, ?::jsonb, 'sending', now() + make_interval(secs => ?))
       on conflict (hub_order_id, kind) where state in ('sending', 'unknown') and deleted_at is null do update set
         state = 'sending', request = excluded.request, claimed_until = excluded.claimed_until,
         attempts = m.attempts + 1, error = null, error_status = null, updated_at = now()
       where m.state = 'unknown' or m.claimed_until < now()
       returning m.id`,
      [generateEntityId(undefined, "hubmv"), move.hubOrderId, move.code, move.kind, JSON.stringify(move.request), MOVE_LEASE_MS / 1000]
    )
    return row ?? null
  }

  /**
   * Records how a move ended; the hub order keeps the status the hub reported. With `fromState`,
   * only a move still in that state is changed (a merchant's retry that took it over wins).
   * Returns whether the move was changed.
   */
  @InjectManager()
  async finishHubOrderMove(
    moveId: string,
    outcome: HubOrderMoveOutcome,
    hubStatus: { hubOrderId: string; code: string; type: string } | null,
    { fromState }: { fromState?: "unknown" } = {},
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<boolean> {
    const manager = sharedContext.manager!
    const changed: unknown[] = await manager.execute(
      `update hub_order_move set state = ?, hub_status_code = ?, error = ?, error_status = ?,
         claimed_until = null, finished_at = now(), updated_at = now()
       where id = ? and (?::text is null or state = ?::text)
       returning id`,
      [outcome.state, outcome.hubStatusCode ?? null, outcome.error?.slice(0, 2000) ?? null, outcome.errorStatus ?? null, moveId, fromState ?? null, fromState ?? null]
    )
    if (!changed.length) return false
    if (hubStatus) {
      await manager.execute(`update hub_order set status_code = ?, status_type = ?, updated_at = now() where id = ?`, [
        hubStatus.code,
        hubStatus.type,
        hubStatus.hubOrderId,
      ])
    }
    return true
  }

  /** Whether the scheduled order import should run now: jobs on, and the interval passed since the last run began. */
  async isOrderImportDue(now: Date): Promise<boolean> {
    if (!this.hubOptions.jobs) return false
    const [lastRun] = await this.listHubImportRuns({}, { order: { started_at: "DESC" }, take: 1 })
    // A few seconds of slack so that a one-minute interval is not skipped by the tick's jitter.
    return !lastRun || now.getTime() - new Date(lastRun.started_at).getTime() >= this.hubOptions.importIntervalMinutes * 60_000 - 5_000
  }

  /** The catalogue as last read from the hub (code -> type), without a request. */
  async storedStatusCatalogue(): Promise<Map<string, string>> {
    const known = await this.listHubStatusEntries({}, { take: null })
    return new Map(known.map((status) => [status.code, status.type]))
  }

  /** Reads `GET /statuses` and keeps the catalogue; returns code -> type, custom statuses included. */
  async refreshStatusCatalogue(): Promise<Map<string, string>> {
    const statuses = await this.hubClient.listStatuses()
    const known = await this.listHubStatusEntries({}, { take: null })
    const knownByCode = new Map(known.map((status) => [status.code, status]))
    const toCreate = statuses.filter((status) => !knownByCode.has(status.code))
    const toUpdate = statuses.filter((status) => {
      const stored = knownByCode.get(status.code)
      return stored && (stored.label !== status.label || stored.type !== status.type)
    })
    if (toCreate.length) {
      await this.createHubStatusEntries(toCreate.map(({ code, label, type }) => ({ code, label, type })))
    }
    if (toUpdate.length) {
      await this.updateHubStatusEntries(
        toUpdate.map(({ code, label, type }) => ({ id: knownByCode.get(code)!.id, label, type }))
      )
    }
    return new Map(statuses.map((status) => [status.code, status.type]))
  }

  /** What the admin page shows: never a credential, only the hub's origin and the counters. */
  connectionHealth(): HubConnectionHealth {
    return {
      hubOrigin: new URL(this.hubOptions.baseUrl).origin,
      sandbox: this.hubOptions.sandbox,
      figures: this.hubClient.figures(),
    }
  }

  // ---- Stock sync
  // The outbox is worked with single SQL statements: each claim, upsert and completion is atomic,
  // so any number of flushers (in one process or many) can share it safely.

  /**
   * Records the available quantity each SKU should have on the hub: one row per SKU, the latest
   * quantity wins. A SKU whose quantity did not change is left alone (pending stays pending, sent
   * stays sent, and a rejected one is not resent unchanged). A reconciliation passes its id: a SKU
   * it found drifted on the hub is queued again even when the quantity is the one last sent.
   * Returns how many SKUs were queued.
   */
  @InjectManager()
  async recordWantedStock(
    wanted: WantedStock[],
    { reconciliationId }: { reconciliationId?: string } = {},
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<number> {
    const latestBySku = new Map(wanted.map((entry) => [entry.sku, entry.availableQuantity]))
    if (!latestBySku.size) return 0
    const rows = [...latestBySku].map(([sku, availableQuantity]) => ({
      id: generateEntityId(undefined, "hubstk"),
      sku,
      available_quantity: availableQuantity,
    }))
    const queued: unknown[] = await sharedContext.manager!.execute(
      `insert into hub_stock_change as c (id, sku, available_quantity, state, changed_at, last_changed_at, reconciliation_id)
       select id, sku, available_quantity, 'pending', now(), now(), ?::text
         from jsonb_to_recordset(?::jsonb) as input(id text, sku text, available_quantity integer)
       on conflict (sku) where deleted_at is null do update set
         available_quantity = excluded.available_quantity,
         version = c.version + case when c.available_quantity is distinct from excluded.available_quantity then 1 else 0 end,
         state = 'pending',
         changed_at = case when c.state = 'pending' then c.changed_at else now() end,
         last_changed_at = now(),
         reconciliation_id = coalesce(excluded.reconciliation_id, c.reconciliation_id),
         updated_at = now()
       where c.available_quantity is distinct from excluded.available_quantity
          or (excluded.reconciliation_id is not null and c.state <> 'rejected')
       returning c.id`,
      [reconciliationId ?? null, JSON.stringify(rows)]
    )
    return queued.length
  }

  /**
   * Claims up to `limit` pending rows that are due (quiet for `stockCoalesceMs`, or waiting
   * longer than `stockMaxDelayMs`; and last pushed at least `stockMinPushIntervalMs` ago) and not
   * held by a live claim, for `stockLeaseMs`. Rows are
   * locked with SKIP LOCKED while claimed, so two flushers never get the same row.
   */
  @InjectManager()
  async claimStockChanges(
    limit: number,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<ClaimedStockChange[]> {
    const { stockLeaseMs, stockCoalesceMs, stockMaxDelayMs, stockMinPushIntervalMs } = this.hubOptions
    const claimToken = generateEntityId(undefined, "hubclaim")
    const rows: Array<{ id: string; sku: string; available_quantity: number }> = await sharedContext.manager!.execute(
      `update hub_stock_change as c set
         claim_token = ?, claimed_version = c.version,
         claimed_until = now() + ?::integer * interval '1 millisecond', updated_at = now()
       from (
         select id from hub_stock_change
          where deleted_at is null and state = 'pending'
            and (claimed_until is null or claimed_until <= now())
            and (last_changed_at <= now() - ?::integer * interval '1 millisecond'
                 or changed_at <= now() - ?::integer * interval '1 millisecond')
            and (sent_at is null or sent_at <= now() - ?::integer * interval '1 millisecond')
          order by changed_at
          limit ?
          for update skip locked
       ) as due
       where c.id = due.id
       returning c.id, c.sku, c.available_quantity`,
      [claimToken, stockLeaseMs, stockCoalesceMs, stockMaxDelayMs, stockMinPushIntervalMs, limit]
    )
    return rows.map((row) => ({ id: row.id, sku: row.sku, availableQuantity: row.available_quantity, claimToken }))
  }

  /** Milliseconds until the next pending row is due (0: now), or null when nothing is pending. */
  @InjectManager()
  async nextStockChangeDueInMs(@MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<number | null> {
    const { stockCoalesceMs, stockMaxDelayMs, stockMinPushIntervalMs } = this.hubOptions
    const [row]: Array<{ due_in_ms: string | null }> = await sharedContext.manager!.execute(
      `select ceil(extract(epoch from min(greatest(
                coalesce(claimed_until, '-infinity'),
                least(last_changed_at + ?::integer * interval '1 millisecond', changed_at + ?::integer * interval '1 millisecond'),
                coalesce(sent_at + ?::integer * interval '1 millisecond', '-infinity')
              )) - now()) * 1000) as due_in_ms
         from hub_stock_change where deleted_at is null and state = 'pending'`,
      [stockCoalesceMs, stockMaxDelayMs, stockMinPushIntervalMs]
    )
    return row?.due_in_ms == null ? null : Math.max(0, Number(row.due_in_ms))
  }

  /**
   * Records how the push of a claimed row ended, and counts it in its hour. Only the holder of
   * the claim updates the row; a row that changed while its push was in flight stays pending,
   * so the newer quantity goes next. A push that lands credits the reconciliation that queued it.
   */
  @InjectManager()
  async completeStockPush(
    claim: ClaimedStockChange,
    outcome: StockPushOutcome,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<void> {
    const settled =
      outcome.kind === "sent"
        ? `state = case when c.version = c.claimed_version then 'sent' else 'pending' end,
           sent_quantity = ?::integer, sent_at = now(), attempts = 0, error = null, error_status = null,
           claimed_until = null, reconciliation_id = null`
        : outcome.kind === "rejected"
          ? `state = case when c.version = c.claimed_version then 'rejected' else 'pending' end,
             attempts = c.attempts + 1, error = ?::text, error_status = ?::integer,
             claimed_until = null, reconciliation_id = null`
          : `attempts = c.attempts + 1, error = ?::text, error_status = ?::integer,
             claimed_until = now() + least(600000, ?::integer * power(2, least(c.attempts, 12))) * interval '1 millisecond'`
    const settledParams =
      outcome.kind === "sent"
        ? [claim.availableQuantity]
        : outcome.kind === "rejected"
          ? [outcome.hubMessage.slice(0, 1000), outcome.status]
          : [outcome.reason.slice(0, 1000), outcome.status ?? null, this.hubOptions.stockRetryDelayMs]
    const sentToHub = outcome.kind !== "rejected" || outcome.sent
    await sharedContext.manager!.execute(
      `with settled as (
         update hub_stock_change as c set ${settled},
           changed_at = case when c.version = c.claimed_version then c.changed_at else c.last_changed_at end,
           claim_token = null, updated_at = now()
           from hub_stock_change as before
          where c.id = ? and c.claim_token = ? and before.id = c.id
          returning before.reconciliation_id
       ), credited as (
         update hub_stock_reconciliation set fixed = fixed + 1, updated_at = now()
          where ?::boolean and id in (select reconciliation_id from settled)
       )
       insert into hub_stock_push_hour (id, hour, sent, failed)
       select ?, date_trunc('hour', now()), ?::integer, ?::integer where ?::boolean
       on conflict (hour) where deleted_at is null do update set
         sent = hub_stock_push_hour.sent + excluded.sent,
         failed = hub_stock_push_hour.failed + excluded.failed,
         updated_at = now()`,
      [
        ...settledParams,
        claim.id,
        claim.claimToken,
        outcome.kind === "sent",
        generateEntityId(undefined, "hubsph"),
        outcome.kind === "sent" ? 1 : 0,
        outcome.kind === "sent" ? 0 : 1,
        sentToHub,
      ]
    )
  }

  /** Gives back rows claimed with `claimToken` without a push (a flush that could not start). */
  @InjectManager()
  async releaseStockClaims(claimToken: string, @MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<void> {
    await sharedContext.manager!.execute(
      `update hub_stock_change set claim_token = null, claimed_until = null, updated_at = now() where claim_token = ?`,
      [claimToken]
    )
  }

  /** Adds a page's counts to a running reconciliation, so a walk that dies keeps what it did. */
  @InjectManager()
  async countStockReconciliation(
    id: string,
    counts: { seen: number; differing: number; unknown: number },
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<void> {
    await sharedContext.manager!.execute(
      `update hub_stock_reconciliation
          set seen = seen + ?, differing = differing + ?, unknown = unknown + ?, updated_at = now()
        where id = ?`,
      [counts.seen, counts.differing, counts.unknown, id]
    )
  }

  /** True when the schedule (`stockReconcileEveryMinutes`) says a reconciliation is due. */
  @InjectManager()
  async isStockReconciliationDue(@MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<boolean> {
    const every = this.hubOptions.stockReconcileEveryMinutes
    if (every === 0) return false
    const [row]: Array<{ due: boolean }> = await sharedContext.manager!.execute(
      `select coalesce(max(started_at) <= now() - ?::integer * interval '1 minute', true) as due
         from hub_stock_reconciliation where deleted_at is null`,
      [every]
    )
    return row.due
  }

  /** The stock sync's figures for the admin page. */
  @InjectManager()
  async stockSyncFigures(@MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<StockSyncFigures> {
    const manager = sharedContext.manager!
    const [[outbox], hours, errors, [last]] = await Promise.all([
      manager.execute(
        `select count(*)::integer as backlog, min(changed_at) as oldest
           from hub_stock_change where deleted_at is null and state = 'pending'`
      ),
      manager.execute(
        `select hour, sent, failed from hub_stock_push_hour
          where deleted_at is null and hour > now() - interval '24 hours' order by hour desc`
      ),
      manager.execute(
        `select sku, state, available_quantity, error_status, error, attempts, updated_at from hub_stock_change
          where deleted_at is null and error is not null and state <> 'sent'
          order by updated_at desc limit 100`
      ),
      manager.execute(
        `select id, started_at, finished_at, seen, differing, fixed, unknown, error from hub_stock_reconciliation
          where deleted_at is null order by started_at desc limit 1`
      ),
    ])
    const iso = (value: Date | string | null) => (value == null ? null : new Date(value).toISOString())
    return {
      backlog: outbox.backlog,
      oldestPendingChangeAt: iso(outbox.oldest),
      pushesByHour: hours.map((row: Record<string, any>) => ({
        hour: iso(row.hour)!,
        sent: row.sent,
        failed: row.failed,
      })),
      skusInError: errors.map((row: Record<string, any>) => ({
        sku: row.sku,
        state: row.state,
        availableQuantity: row.available_quantity,
        status: row.error_status,
        reason: row.error,
        attempts: row.attempts,
        since: iso(row.updated_at)!,
      })),
      lastReconciliation: last
        ? {
            id: last.id,
            startedAt: iso(last.started_at)!,
            finishedAt: iso(last.finished_at),
            seen: last.seen,
            differing: last.differing,
            fixed: last.fixed,
            unknown: last.unknown,
            error: last.error,
          }
        : null,
    }
  }
  __hooks = {
    onApplicationShutdown: async () => {
      await this.hubClient.close()
    },
  }
}
