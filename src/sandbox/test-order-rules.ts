/*
 * What the sandbox hub accepts as a test order (`POST /orders`): the fields and formats of
 * docs/hub-interface.md §2.2, held strictly (phones, CEPs and tax numbers of digits only, dates
 * YYYY-MM-DD, an integer street number, no unknown field), written here and not taken from the
 * plugin's client, so that a looser client shows up as a 422 naming the field. However loose its
 * answers are (answers.ts), what the hub takes is what the specification says a merchant sends.
 * A few fields of the sandbox's own let tests place what marketplaces place (docs/hub-public-facts.md).
 */
import { z } from "zod"

const digits = (what: string) => z.string().regex(/^\d+$/, `${what} must hold digits only`)
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date YYYY-MM-DD")
const money = z.number().finite().nonnegative()

export const sandboxTestOrderAddressSchema = z.strictObject({
  street: z.string().min(1),
  number: z.number().int(),
  detail: z.string().optional(),
  neighborhood: z.string().optional(),
  city: z.string().min(1),
  region: z.string().min(1),
  country: z.string().length(2),
  postcode: digits("postcode"),
})

export const sandboxTestOrderSchema = z.strictObject({
  channel: z.string().min(1),
  status: z.string().min(1).default("book_product"),
  items: z
    .array(
      z.strictObject({
        id: z.string().min(1),
        qty: z.number().int().positive(),
        original_price: money.optional(),
        special_price: money.optional(),
        /** The sandbox's own: the warehouse selling the line (docs/hub-public-facts.md, Multi-CD; "98" the default one). */
        remote_store_id: z.string().min(1).max(20).optional(),
      })
    )
    .min(1),
  customer: z.strictObject({
    name: z.string().min(1),
    email: z.email(),
    date_of_birth: isoDate.optional(),
    gender: z.string().optional(),
    vat_number: digits("vat_number").optional(),
    phones: z.array(digits("phone")).optional(),
    /** The sandbox's own: a company buyer's state registration (the IE), digits or "ISENTO". */
    state_registration: z.union([digits("state_registration"), z.literal("ISENTO")]).optional(),
  }),
  billing_address: sandboxTestOrderAddressSchema,
  /** Left out, the order awaits its address (docs/hub-public-facts.md): only while NEW, only with realistic answers. */
  shipping_address: sandboxTestOrderAddressSchema.optional(),
  shipping_method: z.string().optional(),
  estimated_delivery: isoDate.optional(),
  shipping_cost: money.optional(),
  interest: money.optional(),
  // The sandbox's own, never sent by the plugin: a discount, the payment's instalments, who carries it.
  discount: money.optional(),
  parcels: z.number().int().min(1).max(24).optional(),
  /** Who carries it (docs/hub-public-facts.md, The hub's own delivery): the marketplace's Correios or Direct, or (absent) the merchant. */
  calculation_type: z.string().min(1).max(100).optional(),
  shipping_carrier: z.string().min(1).max(100).optional(),
})
export type SandboxTestOrderInput = z.input<typeof sandboxTestOrderSchema>
export type SandboxTestOrder = z.output<typeof sandboxTestOrderSchema>
