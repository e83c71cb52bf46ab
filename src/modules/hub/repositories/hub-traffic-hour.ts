import type { Context } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { HourlyTraffic } from "../../../hub-client"
import { HubTrafficHour } from "../models"

/** The most hours the admin reads back (GET /admin/hub/traffic?hours=), and how long hours are kept. */
export const MAX_HOURS = 168

/** One endpoint's figures in one hour, as the admin's chart reads them: the client's hourly counts, added up. */
export type TrafficHour = HourlyTraffic

/** The hub traffic per hour: increments from each process added in one statement, so processes never overwrite each other. */
export class HubTrafficHourRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubTrafficHour) {
  /** Adds one account's hourly increments. */
  async add(account: string, rows: HourlyTraffic[], context: Context = {}): Promise<void> {
    if (!rows.length) return
    await this.getActiveManager<EntityManager>(context).execute(
      `insert into hub_traffic_hour (id, account, hour, endpoint, requests, client_errors, rate_limited)
       values ${rows.map(() => "(?, ?, ?::timestamptz, ?, ?::integer, ?::integer, ?::integer)").join(", ")}
       on conflict (account, hour, endpoint) where deleted_at is null do update set
         requests = hub_traffic_hour.requests + excluded.requests,
         client_errors = hub_traffic_hour.client_errors + excluded.client_errors,
         rate_limited = hub_traffic_hour.rate_limited + excluded.rate_limited,
         updated_at = now()`,
      rows.flatMap((row) => [generateEntityId(undefined, "hubtrh"), account, row.hour, row.endpoint, row.requests, row.clientErrors, row.rateLimited])
    )
    // The route reads a week at most: older hours go, so the table stays a few thousand rows.
    await this.getActiveManager<EntityManager>(context).execute(
      `delete from hub_traffic_hour where hour < date_trunc('hour', now()) - interval '${MAX_HOURS} hours'`
    )
  }

  /** One account's last `hours` hours (the current one included), oldest first. */
  async lastHours(account: string, hours: number, context: Context = {}): Promise<TrafficHour[]> {
    const rows: Array<Record<string, any>> = await this.getActiveManager<EntityManager>(context).execute(
      `select hour, endpoint, requests, client_errors, rate_limited from hub_traffic_hour
        where deleted_at is null and account = ? and hour > date_trunc('hour', now()) - ?::integer * interval '1 hour'
        order by hour, endpoint`,
      [account, hours]
    )
    return rows.map((row) => ({
      hour: new Date(row.hour).toISOString(),
      endpoint: row.endpoint,
      requests: row.requests,
      clientErrors: row.client_errors,
      rateLimited: row.rate_limited,
    }))
  }
}
