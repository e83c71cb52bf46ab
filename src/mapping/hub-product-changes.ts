/*
 * What a published product's edit sends: only the fields that differ from the body the hub last
 * accepted (docs/hub-public-facts.md, Creating products: updates stay partial; sending the whole
 * product overwrote merchants' edits on the hub). The hub's own copy is never read here: a field
 * the merchant changed on the hub stays until the same field changes in Medusa.
 */
import { sameHubValue, type HubProductField } from "./hub-product"
import type { HubProductBody, HubVariation } from "./hub-product-publication"

type ProductField = Exclude<keyof HubProductBody, "sku" | "variations">
type VariationField = Exclude<keyof HubVariation, "sku">

/**
 * Fields whose absence from a new body means Medusa holds none any more (a brand, a code removed):
 * listed as `cleared`, since the public record does not say how a hub takes a field's removal. The
 * others, absent, are unknown (a price or quantity today's mapping did not decide) and left alone.
 */
const CLEARABLE = new Set<string>(["brand", "ean", "nbm", "images"])

export type HubVariationChange = { sku: string; variation: Partial<Omit<HubVariation, "sku">>; cleared: VariationField[] }

export type HubProductChanges =
  | {
      kind: "update"
      /** `PUT /products/{sku}`: the changed fields only; empty when nothing changed. */
      product: Partial<Omit<HubProductBody, "sku" | "variations">>
      cleared: ProductField[]
      /** `POST /products/{sku}/variations`: a variant the hub has not had. */
      variationsToAdd: HubVariation[]
      /** `PUT /variations/{sku}`: a variation's changed fields; a variant gone stops selling (qty 0). */
      variationsToUpdate: HubVariationChange[]
    }
  /**
   * The product now maps to another hub SKU (its one variant's SKU renamed, a second variant made it
   * configurable, `metadata.hub_sku` edited): a new hub product to create, and the old one to stop.
   */
  | { kind: "new-sku"; previousSku: string; sku: string }

/**
 * The changes from `accepted` (the body as last sent and accepted) to `next` (`hubProductBody` now).
 * Images compare as the ordered list of URLs: the hub changes an image only when sent a new URL, and
 * its order is the order shown. Amounts compare to the cent, a cleared sale price as null or 0
 * (`sameHubValue`); lists and objects by value, whatever order a stored JSON gives their keys.
 */
export function hubProductChanges(accepted: HubProductBody, next: HubProductBody): HubProductChanges {
  if (accepted.sku !== next.sku) return { kind: "new-sku", previousSku: accepted.sku, sku: next.sku }
  const { variations: acceptedVariations = [], sku: _a, ...acceptedFields } = accepted
  const { variations: nextVariations = [], sku: _n, ...nextFields } = next
  const fields = changedFields<ProductField>(acceptedFields, nextFields)

  const before = new Map(acceptedVariations.map((variation) => [variation.sku, variation]))
  const now = new Set(nextVariations.map((variation) => variation.sku))
  const variationsToAdd: HubVariation[] = []
  const variationsToUpdate: HubVariationChange[] = []
  for (const variation of nextVariations) {
    const known = before.get(variation.sku)
    if (!known) {
      variationsToAdd.push(variation)
      continue
    }
    const { sku: _k, ...knownFields } = known
    const { sku, ...variationFields } = variation
    const changed = changedFields<VariationField>(knownFields, variationFields)
    if (Object.keys(changed.changed).length || changed.cleared.length) variationsToUpdate.push({ sku, variation: changed.changed, cleared: changed.cleared })
  }
  for (const [sku, variation] of before) {
    if (!now.has(sku) && variation.qty !== 0) variationsToUpdate.push({ sku, variation: { qty: 0 }, cleared: [] })
  }
  return { kind: "update", product: fields.changed, cleared: fields.cleared, variationsToAdd, variationsToUpdate }
}

function changedFields<Field extends string>(accepted: Record<string, unknown>, next: Record<string, unknown>): { changed: Partial<Record<Field, any>>; cleared: Field[] } {
  const changed: Record<string, unknown> = {}
  const cleared: Field[] = []
  for (const field of new Set([...Object.keys(accepted), ...Object.keys(next)])) {
    const [was, is] = [accepted[field], next[field]]
    if (is === undefined) {
      if (was !== undefined && CLEARABLE.has(field)) cleared.push(field as Field)
      continue
    }
    if (!sameValue(field, was, is)) changed[field] = is
  }
  return { changed: changed as Partial<Record<Field, any>>, cleared }
}

function sameValue(field: string, a: unknown, b: unknown): boolean {
  if (field === "qty" || field === "price" || field === "promotional_price" || field === "status") return sameHubValue(field as HubProductField, a, b)
  return sameJson(a, b)
}

/** Equal as JSON values: arrays in order, objects whatever the order of their keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameJson(item, b[index]))
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    const keys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined)
    const otherKeys = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined)
    return keys.length === otherKeys.length && keys.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  }
  return false
}
