import { z } from "zod"
import { nfeCheckDigit, nfeCheckDigitValid } from "./nfe-key"
import { hubDigits, hubMoney, hubPhone, hubPhones, hubText, hubWholeNumber, loose, looseText, present } from "./reading"

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

/**
 * A status of the catalogue. Its `type` is kept as the hub says it, known or not: the 2025 list adds
 * codes whose types are not all published (docs/hub-public-facts.md), and an unknown type never stops
 * an import (`hubStatusTypeOf` reads it as none).
 */
export const hubStatusSchema = z.looseObject({
  code: hubText.pipe(z.string().min(1, "code is empty")),
  label: looseText.transform((label) => label ?? ""),
  type: looseText.transform((type) => type ?? ""),
})
export type HubStatus = z.infer<typeof hubStatusSchema>

/**
 * `GET /statuses`: a list; some hubs wrap it as `{ statuses: [...] }`. Each entry is read alone: one
 * without a code is set aside (`setAside`, with its reason), never the catalogue.
 */
export const hubStatusListSchema = z
  .union([z.array(z.unknown()), z.looseObject({ statuses: z.array(z.unknown()) }).transform((body) => body.statuses)], "the statuses must be a list, or one under statuses")
  .transform((entries) => {
    const { read, setAside } = readEach(entries, hubStatusSchema)
    return { statuses: read, setAside }
  })
export type HubStatusCatalogue = z.infer<typeof hubStatusListSchema>

/** An entry of a list as a reason names it: its SKU or code when it has one (never personal data), else its place. */
function entryName(entry: unknown, index: number): string {
  const { sku, code } = (entry && typeof entry === "object" ? entry : {}) as { sku?: unknown; code?: unknown }
  const key = [sku, code].find((value) => typeof value === "string" && value.length > 0 && value.length <= 100)
  return key ? JSON.stringify(key) : `entry ${index}`
}

/** Entries of a hub list, each read alone: those that fit, and the others with their reasons. */
export function readEach<T extends z.ZodType>(entries: unknown[], schema: T): { read: z.output<T>[]; setAside: string[] } {
  const read: z.output<T>[] = []
  const setAside: string[] = []
  entries.forEach((entry, index) => {
    const parsed = schema.safeParse(entry)
    if (parsed.success) read.push(parsed.data)
    else setAside.push(`${entryName(entry, index)}: ${parsed.error.issues.map((issue) => `${issue.path.join(".") || "entry"}: ${issue.message}`).join("; ")}`)
  })
  return { read, setAside }
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date YYYY-MM-DD")
const money = z.number().finite().nonnegative()
const digits = (what: string) => z.string().regex(/^\d+$/, `${what} must hold digits only`)

/**
 * An address as the hub answers it: every field may be absent (an order awaiting payment may carry no
 * shipping address yet); the CEP and the phone are normalised to their digits.
 */
export const hubAddressSchema = z.looseObject({
  full_name: looseText,
  street: looseText,
  number: looseText,
  detail: looseText,
  complement: looseText,
  neighborhood: looseText,
  city: looseText,
  region: looseText,
  /** Two letters, or absent. */
  country: loose(z.string().trim().regex(/^[A-Za-z]{2}$/)),
  postcode: hubDigits.optional(),
  reference: looseText,
  phone: hubPhone.optional(),
})
export type HubAddress = z.infer<typeof hubAddressSchema>

export const hubCustomerSchema = z.looseObject({
  name: looseText,
  /** Absent when it is not an e-mail (marketplaces mask some). */
  email: loose(z.string().trim().pipe(z.email())),
  date_of_birth: looseText,
  gender: looseText,
  /** A CPF (11 digits) or a company's CNPJ (14), digits kept. */
  vat_number: hubDigits.optional(),
  /** A company buyer's state registration (the IE the merchant's NF-e needs): letters allowed ("ISENTO"). */
  state_registration: looseText,
  phones: hubPhones.optional(),
})
export type HubCustomer = z.infer<typeof hubCustomerSchema>

/** Who paid a line's promotion (docs/hub-public-facts.md, since 2024): the seller's share and the marketplace's. */
export const hubPromotionSchema = z.looseObject({
  name: looseText,
  value: loose(hubMoney),
  seller_value: loose(hubMoney),
  sponsor_value: loose(hubMoney),
  sponsor_percentage: loose(present(z.number().finite())),
  calculation_type: looseText,
  category_type: looseText,
})
export type HubPromotion = z.infer<typeof hubPromotionSchema>

export const hubOrderItemSchema = z.looseObject({
  /** The SKU sold (the variant): needed. */
  id: hubText.pipe(z.string().min(1, "id (the SKU) is empty")),
  product_id: looseText,
  name: looseText,
  /** Needed: a whole number above zero. */
  qty: hubWholeNumber.pipe(z.number().positive("qty must be a positive integer")),
  original_price: hubMoney,
  /** The price paid when there is a special one; 0 or absent means the original price (docs/hub-public-facts.md). */
  special_price: hubMoney.transform((price) => (price === 0 ? undefined : price)),
  shipping_cost: hubMoney,
  promotions: loose(z.array(z.unknown()))
    .transform((list) => (list === undefined ? undefined : readEach(list, hubPromotionSchema).read))
    .optional(),
  /** The warehouse that sells the line (docs/hub-public-facts.md, Stock per warehouse). */
  remote_store_id: looseText,
  delivery_line_id: looseText,
  listing_type_id: looseText,
})
export type HubOrderItem = z.infer<typeof hubOrderItemSchema>

export const hubOrderStatusSchema = z.looseObject({
  code: hubText.pipe(z.string().min(1, "code is empty")),
  label: looseText,
  type: looseText,
})

/** The marketplace's own references to the order (`remote_code`: the number the buyer and its support quote). */
export const hubImportInfoSchema = z.looseObject({
  ss_name: looseText,
  remote_id: looseText,
  remote_code: looseText,
})

/**
 * An order as the hub returns it, read liberally (reading.ts): only the code, the status's code, the
 * items (SKU and quantity) and the money, once present, can set it aside.
 */
export const hubOrderSchema = z.looseObject({
  code: hubText.pipe(z.string().min(1, "code is empty")),
  channel: looseText,
  placed_at: looseText,
  updated_at: looseText,
  approved_date: looseText,
  status: hubOrderStatusSchema,
  total_ordered: hubMoney,
  shipping_cost: hubMoney,
  interest: hubMoney,
  discount: hubMoney,
  shipping_method: looseText,
  /** Who carries it (docs/hub-public-facts.md, The hub's own delivery); read leniently: a value of another shape is none. */
  calculation_type: z.unknown().optional(),
  shipping_carrier: z.unknown().optional(),
  estimated_delivery: looseText,
  /** The dispatch deadline the marketplace holds the seller to. */
  expedition_limit_date: looseText,
  sync_status: looseText,
  import_info: loose(hubImportInfoSchema),
  customer: loose(hubCustomerSchema).transform((customer): HubCustomer => customer ?? {}),
  billing_address: loose(hubAddressSchema),
  shipping_address: loose(hubAddressSchema),
  items: z.array(hubOrderItemSchema, "items must be a list").min(1, "an order needs at least one item"),
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

/** A price as listed: null is the hub's "none" (kept: a sale price of null is no sale); another shape is unknown. */
const listedPrice = z.union([z.number().finite(), z.null()]).optional().catch(undefined)

const hubProductFields = {
  sku: hubText.pipe(z.string().min(1, "sku is empty")),
  /** `null` or `""` in real listings (docs/hub-public-facts.md): absent. */
  name: looseText,
  status: loose(z.enum(["enabled", "disabled"])),
  /** Needed: the stock the reconciliation compares. */
  qty: hubWholeNumber,
  price: listedPrice,
  promotional_price: listedPrice,
}

const hubVariationSchema = z.looseObject(hubProductFields)

/**
 * A product as listed; a configurable one may carry its children (`variations`, docs/hub-public-facts.md,
 * Products), each read alone: a malformed variation is left out of the comparison, not its product.
 */
export const hubProductSchema = z.looseObject({
  ...hubProductFields,
  variations: loose(z.array(z.unknown()))
    .transform((list) => (list === undefined ? undefined : readEach(list, hubVariationSchema).read))
    .optional(),
})
export type HubProduct = z.infer<typeof hubProductSchema>

/** A page of `GET /products`: each product read alone, a malformed one set aside with its reason (`setAside`), the page kept. */
export const hubProductListSchema = z
  .looseObject({
    products: z.array(z.unknown(), "products must be a list"),
    total: loose(hubWholeNumber.pipe(z.number().nonnegative())),
    next: looseText,
  })
  .transform(({ products, ...page }): HubProductList => {
    const { read, setAside } = readEach(products, hubProductSchema)
    return { ...page, products: read, setAside }
  })
/** `setAside`: why each product left out was (a reader that sets none aside may leave it out). */
export type HubProductList = { products: HubProduct[]; total?: number; next?: string; setAside?: string[] }

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
  // What the merchant sends is held to the specification's formats (§2.2), unlike what the hub answers.
  customer: z.strictObject({
    name: z.string().min(1),
    email: z.email(),
    date_of_birth: isoDate.optional(),
    gender: z.string().optional(),
    vat_number: digits("vat_number").optional(),
    phones: z.array(digits("phone")).optional(),
  }),
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
