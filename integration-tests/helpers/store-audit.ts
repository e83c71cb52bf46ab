/*
 * What a store's database says about the hub's orders and stock, read with plain SQL (so a test
 * or a drill can check a store whose processes it only runs, see store-processes.ts).
 */

export type Sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>

/** Each SKU's available quantity in Medusa: stocked minus reserved over its inventory levels. */
export async function availableBySku(sql: Sql): Promise<Map<string, number>> {
  const rows = await sql<{ sku: string; available: string }>(
    `select ii.sku, coalesce(sum(il.stocked_quantity - il.reserved_quantity), 0) as available
       from inventory_item ii
       left join inventory_level il on il.inventory_item_id = ii.id and il.deleted_at is null
      where ii.deleted_at is null and ii.sku is not null
      group by ii.sku`
  )
  return new Map(rows.map((row) => [row.sku, Number(row.available)]))
}

export type HubOrderAudit = {
  /** Hub orders whose import is recorded (a Medusa order id). */
  imported: number
  /** Medusa orders made from hub orders (metadata.hub_order_code). */
  medusaOrders: number
  /** Hub codes with more than one Medusa order. */
  duplicated: string[]
  /** Lines of those orders without exactly one reservation of their quantity: "code line qty/reserved xN". */
  unreserved: string[]
  /** Medusa orders no hub order record points at. */
  unrecorded: string[]
  /** SKUs whose reserved quantity differs from what the hub orders' lines reserve. */
  reservedMismatch: string[]
}

/** Every hub order imported once, each of its lines reserved exactly once, nothing reserved twice. */
export async function auditHubOrders(sql: Sql): Promise<HubOrderAudit> {
  const [{ imported }] = await sql<{ imported: string }>(`select count(*) as imported from hub_order where order_id is not null and deleted_at is null`)
  const orders = await sql<{ code: string; id: string }>(
    `select o.metadata->>'hub_order_code' as code, o.id from "order" o where o.deleted_at is null and o.metadata ? 'hub_order_code'`
  )
  const byCode = new Map<string, number>()
  for (const order of orders) byCode.set(order.code, (byCode.get(order.code) ?? 0) + 1)
  const lines = await sql<{ code: string; line_id: string; quantity: string; reserved: string; reservations: string }>(
    `select o.metadata->>'hub_order_code' as code, oli.id as line_id, oi.quantity,
            coalesce(sum(ri.quantity), 0) as reserved, count(ri.id) as reservations
       from "order" o
       join order_item oi on oi.order_id = o.id and oi.version = o.version and oi.deleted_at is null
       join order_line_item oli on oli.id = oi.item_id and oli.deleted_at is null
       left join reservation_item ri on ri.line_item_id = oli.id and ri.deleted_at is null
      where o.deleted_at is null and o.metadata ? 'hub_order_code' and o.status <> 'canceled'
      group by 1, 2, 3`
  )
  const unrecorded = await sql<{ id: string }>(
    `select o.id from "order" o
      where o.deleted_at is null and o.metadata ? 'hub_order_code'
        and not exists (select 1 from hub_order h where h.order_id = o.id and h.deleted_at is null)`
  )
  const reservedMismatch = await sql<{ sku: string; level: string; lines: string }>(
    `select ii.sku, coalesce(sum(il.reserved_quantity), 0) as level,
            (select coalesce(sum(ri.quantity), 0) from reservation_item ri
              where ri.inventory_item_id = ii.id and ri.deleted_at is null) as lines
       from inventory_item ii
       left join inventory_level il on il.inventory_item_id = ii.id and il.deleted_at is null
      where ii.deleted_at is null
      group by ii.id, ii.sku
     having coalesce(sum(il.reserved_quantity), 0) <>
            (select coalesce(sum(ri.quantity), 0) from reservation_item ri where ri.inventory_item_id = ii.id and ri.deleted_at is null)`
  )
  return {
    imported: Number(imported),
    medusaOrders: orders.length,
    duplicated: [...byCode].filter(([, count]) => count > 1).map(([code]) => code),
    unreserved: lines
      .filter((line) => Number(line.reservations) !== 1 || Number(line.reserved) !== Number(line.quantity))
      .map((line) => `${line.code} ${line.line_id} ${line.quantity}/${line.reserved} x${line.reservations}`),
    unrecorded: unrecorded.map((row) => row.id),
    reservedMismatch: reservedMismatch.map((row) => `${row.sku}: level ${row.level}, reservations ${row.lines}`),
  }
}
