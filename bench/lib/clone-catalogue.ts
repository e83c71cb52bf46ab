/*
 * A large catalogue in seconds: products the store's own workflows created (seedStore's shape: one
 * variant, its option, its price set and prices, its inventory item and levels, its sales channel,
 * shipping profile and category links) copied by SQL, `copies` times each. Every row of a template
 * product is copied with the ids of the copied rows given the suffix `_c<k>` (copy k = 1..copies), so
 * the copies reference each other as the template's rows do, and what lies outside the product (the
 * sales channel, the stock location, a category, the shipping profile) stays shared. No event is
 * emitted: the store learns of the copies only by reading them, as a catalogue imported long ago.
 * Medusa's workflows take about 10 s per 1,000 products on 2 busy cores; these, a few seconds per 10,000.
 *
 * SKUs must read `<prefix><n>`, n zero-padded to `digits`, with n from 1 to `templates`: copy k of n
 * is n + k × templates, so the copies of 5,000 SKUs count on from 5,001.
 */
import type { Client } from "pg"

/** A table to copy: the template's rows (`where`, with $1 the template product ids), the columns given the copy's suffix, a SKU or handle renamed. */
export type CopiedTable = { table: string; where: string; suffixed: string[]; sku?: string; handle?: string }

/** The variants of the template products, and what hangs from them. */
const VARIANTS = "select id from product_variant where product_id = any($1)"
const OPTIONS = "select product_option_id from product_product_option where product_id = any($1)"
const PRICE_SETS = `select price_set_id from product_variant_price_set where variant_id in (${VARIANTS})`
const INVENTORY_ITEMS = `select inventory_item_id from product_variant_inventory_item where variant_id in (${VARIANTS})`

/** Medusa's rows of a product as seedStore makes it, parents before their children. */
export const PRODUCT_TABLES: CopiedTable[] = [
  { table: "product", where: "id = any($1)", suffixed: ["id"], handle: "handle" },
  { table: "product_option", where: `id in (${OPTIONS})`, suffixed: ["id"] },
  { table: "product_product_option", where: "product_id = any($1)", suffixed: ["id", "product_id", "product_option_id"] },
  { table: "product_option_value", where: `option_id in (${OPTIONS})`, suffixed: ["id", "option_id"] },
  {
    table: "product_product_option_value",
    where: "product_product_option_id in (select id from product_product_option where product_id = any($1))",
    suffixed: ["id", "product_product_option_id", "product_option_value_id"],
  },
  { table: "product_variant", where: "product_id = any($1)", suffixed: ["id", "product_id"], sku: "sku" },
  { table: "product_variant_option", where: `variant_id in (${VARIANTS})`, suffixed: ["variant_id", "option_value_id"] },
  { table: "price_set", where: `id in (${PRICE_SETS})`, suffixed: ["id"] },
  { table: "price", where: `price_set_id in (${PRICE_SETS})`, suffixed: ["id", "price_set_id"] },
  { table: "product_variant_price_set", where: `variant_id in (${VARIANTS})`, suffixed: ["id", "variant_id", "price_set_id"] },
  { table: "inventory_item", where: `id in (${INVENTORY_ITEMS})`, suffixed: ["id"], sku: "sku" },
  { table: "inventory_level", where: `inventory_item_id in (${INVENTORY_ITEMS})`, suffixed: ["id", "inventory_item_id"] },
  { table: "product_variant_inventory_item", where: `variant_id in (${VARIANTS})`, suffixed: ["id", "variant_id", "inventory_item_id"] },
  { table: "product_sales_channel", where: "product_id = any($1)", suffixed: ["id", "product_id"] },
  { table: "product_shipping_profile", where: "product_id = any($1)", suffixed: ["id", "product_id"] },
  { table: "product_category_product", where: "product_id = any($1)", suffixed: ["product_id"] },
]

export type CloneOptions = { productIds: string[]; copies: number; prefix: string; digits: number; templates: number }

/**
 * Copies the template products' rows of `tables` (PRODUCT_TABLES, and any table of the plugin's that
 * names their products or SKUs), one statement per table for every copy, in one transaction; then
 * refreshes the planner's statistics, as autovacuum would for a catalogue that size. Returns the rows
 * written per table.
 */
export async function cloneCatalogue(pg: Client, tables: CopiedTable[], options: CloneOptions): Promise<Record<string, number>> {
  const { prefix, digits, templates } = options
  // Written into the statements: a SKU's parts, checked here (the ids and the count go as parameters).
  if (!/^[A-Za-z0-9_-]*$/.test(prefix) || !Number.isInteger(digits) || !Number.isInteger(templates)) throw new Error("cloneCatalogue: a SKU prefix of letters, digits, - and _, whole digits and templates")
  const written: Record<string, number> = {}
  await pg.query("begin")
  try {
    for (const copied of tables) {
      const { rows } = await pg.query<{ column_name: string }>(
        "select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1 order by ordinal_position",
        [copied.table]
      )
      if (!rows.length) throw new Error(`cloneCatalogue: no table ${copied.table}`)
      const columns = rows.map((row) => row.column_name)
      for (const column of [...copied.suffixed, copied.sku, copied.handle]) {
        if (column && !columns.includes(column)) throw new Error(`cloneCatalogue: ${copied.table} has no column ${column}`)
      }
      const value = (column: string) => {
        const source = `t."${column}"`
        if (column === copied.sku) return `'${prefix}' || lpad((substr(${source}, ${prefix.length + 1})::int + k * ${templates})::text, ${digits}, '0')`
        if (column === copied.handle) return `${source} || '-c' || k`
        if (copied.suffixed.includes(column)) return `${source} || '_c' || k`
        return source
      }
      const result = await pg.query(
        `insert into "${copied.table}" (${columns.map((column) => `"${column}"`).join(", ")})
         select ${columns.map(value).join(", ")} from "${copied.table}" t cross join generate_series(1, $2::int) as k
         where ${copied.where.replaceAll("$1", "$1::text[]")}`,
        [options.productIds, options.copies]
      )
      written[copied.table] = result.rowCount ?? 0
    }
    await pg.query("commit")
  } catch (error) {
    await pg.query("rollback")
    throw error
  }
  await pg.query("analyze")
  return written
}
