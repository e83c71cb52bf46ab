import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { HubPriceRules, PriceHeld } from "../mapping/hub-price-rules"
import { priceStepsLeft, type PriceCutLimit } from "../mapping/hub-price-steps"
import { hubAmount } from "../mapping/hub-product"
import type { HubAccount } from "../modules/hub/hub-account"
import type { PricePreviewSourceRow } from "../modules/hub/types"
import { accountRegion, ruledPriceOf, variantPriceOf, type CalculatedPriceReading, type RuledVariantPrice } from "./hub-prices"

/**
 * SKUs read per chunk of the whole catalogue's preview: one statement and one price calculation each
 * (ten of each for 50,000 SKUs), while the preview holds two chunks at most (a few MB).
 */
const PREVIEW_CHUNK = 5_000

/** An outbox row as the preview reads it: its SKU and the price the hub accepted. */
export type PreviewRow = { sku: string; hub_price: number | null }

/**
 * One SKU under rules not saved yet: Medusa's price (the one the rules start from), the hub's now, the
 * hub's after, the change and its steps, the rule that made it (`default`, a category's id), or why it
 * would be held.
 */
export type PricePreviewLine = {
  sku: string
  medusa_price: number | null
  hub_price: number | null
  price_after: number | null
  change_percent: number | null
  steps: number
  rule: string | null
  /** Why it would be held (never sent): the rules' reason, or `no_price` (none in the account's region); `floor` for `under_floor`. */
  held: PriceHeld["held"] | "no_price" | null
  floor: number | null
  /** For `floor_unreadable`: the floor value in the variant's metadata the rules could not read, as written. */
  unreadable_floor: string | null
}

/** Over the whole catalogue: its SKUs, how many would change, how many be held. */
export type PricePreviewSummary = { skus: number; changing: number; held: number }

/** Why the rules hold a price, as the preview and the product card show it: the reason, the floor, or the floor value they could not read. */
export function heldView(held: PriceHeld): { held: PriceHeld["held"]; floor: number | null; unreadable_floor: string | null } {
  return { held: held.held, floor: held.held === "under_floor" ? held.floor : null, unreadable_floor: held.held === "floor_unreadable" ? held.value : null }
}

/** One SKU's line from its outbox row and its variant's price under the rules (undefined: none in the account's region). */
export function previewLine(row: PreviewRow, reading: RuledVariantPrice | undefined, limit: PriceCutLimit): PricePreviewLine {
  const held = row.hub_price
  const line = { sku: row.sku, hub_price: held, price_after: null, change_percent: null, steps: 0, rule: null, floor: null, unreadable_floor: null }
  if (!reading) return { ...line, medusa_price: null, held: "no_price" }
  const { price } = reading
  const medusaPrice = hubAmount(reading.medusa.originalAmount)
  if (!("amount" in price)) return { ...line, medusa_price: medusaPrice, ...heldView(price) }
  const change = held ? Math.round(((price.amount - held) / held) * 10_000) / 100 : null
  const moving = held === null || Math.round(held * 100) !== Math.round(price.amount * 100)
  return { ...line, medusa_price: medusaPrice, price_after: price.amount, change_percent: change, steps: moving ? priceStepsLeft(held, price.amount, limit) : 0, rule: price.rule, held: null }
}

/**
 * The account's whole catalogue under `rules`, read `chunk` SKUs at a time in SKU order (docs/catalogue.md,
 * Marketplace prices): the summary, and the lines of the page `limit`/`offset`. Each chunk is one
 * statement (the outbox rows with their variants' price sets, metadata, categories and the rules'
 * price list's amounts) and one price calculation by Medusa's pricing module, in the account's region
 * and currency, as Query computes `calculated_price` for the walk that applies saved rules.
 */
export async function previewCatalogue(
  container: MedusaContainer,
  { options, records }: HubAccount,
  rules: HubPriceRules,
  page: { limit: number; offset: number },
  chunk = PREVIEW_CHUNK
): Promise<{ currencyCode: string | null; count: number; lines: PricePreviewLine[]; summary: PricePreviewSummary }> {
  const count = await records.pricePreview.skuCount()
  const region = await accountRegion(container, options)
  const limit = { limitPercent: options.priceCutLimitPercent, marginPercent: options.priceCutMarginPercent }
  const list = { priceListId: rules.source.kind === "price_list" ? rules.source.price_list_id : null, currencyCode: region.currencyCode }
  const lines: PricePreviewLine[] = []
  const summary = { skus: count, changing: 0, held: 0 }
  type Chunk = { rows: PricePreviewSourceRow[]; calculated: Map<string, CalculatedPriceReading> }
  const read = async (after: string | null): Promise<Chunk> => {
    const rows = await records.pricePreview.chunk({ after, limit: chunk }, list)
    return { rows, calculated: await calculatedPrices(container, rows, region) }
  }
  let index = 0
  for (let next: Promise<Chunk> | null = read(null); next; ) {
    const { rows, calculated }: Chunk = await next
    // After a whole chunk, the next one is read (by PostgreSQL, mostly) while this one's lines are made:
    // nothing else is awaited before it, so its failure is never left unhandled.
    next = rows.length === chunk ? read(rows[rows.length - 1].sku) : null
    for (const row of rows) {
      const price = row.price_set_id ? variantPriceOf({ calculated: calculated.get(row.price_set_id), categoryMpaths: row.category_paths, metadata: row.metadata, listAmount: row.list_amount }) : null
      const line = previewLine(row, price ? ruledPriceOf(price, rules) : undefined, limit)
      if (line.held) summary.held++
      else if (line.steps > 0) summary.changing++
      if (index >= page.offset && index < page.offset + page.limit) lines.push(line)
      index++
    }
  }
  return { currencyCode: region.currencyCode, count, lines, summary }
}

/** Medusa's calculated price of each row's price set in the region and its currency, by price set (none without a region). */
async function calculatedPrices(
  container: MedusaContainer,
  rows: PricePreviewSourceRow[],
  { regionId, currencyCode }: { regionId: string | null; currencyCode: string | null }
): Promise<Map<string, CalculatedPriceReading>> {
  const priceSetIds = [...new Set(rows.flatMap((row) => (row.price_set_id ? [row.price_set_id] : [])))]
  if (!regionId || !currencyCode || !priceSetIds.length) return new Map()
  const prices = await container.resolve(Modules.PRICING).calculatePrices({ id: priceSetIds }, { context: { region_id: regionId, currency_code: currencyCode } })
  // Its amounts are numbers (the price's amount parsed), as Query's `calculated_price` answers them.
  return new Map(prices.map((price) => [price.id, price as CalculatedPriceReading]))
}
