/*
 * How "no sale" is said to a hub (issue 49). Neither product model on the record says it
 * (docs/hub-public-facts.md, Prices): the 2025 model takes neither 0 nor null, and hubs of the older
 * model refuse a sale price that is not below the price. So the plugin holds "no sale" as a fact of its
 * own (a null `promotional_price` in what the hub should hold and what it accepted) and turns it into a
 * value only on the wire, the way the account's hub took: set by the option `promotionalPriceClearedAs`
 * (no learning then), else learnt from the hub's answers and kept per account in PostgreSQL, else the
 * first way on the list not yet refused. Pure.
 */
import type { HubProductFields } from "./hub-product"

/** The ways, in the order they are tried: the price itself (2025 model), null (older model), 0. */
export const NO_SALE_WAYS = ["price", "null", "zero"] as const
export type NoSaleWay = (typeof NO_SALE_WAYS)[number]

/** What an account's hub taught: the way it took last (null: none yet), and the ways it refused. */
export type NoSaleMemory = { taken: NoSaleWay | null; refused: NoSaleWay[] }

/** The way to send "no sale" now, and why: the option, the hub's own answer, or the next guess; null when the hub refused every way. */
export type NoSale = { way: NoSaleWay | null; source: "option" | "learnt" | "guess"; refused: NoSaleWay[] }

export function noSale(option: NoSaleWay | undefined, memory: NoSaleMemory): NoSale {
  if (option) return { way: option, source: "option", refused: [] }
  if (memory.taken && !memory.refused.includes(memory.taken)) return { way: memory.taken, source: "learnt", refused: memory.refused }
  return { way: NO_SALE_WAYS.find((way) => !memory.refused.includes(way)) ?? null, source: "guess", refused: memory.refused }
}

/** Whether the hub's words of a refusal are about the sale price (the legacy "promotional_price must be lower...", the 2025 "preço promocional ..."). */
export const aboutSalePrice = (message: string) => /promo|sale|oferta|special/i.test(message)

/**
 * The fields as the hub is sent them: a `promotional_price` of null (no sale) said the account's way.
 * The price way also goes with every price sent while there is no sale, since a sale price left at the
 * old price would read as a sale (or be refused) once the price moves. With no way left, no sale is not
 * said at all (the field is left out). `onHub`: the price the hub holds, for a no sale sent alone.
 */
export function onTheWire(fields: HubProductFields, way: NoSaleWay | null, onHub: { price?: number; saleless: boolean }): HubProductFields {
  const wire: HubProductFields = { ...fields }
  const sayNoSale = fields.promotional_price === null || (fields.promotional_price === undefined && way === "price" && fields.price !== undefined && onHub.saleless)
  if (!sayNoSale) return wire
  const price = fields.price ?? onHub.price
  if (way === "null") wire.promotional_price = null
  else if (way === "zero") wire.promotional_price = 0
  else if (way === "price" && price !== undefined) wire.promotional_price = price
  else delete wire.promotional_price
  return wire
}

/** Whether the wire fields said "no sale" (the way that a refusal about the sale price may be of). */
export const saysNoSale = (fields: HubProductFields, wire: HubProductFields) =>
  "promotional_price" in wire && (fields.promotional_price === null || fields.promotional_price === undefined)
