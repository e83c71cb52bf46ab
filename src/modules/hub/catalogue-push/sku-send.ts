/*
 * One request carrying a SKU's fields, as both pushes send it (alone, sku-push.ts, or in
 * its product's request, carried-skus.ts), with what the hub teaches on the way (issue 49):
 * - "no sale" is said the account's way (src/mapping/hub-no-sale.ts); a refusal of that way in words
 *   about the sale price is remembered for the account and the next way tried once, and while the way is
 *   still a guess, one request at a time says it, so the first answer teaches the rest;
 * - a price cut steps from what the hub holds: read from the hub (one GET) when the plugin holds no
 *   accepted price for the SKU, and again when the hub refuses a cut (the refused body is never sent
 *   again: docs/hub-interface.md §7 rule 1).
 */
import { hubOutcome } from "../../../hub-client"
import type { HubProductOperations } from "../account-operations"
import { aboutSalePrice, noSale, onTheWire, saysNoSale, type NoSale, type NoSaleWay } from "../../../mapping/hub-no-sale"
import { fieldsToSend, sameHubValue, type HubProductFields } from "../../../mapping/hub-product"
import { sameJson } from "../../../mapping/hub-product-changes"
import { stepDownPrices } from "../../../mapping/hub-price-steps"
import type { HubAccountOptions } from "../accounts"
import type { ClaimedCatalogueChange } from "../models/hub-catalogue-change"

type Put = (wire: HubProductFields) => Promise<unknown>
/** What "no sale" is said beside: the price the hub holds or is sent; `saleless`: the SKU has no sale to keep. */
type OnHub = { price?: number; saleless: boolean }

/** How "no sale" is said to one account's hub during one push step, learning from its answers. */
export class NoSaleSaying {
  private turn: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly settings: { learnNoSale(learnt: { taken: NoSaleWay } | { refused: NoSaleWay }): Promise<void> },
    private now: NoSale
  ) {}

  /**
   * Sends `fields` through `put`, said the way the hub takes; answers the fields the hub now holds as the
   * outbox holds them (a no sale said beside a price is kept as no sale); throws the hub's error when it refuses.
   */
  async put(fields: HubProductFields, onHub: OnHub, put: Put): Promise<HubProductFields> {
    if (this.now.source !== "guess" || !saysNoSale(fields, onTheWire(fields, this.now.way, onHub))) return this.send(fields, onHub, put, true)
    // Still a guess: one at a time, so the first answer teaches the rest (no second refusal of a way).
    const mine: Promise<HubProductFields> = this.turn.then(() => this.send(fields, onHub, put, true))
    this.turn = mine.catch(() => undefined)
    return mine
  }

  private async send(fields: HubProductFields, onHub: OnHub, put: Put, mayTryNext: boolean): Promise<HubProductFields> {
    const saying = this.now
    const wire = onTheWire(fields, saying.way, onHub)
    try {
      await put(wire)
    } catch (error) {
      const outcome = hubOutcome(error)
      const hubWords = outcome?.kind === "refused" ? outcome.hubMessage : null
      const refusedWay = saying.way !== null && saying.source !== "option" && hubWords !== null && saysNoSale(fields, wire) && aboutSalePrice(hubWords)
      if (!refusedWay) throw error
      if (this.now === saying) {
        await this.settings.learnNoSale({ refused: saying.way! })
        this.now = noSale(undefined, { taken: null, refused: [...saying.refused, saying.way!] })
      }
      if (!mayTryNext || this.now.way === null) throw error
      return this.send(fields, onHub, put, false)
    }
    if (!saysNoSale(fields, wire)) return fields
    if (saying.source === "guess" && saying.way) {
      await this.settings.learnNoSale({ taken: saying.way })
      if (this.now === saying) this.now = { ...saying, source: "learnt" }
    }
    return { ...fields, promotional_price: null }
  }
}

/** What a SKU's push needs: the account's hub reads, its options, and how it says "no sale". */
export type SkuSender = { client: Pick<HubProductOperations, "get" | "getVariation" | "update">; options: HubAccountOptions; saying: NoSaleSaying }

/** How a SKU's request went: the row as it was stepped from (its `accepted` read from the hub when it was), the fields it carried, the hub's error. */
export type SkuWent = { row: ClaimedCatalogueChange; fields: HubProductFields; error?: unknown }

/**
 * Sends the row's fields that differ from what the hub holds, with `own` (its product's own fields in
 * the same request) through `put`. Null when there was nothing to send; no request but `fields` when the
 * hub, read for its price, already had what the row wants. A hub read that fails throws.
 */
export async function sendSku(sender: SkuSender, row: ClaimedCatalogueChange, own: Record<string, unknown>, put: Put): Promise<SkuWent | null> {
  const { options, saying } = sender
  let from = steppedFromUnknown(row, options) ? await withHubPrices(sender, row) : row
  let fields = skuFieldsToSend(from, options)
  // The prices the hub was read to hold count as accepted with what goes, so they are not read again.
  const read = (base: ClaimedCatalogueChange): HubProductFields => (base === row ? {} : { price: base.accepted.price, promotional_price: base.accepted.promotional_price })
  if (!Object.keys(fields).length && !Object.keys(own).length) return from === row ? null : { row: from, fields: read(from) }
  try {
    const taken = await saying.put(fields, onHubOf(from, options), (wire) => put({ ...wire, ...own }))
    return { row: from, fields: { ...read(from), ...taken } }
  } catch (error) {
    const outcome = hubOutcome(error)
    if (outcome?.kind !== "refused" || outcome.hubMessage === null || !cuts(fields, from.accepted) || from !== row) return { row: from, fields, error }
    // A cut refused: the hub may hold another price than the plugin believed (set in its panel, by an
    // earlier integration): step from that one, once, unless that is the body refused.
    from = await withHubPrices(sender, row)
    const next = skuFieldsToSend(from, options)
    if (sameJson(next, fields)) return { row, fields, error }
    fields = next
    try {
      const taken = await saying.put(fields, onHubOf(from, options), (wire) => put({ ...wire, ...own }))
      return { row: from, fields: { ...read(from), ...taken } }
    } catch (again) {
      return { row: from, fields, error: again }
    }
  }
}

/** A price the push would send with no accepted price to step from, under a cut limit. */
function steppedFromUnknown(row: ClaimedCatalogueChange, options: HubAccountOptions): boolean {
  return options.priceCutLimitPercent > 0 && typeof row.wanted.price === "number" && row.accepted.price === undefined
}

/** The row with the prices the hub holds for its SKU as accepted (a product's, else a variation's); as it was when the hub holds none. */
async function withHubPrices({ client }: SkuSender, row: ClaimedCatalogueChange): Promise<ClaimedCatalogueChange> {
  const onHub = (await client.get(row.sku)) ?? (await client.getVariation(row.sku))
  const price = onHub?.price
  if (typeof price !== "number") return row
  const sale = onHub?.promotional_price
  const promotional = typeof sale === "number" && sale > 0 && !sameHubValue("price", sale, price) ? sale : null
  return { ...row, accepted: { ...row.accepted, price, promotional_price: promotional } }
}

/**
 * Whether `fields` lowers the price below what `accepted` holds (or holds none of). A sale price alone is
 * not re-read on a refusal: it stays refused until the price under it changes (docs/catalogue.md).
 */
function cuts(fields: HubProductFields, accepted: HubProductFields): boolean {
  return typeof fields.price === "number" && (typeof accepted.price !== "number" || fields.price < accepted.price)
}

/** What "no sale" is said beside: the price the hub holds or is sent, and whether the SKU has no sale to keep. */
function onHubOf(row: ClaimedCatalogueChange, options: HubAccountOptions): OnHub {
  return {
    price: row.accepted.price ?? row.wanted.price,
    saleless: options.catalogueFields.includes("promotional_price") && row.wanted.promotional_price === null,
  }
}
/**
 * What a push sends of a SKU's row: each field that differs from what the hub accepted, a price cut of
 * the hub's limit or more as its next step (src/mapping/hub-price-steps.ts; the row stays due until the
 * hub holds the wanted price).
 */
export function skuFieldsToSend(change: Pick<ClaimedCatalogueChange, "wanted" | "accepted" | "refused">, options: HubAccountOptions): HubProductFields {
  const limit = { limitPercent: options.priceCutLimitPercent, marginPercent: options.priceCutMarginPercent }
  return stepDownPrices(fieldsToSend(change.wanted, change.accepted, change.refused), change.accepted, limit)
}

