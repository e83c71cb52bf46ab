import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { HUB_CHARGE_METADATA_KEY } from "../mapping/hub-order"
import { fulfilledByLine, type OrderFulfillment, type OrderLine } from "../mapping/hub-fulfillment"

/**
 * An order's fulfillment that stands (not canceled), if any: while one does, Medusa's cancelOrderWorkflow
 * refuses the order's cancel and a return can take its goods back (the after-sale page and its steps).
 */
export function standingFulfillment<F extends { canceled_at?: unknown } | null | undefined>(fulfillments: readonly F[] | null | undefined): NonNullable<F> | undefined {
  return (fulfillments ?? []).find((fulfillment): fulfillment is NonNullable<F> => !!fulfillment && !fulfillment.canceled_at)
}

export type OrderForFulfillment = {
  id: string
  metadata: Record<string, unknown> | null
  lines: OrderLine[]
  fulfillments: OrderFulfillment[]
  /** The shipping option of the order's shipping method, when it has one. */
  shippingOptionId: string | null
}

const FULFILLMENT_FIELDS = [
  "id",
  "location_id",
  "metadata",
  "shipped_at",
  "delivered_at",
  "canceled_at",
  "labels.tracking_number",
  "labels.tracking_url",
  "items.line_item_id",
  "items.quantity",
]

/** A Medusa order's lines (with the hub's SKU) and fulfillments, as both directions of the order flow read them. */
export async function orderForFulfillment(container: MedusaContainer, orderId: string): Promise<OrderForFulfillment> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "metadata",
      // The line's quantity is derived from its detail, which only the whole line brings.
      "items.*",
      "shipping_methods.shipping_option_id",
      ...FULFILLMENT_FIELDS.map((field) => `fulfillments.${field}`),
    ],
    filters: { id: orderId },
  })
  const order = data[0] as
    | {
        id: string
        metadata?: Record<string, unknown> | null
        items?: Array<{ id: string; quantity: number | string; metadata?: Record<string, unknown> | null } | null>
        shipping_methods?: Array<{ shipping_option_id?: string | null } | null>
        fulfillments?: unknown[]
      }
    | undefined
  if (!order) throw new Error(`the Medusa order ${orderId} does not exist`)
  const fulfillments = (order.fulfillments ?? []).filter(Boolean) as unknown as OrderFulfillment[]
  const fulfilled = fulfilledByLine(fulfillments)
  const lines = (order.items ?? []).flatMap((item) =>
    item
      ? [
          {
            id: item.id,
            // Only the lines the hub sold carry its SKU (an exchange's new items do not).
            sku: ((item.metadata as { hub_sku?: string } | null)?.hub_sku ?? null) as string | null,
            charge: !!(item.metadata as Record<string, unknown> | null)?.[HUB_CHARGE_METADATA_KEY],
            quantity: Number(item.quantity),
            fulfilled: fulfilled.get(item.id) ?? 0,
          },
        ]
      : []
  )
  const shippingOptionId = (order.shipping_methods ?? []).find((method) => method?.shipping_option_id)?.shipping_option_id ?? null
  return { id: order.id, metadata: (order.metadata as Record<string, unknown> | null) ?? null, lines, fulfillments, shippingOptionId }
}

/** Where each of these order lines is reserved (the location its stock is taken at): a line with no reservation left is absent. */
export async function reservationLocationsOf(container: MedusaContainer, lineItemIds: string[]): Promise<Map<string, string>> {
  if (!lineItemIds.length) return new Map()
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "reservation", fields: ["line_item_id", "location_id"], filters: { line_item_id: lineItemIds } })
  return new Map((data as Array<{ line_item_id?: string | null; location_id?: string | null }>).flatMap((row) => (row.line_item_id && row.location_id ? [[row.line_item_id, row.location_id] as const] : [])))
}

/**
 * The one shipping option (not a return) leaving from a location, or null when there is none or
 * several: a store with a single way of shipping needs no `shippingOptionId` option.
 */
export async function onlyShippingOptionAt(container: MedusaContainer, locationId: string): Promise<string | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "shipping_option",
    fields: ["id", "service_zone.fulfillment_set.type", "service_zone.fulfillment_set.location.id", "rules.attribute", "rules.value"],
  })
  type Option = {
    id: string
    service_zone?: { fulfillment_set?: { type?: string; location?: { id?: string } | null } | null } | null
    rules?: Array<{ attribute?: string; value?: unknown } | null>
  }
  const leaving = (data as Option[]).filter(
    (option) =>
      option.service_zone?.fulfillment_set?.location?.id === locationId &&
      option.service_zone?.fulfillment_set?.type === "shipping" &&
      !(option.rules ?? []).some((rule) => rule?.attribute === "is_return" && String(rule.value) === "true")
  )
  return leaving.length === 1 ? leaving[0].id : null
}

/** A fulfillment with the order it belongs to, its shipping option's name and its provider. */
export async function fulfillmentWithOrder(container: MedusaContainer, fulfillmentId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "fulfillment",
    fields: [...FULFILLMENT_FIELDS, "provider_id", "shipping_option.name", "order.id"],
    filters: { id: fulfillmentId },
  })
  const fulfillment = data[0] as unknown as (OrderFulfillment & { provider_id?: string | null; shipping_option?: { name?: string } | null; order?: { id: string } | null }) | undefined
  return fulfillment ?? null
}
