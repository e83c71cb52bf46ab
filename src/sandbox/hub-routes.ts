/*
 * The hub's own endpoints (docs/hub-interface.md §4): statuses, orders and their actions, products
 * and their variations. Each route checks its request (path, query, body) and leaves every other
 * decision to the state; credentials, rate limits and faults were dealt with before a request gets
 * here (server.ts).
 */
import { z } from "zod"
import type { HubOrder } from "../hub-client/schemas"
import { categoryServiceRoutes } from "./category-service"
import { deliveryRoutes } from "./delivery-routes"
import { SANDBOX_SYNC_ERROR_CATEGORIES } from "./marketplace-review"
import { parseOrThrow, SandboxHubError } from "./errors"
import { allowOnlyParams, readInteger, readPaging, readSingle, type Route } from "./http"
import { sandboxDeliverySchema, sandboxInvoiceSchema, sandboxNfeInvoiceFormSchema, sandboxShipmentExceptionSchema, sandboxShipmentSchema } from "./move-bodies"
import { sandboxNewProductBodySchema, sandboxNewVariationBodySchema } from "./product-create-rules"
import { sandboxProductUpdateBodySchema, sandboxVariationUpdateBodySchema } from "./product-rules"
import type { SandboxProduct } from "./records"
import type { SandboxTestOrderInput } from "./test-order-rules"
import type { SandboxHubState } from "./state"

type HubRoutesContext = {
  state: SandboxHubState
  sandboxAccount: boolean
  productUpdateResponse: 200 | 204
  shipmentExceptionPath: "shiptment_exception" | "shipment_exception" | "both"
  /** The origin the products listing's `next` link points at. */
  nextOrigin: () => string
}

export function buildHubRoutes(context: HubRoutesContext): Route[] {
  return [
    { method: "GET", path: "/statuses", handle: () => ({ status: 200, body: context.state.listStatuses() }) },
    ...orderRoutes(context),
    ...queueRoutes(context),
    ...productRoutes(context),
    ...deliveryRoutes(context.state),
    ...syncErrorRoutes(context.state),
    // The category service beside the hub (category-service.ts), served under /category-service with the hub's credentials.
    ...categoryServiceRoutes(context.state.categories),
  ]
}

/** What the marketplaces refused after the hub took it (marketplace-review.ts): listed, paged, cleared. */
function syncErrorRoutes(state: SandboxHubState): Route[] {
  const review = state.review
  const listing = (entity: "products" | "orders"): Route => ({
    method: "GET",
    path: `/sync_errors/${entity}`,
    handle: ({ query }) => {
      allowOnlyParams(query, ["page", "per_page", "error_category_code"])
      const { page, perPage } = readPaging(query)
      return { status: 200, body: review.list(entity, { page: page ?? 1, perPage, category: readSingle(query, "error_category_code") }) }
    },
  })
  const clearing = (entity: "products" | "orders"): Route => ({ method: "PATCH", path: `/sync_errors/${entity}`, handle: ({ body }) => ({ status: 200, body: review.clearErrors(entity, body()) }) })
  return [
    { method: "GET", path: "/sync_errors/categories", handle: () => ({ status: 200, body: SANDBOX_SYNC_ERROR_CATEGORIES }) },
    listing("products"),
    listing("orders"),
    clearing("products"),
    clearing("orders"),
  ]
}

/** The order queue (docs/hub-public-facts.md, Orders): one order per GET, an empty body when none waits. */
function queueRoutes({ state }: HubRoutesContext): Route[] {
  const answering = () => {
    if (state.queue.fault === "unavailable") throw new SandboxHubError(503, "The order queue is unavailable (sandbox fault)")
  }
  return [
    {
      method: "GET",
      path: "/queues/orders",
      handle: () => {
        answering()
        const code = state.queue.fault === "empty" ? undefined : state.queue.take()
        return code ? { status: 200, body: state.getOrder(code) } : { status: 200 }
      },
    },
    {
      method: "DELETE",
      path: "/queues/orders/:code",
      handle: ({ params }) => {
        answering()
        if (!state.queue.acknowledge(params.code)) throw new SandboxHubError(404, `Order ${params.code} is not in the queue`)
        return { status: 200, body: { code: params.code } }
      },
    },
  ]
}

/** The orders listing, test-order creation, one order, and the order actions (docs/hub-interface.md §3, §4). */
function orderRoutes(context: HubRoutesContext): Route[] {
  const { state } = context
  const requireSandboxAccount = () => {
    if (!context.sandboxAccount) {
      throw new SandboxHubError(403, "Test orders are available only on sandbox (development) accounts")
    }
  }
  const statusField = z.string().min(1)

  /** An order action: 404 for an unknown order, 422 for a bad body, then the state machine decides. */
  const orderAction = <T extends z.ZodType>(
    segment: string,
    schema: T,
    move: (code: string, body: z.output<T>) => HubOrder,
    sandboxOnly = false
  ): Route => ({
    method: "POST",
    path: `/orders/:code/${segment}`,
    handle: ({ params, body }) => {
      if (sandboxOnly) requireSandboxAccount()
      if (!state.hasOrder(params.code)) throw new SandboxHubError(404, `Order ${params.code} not found`)
      return { status: 200, body: move(params.code, parseOrThrow(schema, body())) }
    },
  })

  const shipmentExceptionBody = z.strictObject({
    status: statusField,
    shipment_exception: sandboxShipmentExceptionSchema,
  })
  const shipmentExceptionSegments =
    context.shipmentExceptionPath === "both"
      ? ["shiptment_exception", "shipment_exception"]
      : [context.shipmentExceptionPath]

  return [
    {
      method: "GET",
      path: "/orders",
      handle: ({ query }) => {
        allowOnlyParams(query, ["page", "per_page", "filters[statuses][]", "filters[start_date]", "filters[end_date]"])
        const { page, perPage } = readPaging(query)
        const startDate = readHubDate(query, "filters[start_date]")
        const endDate = readHubDate(query, "filters[end_date]")
        if (startDate && endDate && startDate > endDate) {
          throw new SandboxHubError(400, "filters[start_date] is after filters[end_date]")
        }
        const statuses = query.getAll("filters[statuses][]")
        return {
          status: 200,
          body: state.listOrders({
            page: page ?? 1,
            perPage,
            filters: { ...(statuses.length ? { statuses } : {}), ...defined({ startDate, endDate }) },
          }),
        }
      },
    },
    {
      method: "POST",
      path: "/orders",
      handle: ({ body }) => {
        requireSandboxAccount()
        const { order } = parseOrThrow(z.strictObject({ order: z.unknown() }), body())
        // The state validates the order with sandboxTestOrderSchema, naming the bad field.
        return { status: 201, body: state.createOrder(order as SandboxTestOrderInput) }
      },
    },
    {
      method: "GET",
      path: "/orders/:code",
      handle: ({ params }) => {
        const order = state.getOrder(params.code)
        if (!order) throw new SandboxHubError(404, `Order ${params.code} not found`)
        return { status: 200, body: order }
      },
    },
    orderAction("approval", z.strictObject({ status: statusField }), (code, { status }) => state.approve(code, status), true),
    orderAction(
      "invoice",
      z.union([z.strictObject({ status: statusField, invoice: sandboxInvoiceSchema }), sandboxNfeInvoiceFormSchema]),
      (code, body) => ("form" in body ? state.invoice(code, body.status, body.invoice, body.volumeQty) : state.invoice(code, body.status, body.invoice))
    ),
    orderAction(
      "shipments",
      z.strictObject({ status: statusField, shipment: sandboxShipmentSchema }),
      (code, { status, shipment }) => state.ship(code, status, shipment)
    ),
    orderAction("delivery", sandboxDeliverySchema.extend({ status: statusField }), (code, { status, ...delivery }) =>
      state.deliver(code, status, delivery)
    ),
    orderAction("cancel", z.strictObject({ status: statusField }), (code, { status }) => state.cancel(code, status)),
    ...shipmentExceptionSegments.map((segment) =>
      orderAction(segment, shipmentExceptionBody, (code, { status, shipment_exception }) =>
        state.reportShipmentException(code, status, shipment_exception)
      )
    ),
  ]
}

const PRODUCT_FILTER_KEYS = ["sku", "name", "status", "qty_from", "qty_to"] as const

/**
 * The products listing (page or cursor paging, filters), one product, its creation and a variation's
 * (docs/hub-public-facts.md, Creating products), its update and a variation's (docs/hub-interface.md §4).
 */
function productRoutes(context: HubRoutesContext): Route[] {
  const { state } = context
  return [
    {
      method: "GET",
      path: "/products",
      handle: ({ query }) => {
        allowOnlyParams(query, ["page", "per_page", "cursor", ...PRODUCT_FILTER_KEYS.map((key) => `filters[${key}]`)])
        const { page, perPage } = readPaging(query)
        const cursor = readSingle(query, "cursor")
        if (cursor !== undefined && page !== undefined) {
          throw new SandboxHubError(400, "Give either page or cursor, not both")
        }
        const listing = state.listProducts({
          perPage,
          ...(cursor !== undefined ? { afterSku: decodeCursor(cursor) } : { page: page ?? 1 }),
          filters: defined({
            sku: readSingle(query, "filters[sku]"),
            name: readSingle(query, "filters[name]"),
            status: readSingle(query, "filters[status]"),
            qty_from: readInteger(query, "filters[qty_from]"),
            qty_to: readInteger(query, "filters[qty_to]"),
          }),
        })
        const body: { products: SandboxProduct[]; total: number; next?: string } = {
          products: listing.products,
          total: listing.total,
        }
        if (listing.more && listing.lastSku !== undefined) {
          // Cursor paging (docs/hub-interface.md §4.1 rule 3): same per_page and filters, continuing after the last SKU.
          const next = new URL("/products", context.nextOrigin())
          next.searchParams.set("per_page", String(perPage))
          for (const [key, value] of query) if (key.startsWith("filters[")) next.searchParams.append(key, value)
          next.searchParams.set("cursor", encodeCursor(listing.lastSku))
          body.next = next.toString()
        }
        return { status: 200, body }
      },
    },
    {
      method: "GET",
      path: "/products/:sku",
      handle: ({ params }) => {
        const product = state.getProduct(params.sku)
        if (!product) throw new SandboxHubError(404, "Product not found")
        return { status: 200, body: product }
      },
    },
    {
      // A variation by its SKU, with its product's price where it has none of its own.
      method: "GET",
      path: "/variations/:sku",
      handle: ({ params }) => {
        const variation = state.getVariation(params.sku)
        if (!variation) throw new SandboxHubError(404, "Variation not found")
        return { status: 200, body: { ...variation, price: variation.price ?? state.getProduct(variation.parent_sku)?.price } }
      },
    },
    {
      method: "POST",
      path: "/products",
      handle: ({ body }) => {
        const { product } = parseOrThrow(sandboxNewProductBodySchema, body())
        const created = state.createProduct(product)
        state.review.written(created.sku)
        return { status: 201, body: created }
      },
    },
    {
      method: "POST",
      path: "/products/:sku/variations",
      handle: ({ params, body }) => {
        if (!state.getProduct(params.sku)) throw new SandboxHubError(404, "Product not found")
        const { variation } = parseOrThrow(sandboxNewVariationBodySchema, body())
        const product = state.addVariation(params.sku, variation)
        state.review.written(product.sku)
        return { status: 201, body: product }
      },
    },
    productUpdate(context, "/products/:sku", (raw) => parseOrThrow(sandboxProductUpdateBodySchema, raw).product),
    // Variations of a configurable product (docs/hub-public-facts.md, Products): the same record, by its SKU.
    productUpdate(context, "/variations/:sku", (raw) => {
      const { product, variation } = parseOrThrow(sandboxVariationUpdateBodySchema, raw)
      return product ?? variation
    }),
  ]
}

/** A partial update: 404 for an unknown SKU, 422 for a bad body or a refused update (nothing changed then). */
function productUpdate(
  { state, productUpdateResponse }: HubRoutesContext,
  path: string,
  fieldsOf: (body: unknown) => unknown
): Route {
  return {
    method: "PUT",
    path,
    handle: ({ params, body }) => {
      if (!state.getProduct(params.sku) && !state.getVariation(params.sku)) throw new SandboxHubError(404, "Product not found")
      const updated = state.updateProduct(params.sku, fieldsOf(body()))
      state.review.written("parent_sku" in updated ? updated.parent_sku : updated.sku)
      return productUpdateResponse === 204 ? { status: 204 } : { status: 200, body: updated }
    },
  }
}

/** The orders listing's dates: DD/MM/YYYY, a real calendar day, read as UTC midnight. */
function readHubDate(query: URLSearchParams, key: string): Date | undefined {
  const value = readSingle(query, key)
  if (value === undefined) return undefined
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value)
  const [day, month, year] = (match ?? []).slice(1).map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  // Date.UTC rolls 31/02 over into March: a real calendar day reads back the same.
  if (!match || date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) {
    throw new SandboxHubError(400, `${key} must be a date DD/MM/YYYY`)
  }
  return date
}

/** A products cursor is the last SKU of a page, base64url-encoded. */
const encodeCursor = (sku: string) => Buffer.from(sku, "utf8").toString("base64url")

function decodeCursor(cursor: string): string {
  const sku = Buffer.from(cursor, "base64url").toString("utf8")
  if (!sku || encodeCursor(sku) !== cursor) throw new SandboxHubError(400, "cursor is malformed")
  return sku
}

function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>
}
