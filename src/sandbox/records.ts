/*
 * What the sandbox hub stores (statuses, products, orders) and the pure functions over those
 * records: paging, filtering, ordering. Apart from SandboxHubState (state.ts) so that the class
 * holds only the data and its state machine.
 */
import { z } from "zod"
import { HUB_INDEX_DEPTH } from "../hub-client/endpoints"
import { STANDARD_STATUS_CODES, type HubOrder, type ProductFilters } from "../hub-client/schemas"
import { SandboxHubError } from "./errors"
import type { SandboxVariation } from "./product-create-rules"

/** The seven status types of docs/hub-interface.md §3, the ones the sandbox's moves go to and from. */
export const STANDARD_SANDBOX_STATUS_TYPES = ["NEW", "APPROVED", "CANCELED", "INVOICED", "SHIPPED", "DELIVERED", "SHIPMENT_EXCEPTION"] as const
export type StandardStatusType = (typeof STANDARD_SANDBOX_STATUS_TYPES)[number]

/**
 * Every type this hub's statuses may have: the seven, and two of its own for 2025 codes whose types
 * the record does not publish (docs/hub-public-facts.md, "Since 2025"), so that a client meets a type
 * it does not know. The sandbox's own choice; a real hub's may differ.
 */
export const SANDBOX_STATUS_TYPES = [...STANDARD_SANDBOX_STATUS_TYPES, "INCIDENT", "RETURNED"] as const
export type SandboxStatusType = (typeof SANDBOX_STATUS_TYPES)[number]

export type SandboxStatus = { code: string; label: string; type: SandboxStatusType }

/** A status as the hub's administration area takes it: a code, a label, one of the hub's types. */
export const sandboxStatusSchema = z.strictObject({
  code: z.string().min(1),
  label: z.string(),
  type: z.enum(SANDBOX_STATUS_TYPES),
})

/**
 * A product as the hub holds it: the fields every product has, and the catalogue fields of one
 * created with `POST /products` (product-create-rules.ts), present only once given. A configurable
 * product holds its variations, each reachable by its own SKU.
 */
export type SandboxProduct = {
  sku: string
  /** null (realistic answers) for a product seeded without a name: as real listings hold some. */
  name: string | null
  /** "" (realistic answers) for a product seeded without a status: neither enabled nor disabled. */
  status: "enabled" | "disabled" | ""
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

/**
 * The codes the hub's 2025 list adds to the standard ones (docs/hub-public-facts.md, "Since 2025"),
 * listed with realistic answers. Their types are not all published: these are the sandbox's reading,
 * two of them of types outside the seven.
 */
export const SANDBOX_2025_STATUSES: readonly SandboxStatus[] = [
  { code: "waiting_payment", label: "Aguardando pagamento", type: "NEW" },
  { code: "payment_overdue", label: "Pagamento vencido", type: "CANCELED" },
  { code: "confirm_stock", label: "Confirmar estoque", type: "APPROVED" },
  { code: "confirmed_stock", label: "Estoque confirmado", type: "APPROVED" },
  { code: "processing_store", label: "Em processamento na loja", type: "APPROVED" },
  { code: "has_incident", label: "Pedido com incidente", type: "INCIDENT" },
  { code: "returned", label: "Devolvido", type: "RETURNED" },
]

/** A custom status of the account's own, listed with realistic answers (as accounts have some: docs/hub-public-facts.md). */
export const SANDBOX_ACCOUNT_STATUSES: readonly SandboxStatus[] = [{ code: "aprovado", label: "Aprovado pela loja", type: "APPROVED" }]

export type ProductListing = { products: SandboxProduct[]; total: number; lastSku?: string; more: boolean }

/** An order as stored: built by createOrder, or any JSON object a test inserted raw. */
export type StoredOrder = Record<string, unknown> & { code: string }

export const roundMoney = (value: number) => Math.round(value * 100) / 100
/** Cents, so the sandbox's totals add up as a marketplace's statement does (no float sums). */
export const cents = (value: number) => Math.round(value * 100)

/** Where the sandbox's test-order rules live (test-order-rules.ts); named here too, beside the other records. */
export type { SandboxTestOrderInput } from "./test-order-rules"

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
    (filters.name === undefined || (product.name ?? "").toLowerCase().includes(filters.name.toLowerCase())) &&
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
