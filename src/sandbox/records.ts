/*
 * What the sandbox hub stores (statuses, products, orders) and the pure functions over those
 * records: paging, filtering, ordering. Apart from SandboxHubState (state.ts) so that the class
 * holds only the data and its state machine.
 */
import { z } from "zod"
import { HUB_INDEX_DEPTH } from "../hub-client/endpoints"
import { STANDARD_STATUS_CODES, testOrderInputSchema, type HubOrder, type HubStatusType, type ProductFilters } from "../hub-client/schemas"
import { SandboxHubError } from "./errors"
import type { SandboxVariation } from "./product-create-rules"

export type SandboxStatus = { code: string; label: string; type: HubStatusType }

/**
 * A product as the hub holds it: the fields every product has, and the catalogue fields of one
 * created with `POST /products` (product-create-rules.ts), present only once given. A configurable
 * product holds its variations, each reachable by its own SKU.
 */
export type SandboxProduct = {
  sku: string
  name: string
  status: "enabled" | "disabled"
  qty: number
  price: number
  promotional_price: number | null
  description?: string
  cost?: number
  weight?: number
  height?: number
  width?: number
  length?: number
  brand?: string
  ean?: string
  nbm?: string
  images?: string[]
  categories?: Array<{ code: string; name: string }>
  specifications?: Array<{ key: string; value: string }>
  variation_attributes?: string[]
  variations?: SandboxVariation[]
}

export const sandboxProductInputSchema = z.strictObject({
  sku: z.string().min(1),
  qty: z.number().int().nonnegative(),
  name: z.string().min(1).optional(),
  status: z.enum(["enabled", "disabled"]).optional(),
  price: z.number().finite().nonnegative().optional(),
  promotional_price: z.number().finite().nonnegative().nullable().optional(),
})
export type SandboxProductInput = z.input<typeof sandboxProductInputSchema>

/** The standard statuses of docs/hub-interface.md §3; labels carry the service name, here "Sandbox". */
export const STANDARD_SANDBOX_STATUSES: readonly SandboxStatus[] = [
  { code: STANDARD_STATUS_CODES.NEW, label: "NEW - Pagamento Pendente (Sandbox)", type: "NEW" },
  { code: STANDARD_STATUS_CODES.APPROVED, label: "Aprovado (Sandbox)", type: "APPROVED" },
  { code: STANDARD_STATUS_CODES.CANCELED, label: "Cancelado (Sandbox)", type: "CANCELED" },
  { code: STANDARD_STATUS_CODES.INVOICED, label: "Pagamento Faturado (Sandbox)", type: "INVOICED" },
  { code: STANDARD_STATUS_CODES.SHIPPED, label: "Pedido Enviado (Sandbox)", type: "SHIPPED" },
  { code: STANDARD_STATUS_CODES.DELIVERED, label: "Completo (entregue) (Sandbox)", type: "DELIVERED" },
  {
    code: STANDARD_STATUS_CODES.SHIPMENT_EXCEPTION,
    label: "Exceção de Entrega (Sandbox)",
    type: "SHIPMENT_EXCEPTION",
  },
]

export type ProductListing = { products: SandboxProduct[]; total: number; lastSku?: string; more: boolean }

/** An order as stored: built by createOrder, or any JSON object a test inserted raw. */
export type StoredOrder = Record<string, unknown> & { code: string }

export const roundMoney = (value: number) => Math.round(value * 100) / 100
/** Cents, so the sandbox's totals add up as a marketplace's statement does (no float sums). */
export const cents = (value: number) => Math.round(value * 100)

const sandboxMoney = z.number().finite().nonnegative()
/**
 * A test order as the sandbox takes it: the specification's fields (testOrderInputSchema), plus two
 * of the sandbox's own so tests and the demo can place what marketplaces send (docs/hub-public-facts.md):
 * a `discount` and the instalments (`parcels`) of the payment. The plugin never sends them.
 */
export const sandboxTestOrderSchema = testOrderInputSchema.extend({
  discount: sandboxMoney.optional(),
  parcels: z.number().int().min(1).max(24).optional(),
  /** Who carries it (docs/hub-public-facts.md, The hub's own delivery): the marketplace's Correios or Direct, or (absent) the merchant. */
  calculation_type: z.string().min(1).max(100).optional(),
  shipping_carrier: z.string().min(1).max(100).optional(),
})
export type SandboxTestOrderInput = z.input<typeof sandboxTestOrderSchema>
export const clone = <T>(value: T): T => structuredClone(value)
/** Orders the sandbox builds match HubOrder; raw ones are whatever a test stored, on purpose. */
export const asHubOrder = (order: StoredOrder): HubOrder => clone(order) as HubOrder

export function appendTo(order: StoredOrder, field: string, entry: unknown) {
  order[field] = [...(Array.isArray(order[field]) ? (order[field] as unknown[]) : []), entry]
}

/** Code-unit order, the same order cursor paging continues in. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Index of a page's first entry; 400 past the index depth (docs/hub-interface.md §4.1 rule 1). */
export function pageStart(page: number, perPage: number): number {
  if (page * perPage > HUB_INDEX_DEPTH) {
    throw new SandboxHubError(
      400,
      `Requested page lies beyond the first ${HUB_INDEX_DEPTH.toLocaleString("en-US")} entries of the index; ` +
        `narrow the filters (for example the date range)`
    )
  }
  return (page - 1) * perPage
}

export function matchesProductFilters(product: SandboxProduct, filters: ProductFilters): boolean {
  return (
    (filters.sku === undefined || product.sku === filters.sku) &&
    (filters.name === undefined || product.name.toLowerCase().includes(filters.name.toLowerCase())) &&
    (filters.status === undefined || product.status === filters.status) &&
    (filters.qty_from === undefined || product.qty >= filters.qty_from) &&
    (filters.qty_to === undefined || product.qty <= filters.qty_to)
  )
}

export function statusCodeOf(order: StoredOrder): string | undefined {
  const status = order.status as { code?: unknown } | undefined
  return typeof status?.code === "string" ? status.code : undefined
}

export function startOfUtcDay(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())
}
