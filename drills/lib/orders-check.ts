/*
 * What the drills check in the store's database beyond integration-tests/helpers/store-audit.ts
 * (imported once, lines reserved once): hub orders that never became Medusa orders, and the
 * marketplace's cancels followed (the Medusa order canceled, none of its stock still reserved).
 */
import { Client } from "pg"
import type { Sql } from "../../integration-tests/helpers/store-audit"

/** The codes of `codes` without a Medusa order. */
export async function lostHubOrders(sql: Sql, codes: string[]): Promise<string[]> {
  const rows = await sql<{ code: string }>(`select metadata->>'hub_order_code' as code from "order" where deleted_at is null and metadata ? 'hub_order_code'`)
  const imported = new Set(rows.map((row) => row.code))
  return codes.filter((code) => !imported.has(code))
}

/** Of the hub orders the marketplace canceled, those whose Medusa order is not canceled or still holds a reservation. */
export async function cancelsNotFollowed(sql: Sql, canceledCodes: string[]): Promise<string[]> {
  const rows = await sql<{ code: string; status: string; reservations: string }>(
    `select o.metadata->>'hub_order_code' as code, o.status,
            (select count(*) from order_item oi join reservation_item r on r.line_item_id = oi.item_id and r.deleted_at is null
              where oi.order_id = o.id and oi.version = o.version) as reservations
       from "order" o
      where o.deleted_at is null and o.metadata->>'hub_order_code' = any($1)`,
    [canceledCodes]
  )
  return rows.filter((row) => row.status !== "canceled" || Number(row.reservations) !== 0).map((row) => `${row.code} ${row.status}, ${row.reservations} reservations`)
}

/** The Sql of store-audit.ts over one database URL (a client per query: drills check rarely). */
export function sqlOf(databaseUrl: string): Sql {
  return async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => {
    const client = new Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      return (await client.query(text, params)).rows as T[]
    } finally {
      await client.end()
    }
  }
}
