/*
 * What the sandbox hub accepts in the bodies of an order's moves, written from the public record
 * (docs/hub-public-facts.md, Orders: "Order actions") and not taken from the plugin's client
 * (src/hub-client/schemas.ts): the specification shows none of these bodies (docs/hub-interface.md
 * §4), so a wrong guess in the client shows up in tests as a 400 from the sandbox.
 */
import { z } from "zod"
import type { HubStatusType } from "../hub-client/schemas"

/** Status types an order can be moved to; NEW is only ever the status an order is placed in. */
export type MoveTargetType = Exclude<HubStatusType, "NEW">

/** "ISO 8601" in the record; the sandbox asks for the offset, as a hub in Brazil's time zones reads it. */
const isoDateTime = (field: string) => z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 date and time with its offset` })

/** `invoice`: "key" holds the electronic invoice's 44 digits (docs/hub-interface.md §2). */
export const sandboxInvoiceSchema = z.strictObject({
  key: z.string().regex(/^\d{44}$/, "invoice.key must hold the invoice's 44 digits"),
  issue_date: isoDateTime("invoice.issue_date").optional(),
})
export type SandboxInvoice = z.infer<typeof sandboxInvoiceSchema>

/** `shipment`: the order's code (optional), the carrier's date, the items shipped and one track. */
export const sandboxShipmentSchema = z.strictObject({
  code: z.string().min(1, "shipment.code must not be empty").optional(),
  delivered_carrier_date: isoDateTime("shipment.delivered_carrier_date").optional(),
  items: z
    .array(z.strictObject({ sku: z.string().min(1, "shipment.items[].sku must not be empty"), qty: z.number().int().positive("shipment.items[].qty must be 1 or more") }))
    .min(1, "shipment.items must list what was shipped"),
  track: z.strictObject({
    code: z.string().min(1, "shipment.track.code must not be empty"),
    carrier: z.string().min(1, "shipment.track.carrier must not be empty"),
    method: z.string().min(1, "shipment.track.method must not be empty"),
    url: z.string().max(200, "shipment.track.url may hold at most 200 characters").optional(),
  }),
})
export type SandboxShipment = z.infer<typeof sandboxShipmentSchema>

/** `delivery`: the delivery's date beside the status, not wrapped. */
export const sandboxDeliverySchema = z.strictObject({ delivered_date: isoDateTime("delivered_date").optional() })
export type SandboxDelivery = z.infer<typeof sandboxDeliverySchema>

/** `shipment_exception`: when delivery failed and why. */
export const sandboxShipmentExceptionSchema = z.strictObject({
  occurrence_date: isoDateTime("shipment_exception.occurrence_date"),
  observation: z.string().min(1, "shipment_exception.observation must say what happened"),
})
export type SandboxShipmentException = z.infer<typeof sandboxShipmentExceptionSchema>
