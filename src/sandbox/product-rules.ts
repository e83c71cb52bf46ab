/*
 * What the sandbox hub accepts in a product update, written from the public record
 * (docs/hub-public-facts.md, Products) and not taken from the plugin's client
 * (src/hub-client/schemas.ts): a wrong guess in the client then shows up in tests as a refusal.
 */
import { z } from "zod"
import { SandboxHubError } from "./errors"
import type { SandboxProduct } from "./records"

/** Cents compared with a tolerance: 19.99 * 100 is 1998.9999999999998 in floating point. */
const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6

const money = (field: string) =>
  z
    .number(`${field} must be a number`)
    .positive(`${field} must be above zero`)
    .refine(hasAtMostTwoDecimals, `${field} must have at most two decimals`)

/** The fields of a partial update (docs/hub-interface.md §4 rule 2); `promotional_price: null` clears it. */
export const sandboxProductUpdateSchema = z
  .strictObject({
    qty: z.number("qty must be a number").int("qty must be a whole number").nonnegative("qty must be 0 or more").optional(),
    price: money("price").optional(),
    promotional_price: money("promotional_price").nullable().optional(),
    status: z.enum(["enabled", "disabled"]).optional(),
  })
  .refine((update) => Object.keys(update).length > 0, "a product update needs at least one field")
export type SandboxProductUpdate = z.infer<typeof sandboxProductUpdateSchema>

/** `PUT /products/{sku}`: the fields wrapped, `{"product": {"qty": 7}}`. */
export const sandboxProductUpdateBodySchema = z.strictObject({ product: sandboxProductUpdateSchema })

/**
 * `PUT /variations/{sku}`, updated "in the same way" as a product: the record does not say whether
 * the wrapper is "product" or "variation", so either is accepted, never both.
 */
export const sandboxVariationUpdateBodySchema = z
  .strictObject({ product: sandboxProductUpdateSchema.optional(), variation: sandboxProductUpdateSchema.optional() })
  .refine(
    (body) => (body.product === undefined) !== (body.variation === undefined),
    'give the fields in exactly one of "product" and "variation"'
  )

/**
 * The product with the update merged in, or a 422 when a promotional price would not be below the
 * price. Checked only when the update names either price, so a store can still push stock to a
 * product seeded (POST /_sandbox/products) with a pair the hub would refuse.
 */
export function applyProductUpdate(product: SandboxProduct, update: SandboxProductUpdate): SandboxProduct {
  const merged = { ...product, ...update }
  const pricesTouched = update.price !== undefined || update.promotional_price !== undefined
  if (pricesTouched && merged.promotional_price !== null && merged.promotional_price >= merged.price) {
    throw new SandboxHubError(
      422,
      `promotional_price (${merged.promotional_price}) must be below price (${merged.price})`
    )
  }
  return merged
}
