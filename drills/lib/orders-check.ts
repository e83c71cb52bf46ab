/*
 * What a drill checks in the store's database after the fact, in SQL (so it reads the same
 * whether the store ran in the drill's process or in others): each hub order imported exactly
 * once, and each line of an imported order reserved exactly once (none for a canceled order).
 */
import { Client } from "pg"

export type HubOrdersCheck = {
  /** Hub orders without a Medusa order. */
  lost: string[]
  /** Hub orders with more than one Medusa order. */
  duplicated: string[]
  /** Lines of open orders without exactly one reservation of their quantity, and canceled orders still holding one. */
  misreserved: string[]
  /** Medusa orders of canceled hub orders not canceled in Medusa. */
  cancelsNotFollowed: string[]
}

export async function checkHubOrders(databaseUrl: string, hubOrders: Array<{ code: string; canceled: boolean }>): Promise<HubOrdersCheck> {
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows: orders } = await client.query<{ code: string; id: string; status: string }>(
      `select metadata->>'hub_order_code' as code, id, status from "order" where metadata ? 'hub_order_code' and deleted_at is null`
    )
    const byCode = new Map<string, typeof orders>()
    for (const order of orders) byCode.set(order.code, [...(byCode.get(order.code) ?? []), order])
    const { rows: lines } = await client.query<{ code: string; status: string; line_item_id: string; quantity: string; reservations: string; reserved: string }>(
      `select o.metadata->>'hub_order_code' as code, o.status, li.id as line_item_id, oi.quantity,
              (select count(*) from reservation_item r where r.line_item_id = li.id and r.deleted_at is null) as reservations,
              (select coalesce(sum(r.quantity), 0) from reservation_item r where r.line_item_id = li.id and r.deleted_at is null) as reserved
         from "order" o
         join order_item oi on oi.order_id = o.id and oi.version = o.version and oi.deleted_at is null
         join order_line_item li on li.id = oi.item_id
        where o.metadata ? 'hub_order_code' and o.deleted_at is null`
    )
    const misreserved = lines
      .filter((line) =>
        line.status === "canceled" ? Number(line.reservations) !== 0 : Number(line.reservations) !== 1 || Number(line.reserved) !== Number(line.quantity)
      )
      .map((line) => `${line.code} (${line.status}): ${line.reservations} reservations of ${line.reserved} for ${line.quantity}`)
    return {
      lost: hubOrders.filter(({ code }) => !byCode.has(code)).map(({ code }) => code),
      duplicated: [...byCode].filter(([, found]) => found.length > 1).map(([code]) => code),
      misreserved,
      cancelsNotFollowed: hubOrders.filter(({ code, canceled }) => canceled && byCode.get(code)?.some((order) => order.status !== "canceled")).map(({ code }) => code),
    }
  } finally {
    await client.end()
  }
}

/** SKUs whose hub quantity is not Medusa's available quantity (stocked minus reserved, never below 0), as "SKU hub/medusa". */
export async function skusDiffering(databaseUrl: string, hubQuantityOf: (sku: string) => number | undefined): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ sku: string; available: string }>(
      `select pv.sku, greatest(0, sum(il.stocked_quantity - il.reserved_quantity)) as available
         from product_variant pv
         join product_variant_inventory_item link on link.variant_id = pv.id and link.deleted_at is null
         join inventory_level il on il.inventory_item_id = link.inventory_item_id and il.deleted_at is null
        where pv.deleted_at is null and pv.sku is not null
        group by pv.sku`
    )
    return rows
      .filter(({ sku, available }) => hubQuantityOf(sku) !== Number(available))
      .map(({ sku, available }) => `${sku} ${hubQuantityOf(sku)}/${available}`)
  } finally {
    await client.end()
  }
}
