import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { PublicationState } from "../../../../modules/hub/types"

type PublicationRow = {
  account: string
  product_id: string
  sku: string | null
  state: PublicationState
  excluded: boolean
  linked: boolean
  problems: unknown
  hub_error: string | null
  hub_error_status: number | null
  last_sent_at: Date | string | null
  due_at: Date | string | null
}

/** A product's publication as the admin shows it, with the product's title (never the bodies sent). */
export async function hubProductsView(scope: MedusaContainer, rows: PublicationRow[]) {
  const ids = rows.map((row) => row.product_id)
  const products = ids.length ? await scope.resolve(Modules.PRODUCT).listProducts({ id: ids }, { select: ["id", "title"], withDeleted: true }) : []
  const titles = new Map(products.map((product) => [product.id, product.title]))
  return rows.map((row) => hubProductView(row, titles.get(row.product_id) ?? null))
}

/**
 * `skusSentAt`: when the hub last took a push of the product's SKUs (stock, prices: the catalogue outbox's),
 * so *Last sent* is the last request about the product, whichever pipeline sent it.
 */
export function hubProductView(row: PublicationRow, title: string | null, skusSentAt: Date | string | null = null) {
  const sent = [row.last_sent_at, skusSentAt].flatMap((at) => (at ? [new Date(at).getTime()] : []))
  return {
    account: row.account,
    product_id: row.product_id,
    title,
    sku: row.sku,
    state: row.state,
    excluded: row.excluded,
    linked: row.linked,
    problems: (row.problems as Array<{ field: string; message: string }> | null) ?? [],
    hub_error: row.hub_error,
    hub_error_status: row.hub_error_status,
    last_sent_at: sent.length ? new Date(Math.max(...sent)).toISOString() : null,
    waiting: row.due_at !== null,
  }
}
