import { z } from "zod"
import { nfeCheckDigit, nfeCheckDigitValid } from "./nfe-key"

/*
 * The hub's requests and responses, as zod schemas. The shapes come from the
 * specification (docs/hub-interface.md) and, where it is silent, from the
 * public record of hubs with this interface (docs/hub-public-facts.md). Responses are
 * parsed loosely (unknown fields pass through: hubs add fields); requests strictly.
 */

/** The merchant-side meaning of a status. Decisions are made on this, never on a label. */
export const HUB_STATUS_TYPES = [
  "NEW",
  "APPROVED",
  "CANCELED",
  "INVOICED",
  "SHIPPED",
  "DELIVERED",
  "SHIPMENT_EXCEPTION",
] as const
export const hubStatusTypeSchema = z.enum(HUB_STATUS_TYPES)
export type HubStatusType = z.infer<typeof hubStatusTypeSchema>

/** The standard status codes of docs/hub-interface.md §3, by type. */
export const STANDARD_STATUS_CODES: Record<HubStatusType, string> = {
  NEW: "book_product",
  APPROVED: "payment_received",
  CANCELED: "order_canceled",
  INVOICED: "order_invoiced",
  SHIPPED: "order_shipped",
  DELIVERED: "complete",
  SHIPMENT_EXCEPTION: "shipment_exception",
}

export const hubStatusSchema = z.looseObject({
  code: z.string().min(1),
  label: z.string(),
  type: hubStatusTypeSchema,
})
export type HubStatus = z.infer<typeof hubStatusSchema>

/** `GET /statuses`: a list; some hubs wrap it as `{ statuses: [...] }`. */
export const hubStatusListSchema = z
  .union([z.array(hubStatusSchema), z.looseObject({ statuses: z.array(hubStatusSchema) })])
  .transform((body) => (Array.isArray(body) ? body : body.statuses))

const digits = (what: string) => z.string().regex(/^\d+$/, `${what} must hold digits only`)
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date YYYY-MM-DD")
const money = z.number().finite().nonnegative()

export const hubAddressSchema = z.looseObject({
  full_name: z.string().optional(),
  street: z.string().min(1),
  number: z.union([z.number().int(), z.string()]).optional(),
  detail: z.string().optional(),
  complement: z.string().optional(),
  neighborhood: z.string().optional(),
  city: z.string().min(1),
  region: z.string().optional(),
  country: z.string().length(2, "country must be a two-letter code"),
  postcode: digits("postcode"),
  reference: z.string().optional(),
  phone: z.string().optional(),
})
export type HubAddress = z.infer<typeof hubAddressSchema>

export const hubCustomerSchema = z.looseObject({
  name: z.string().min(1),
  email: z.email(),
  date_of_birth: isoDate.optional(),
  gender: z.string().optional(),
  vat_number: digits("vat_number").optional(),
  phones: z.array(digits("phone")).optional(),
})
export type HubCustomer = z.infer<typeof hubCustomerSchema>

export const hubOrderItemSchema = z.looseObject({
  /** The SKU sold (the variant). */
  id: z.string().min(1),
  product_id: z.string().optional(),
  name: z.string().optional(),
  qty: z.number().int().positive("qty must be a positive integer"),
  original_price: money.optional(),
  special_price: money.optional(),
  shipping_cost: money.optional(),
})
export type HubOrderItem = z.infer<typeof hubOrderItemSchema>

export const hubOrderStatusSchema = z.looseObject({
  code: z.string().min(1),
  label: z.string().optional(),
  type: z.string().optional(),
})

/** An order as the hub returns it. */
export const hubOrderSchema = z.looseObject({
  code: z.string().min(1),
  channel: z.string().optional(),
  placed_at: z.string().optional(),
  updated_at: z.string().optional(),
  approved_date: z.string().nullable().optional(),
  status: hubOrderStatusSchema,
  total_ordered: money.optional(),
  shipping_cost: money.optional(),
  interest: money.optional(),
  discount: money.optional(),
  shipping_method: z.string().optional(),
  /** Who carries it (docs/hub-public-facts.md, The hub's own delivery); read leniently: a value of another shape is none. */
  calculation_type: z.unknown().optional(),
  shipping_carrier: z.unknown().optional(),
  estimated_delivery: z.string().optional(),
  sync_status: z.string().optional(),
  customer: hubCustomerSchema,
  billing_address: hubAddressSchema,
  shipping_address: hubAddressSchema,
  items: z.array(hubOrderItemSchema).min(1, "an order needs at least one item"),
  payments: z.array(z.looseObject({})).optional(),
  invoices: z.array(z.looseObject({ key: z.string().optional() })).optional(),
  shipments: z.array(z.looseObject({})).optional(),
})
export type HubOrder = z.infer<typeof hubOrderSchema>

/**
 * Only the code of a listed order is needed to page; each order is validated on its own so
 * that one malformed order never hides the others on its page.
 */
export const hubOrderListSchema = z.looseObject({
  total: z.number().int().nonnegative(),
  orders: z.array(z.looseObject({ code: z.string().min(1) })),
})

/** An order handed out by the order queue: only its code is needed to acknowledge it; the rest is validated like a listed order. */
export const queuedOrderSchema = z.looseObject({ code: z.string().min(1) })

/** Some hubs answer order actions with the order, others with `{ order }`, others with nothing. */
export const hubOrderResponseSchema = z
  .union([hubOrderSchema, z.looseObject({ order: hubOrderSchema })])
  .transform((body) => ("order" in body && typeof body.order === "object" ? (body.order as HubOrder) : (body as HubOrder)))

const hubProductFields = {
  sku: z.string().min(1),
  name: z.string().optional(),
  status: z.enum(["enabled", "disabled"]).optional(),
  qty: z.number().int(),
  price: z.number().nullable().optional(),
  promotional_price: z.number().nullable().optional(),
}

/** A product as listed; a configurable one may carry its children (`variations`, docs/hub-public-facts.md, Products). */
export const hubProductSchema = z.looseObject({
  ...hubProductFields,
  variations: z.array(z.looseObject(hubProductFields)).optional(),
})
export type HubProduct = z.infer<typeof hubProductSchema>

export const hubProductListSchema = z.looseObject({
  products: z.array(hubProductSchema),
  total: z.number().int().nonnegative().optional(),
  next: z.string().nullable().optional(),
})
export type HubProductList = z.infer<typeof hubProductListSchema>

export const hubProductResponseSchema = z
  .union([hubProductSchema, z.looseObject({ product: hubProductSchema }), z.looseObject({ variation: hubProductSchema })])
  .transform((body) =>
    "product" in body && typeof body.product === "object"
      ? (body.product as HubProduct)
      : "variation" in body && typeof body.variation === "object"
        ? (body.variation as HubProduct)
        : (body as HubProduct)
  )

export const hubErrorBodySchema = z.looseObject({ error: z.string() })

// ---- Requests -------------------------------------------------------------------------

export const testOrderAddressSchema = z.strictObject({
  street: z.string().min(1),
  number: z.number().int(),
  detail: z.string().optional(),
  neighborhood: z.string().optional(),
  city: z.string().min(1),
  region: z.string().min(1),
  country: z.string().length(2),
  postcode: digits("postcode"),
})

/** `POST /orders` (test accounts only), docs/hub-interface.md §2.2. */
export const testOrderInputSchema = z.strictObject({
  channel: z.string().min(1),
  status: z.string().min(1).default(STANDARD_STATUS_CODES.NEW),
  items: z
    .array(
      z.strictObject({
        id: z.string().min(1),
        qty: z.number().int().positive(),
        original_price: money.optional(),
        special_price: money.optional(),
      })
    )
    .min(1),
  // The same fields as a hub order's customer; what we send is held to exactly those.
  customer: z.strictObject(hubCustomerSchema.shape),
  billing_address: testOrderAddressSchema,
  shipping_address: testOrderAddressSchema,
  shipping_method: z.string().optional(),
  estimated_delivery: isoDate.optional(),
  shipping_cost: money.optional(),
  interest: money.optional(),
})
export type TestOrderInput = z.input<typeof testOrderInputSchema>

/** A date and time with its offset; the message names the field, since a format error carries no path in Medusa's 400s. */
const isoDateTime = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be a date and time in ISO 8601 with its offset, e.g. 2026-11-22T14:30:00-03:00` })

export const invoiceInputSchema = z.strictObject({
  key: z
    .string()
    .regex(/^\d{44}$/, { error: "the invoice key must be exactly 44 digits", abort: true })
    .refine(nfeCheckDigitValid, { error: (issue) => `the invoice key's check digit is wrong: invoice.key's last digit should be ${nfeCheckDigit(String(issue.input).slice(0, 43))} (public NF-e rules)` }),
  issue_date: isoDateTime("issue_date").optional(),
})
export type InvoiceInput = z.infer<typeof invoiceInputSchema>

/**
 * An invoice with its NF-e XML (docs/hub-public-facts.md, Invoices with the NF-e XML; public SDKs send
 * it so): the file, the number of parcels (`volume_qty`), the issue date. The XML is read and checked
 * before (src/mapping/nfe-xml.ts); here only its shape.
 */
export const nfeInvoiceInputSchema = z.strictObject({
  xml: z.string().min(1, "the NF-e XML is empty"),
  volume_qty: z.number().int().min(1, "volume_qty must be 1 or more").max(100, "volume_qty may be at most 100"),
  issue_date: isoDateTime("issue_date"),
})
export type NfeInvoiceInput = z.infer<typeof nfeInvoiceInputSchema>

export const shipmentInputSchema = z.strictObject({
  delivered_carrier_date: isoDateTime("delivered_carrier_date").optional(),
  items: z.array(z.strictObject({ sku: z.string().min(1), qty: z.number().int().positive() })).min(1),
  track: z.strictObject({
    code: z.string().min(1),
    carrier: z.string().min(1),
    method: z.string().min(1),
    // Marketplaces may show it to buyers: a web address only, never `javascript:` or `data:`.
    url: z
      .url({ protocol: /^https?$/, error: "track.url must be an http or https address" })
      .max(200, "track.url may hold at most 200 characters")
      .optional(),
  }),
})
export type ShipmentInput = z.infer<typeof shipmentInputSchema>

export const deliveryInputSchema = z.strictObject({
  delivered_date: isoDateTime("delivered_date").optional(),
})
export type DeliveryInput = z.infer<typeof deliveryInputSchema>

export const shipmentExceptionInputSchema = z.strictObject({
  occurrence_date: isoDateTime("occurrence_date"),
  observation: z.string().min(1).max(500),
})
export type ShipmentExceptionInput = z.infer<typeof shipmentExceptionInputSchema>

// The catalogue's requests (a product's creation, its partial update) are in product-schemas.ts.

export const productFiltersSchema = z.strictObject({
  sku: z.string().optional(),
  name: z.string().optional(),
  status: z.enum(["enabled", "disabled"]).optional(),
  qty_from: z.number().int().optional(),
  qty_to: z.number().int().optional(),
})
export type ProductFilters = z.infer<typeof productFiltersSchema>

export const orderFiltersSchema = z.strictObject({
  statuses: z.array(z.string().min(1)).optional(),
  /** Inclusive, by calendar day (the hub filters by day). */
  startDate: z.date().optional(),
  endDate: z.date().optional(),
})
export type OrderFilters = z.infer<typeof orderFiltersSchema>
