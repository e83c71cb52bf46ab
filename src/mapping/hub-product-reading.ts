/*
 * A Medusa product as the publication reads it (Medusa's field names; only what the hub takes), for
 * hub-product-publication.ts to shape into the hub's body: the caller (src/queries/hub-product-publication.ts)
 * reads Medusa, and today's mapping (src/mapping/hub-product.ts) gives each SKU's qty, price, sale price and status.
 */
import type { ProductUpdate } from "../hub-client"

/** A hub product's status, as the hub's product update names it. */
export type HubProductStatus = NonNullable<ProductUpdate["status"]>


export type MeasuresReading = { weight?: number | null; height?: number | null; width?: number | null; length?: number | null }
export type ImageReading = { url: string; rank?: number | null }
export type CategoryReading = { id: string; handle?: string | null; name: string; parent_category?: CategoryReading | null }

export type VariantPublicationReading = MeasuresReading & {
  id: string
  metadata?: Record<string, unknown> | null
  sku: string | null
  title?: string | null
  ean?: string | null
  upc?: string | null
  barcode?: string | null
  hs_code?: string | null
  material?: string | null
  origin_country?: string | null
  /** Its option values, each with its option (`variants.options.option.title` in a Query). */
  options?: Array<{ value: string; option?: { title: string } | null }>
  /** The variant's own images (Medusa 2.x links a variant to some of its product's). */
  images?: ImageReading[]
  /** Given by today's mapping: the available quantity less `stockBuffer`; null when Medusa does not count its stock. */
  qty: number | null
  /** Given: the hub's amount (`hubAmount`); null when the variant has no price in the hub's currency. */
  price: number | null
  /** Given: the sale price, null when none; undefined leaves the field out. */
  promotional_price?: number | null
}

export type ProductPublicationReading = MeasuresReading & {
  title: string | null
  /** Not sent: the hub has no field for it. */
  subtitle?: string | null
  description: string | null
  handle: string
  /** Given by today's mapping: enabled while published and in the hub's sales channel. */
  status: HubProductStatus
  metadata?: Record<string, unknown> | null
  material?: string | null
  origin_country?: string | null
  hs_code?: string | null
  images?: ImageReading[]
  categories?: CategoryReading[] | null
  type?: { value: string } | null
  collection?: { title: string } | null
  options?: Array<{ title: string; values?: Array<{ value: string }> }>
  variants: VariantPublicationReading[]
}

/** A product as its push reads it when it leaves: `reading` null when Medusa no longer has it; `sells`: published and in the hub's sales channel, a product the hub should sell. */
export type ProductForHub = { reading: ProductPublicationReading | null; sells: boolean }
