/*
 * What the sandbox hub accepts in a product update, written from the public record
 * (docs/hub-public-facts.md, Products, Creating products) and not taken from the plugin's client
 * (src/hub-client/schemas.ts): a wrong guess in the client then shows up in tests as a refusal.
 */
import { z } from "zod"
import { catalogueFields, checkVariationAttributes, money } from "./product-create-rules"
import type { SandboxProduct } from "./records"
import { checkPromotion, type ProductModel } from "./price-rules"

/**
 * The fields of a partial update (docs/hub-interface.md §4 rule 2); `promotional_price: null` clears
 * it. Any catalogue field a creation takes may be changed alone (product-create-rules.ts); a
 * product's variations are added and changed at their own routes, never through it.
 */
export const sandboxProductUpdateSchema = z
  .strictObject({
    qty: z.number("qty must be a number").int("qty must be a whole number").nonnegative("qty must be 0 or more").optional(),
    price: money("price").optional(),
    promotional_price: money("promotional_price").nullable().optional(),
    status: z.enum(["enabled", "disabled"]).optional(),
    ...z.strictObject(catalogueFields).partial().shape,
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
 * The product with the update merged in, or a 422 when its promotional price does not stand beside its
 * price as the hub's product model holds a sale (price-rules.ts). Checked only when the update names
 * either price, so a store can still push stock to a product seeded (POST /_sandbox/products) with a
 * pair the hub would refuse.
 */
export function applyProductUpdate(product: SandboxProduct, update: SandboxProductUpdate, model: ProductModel): SandboxProduct {
  const merged = { ...product, ...update }
  const pricesTouched = update.price !== undefined || update.promotional_price !== undefined
  if (pricesTouched) checkPromotion("product", merged.promotional_price ?? undefined, merged.price, model)
  // New attributes must still tell the variations already there apart.
  if (update.variation_attributes !== undefined) checkVariationAttributes("product", merged.variation_attributes, merged.variations ?? [])
  return merged
}
