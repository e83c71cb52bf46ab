import { z } from "zod"
import {
  deliveryInputSchema,
  HubStatusType,
  invoiceInputSchema,
  shipmentExceptionInputSchema,
  shipmentInputSchema,
} from "./schemas"

/** Status types an order can be moved to; NEW is only ever the status an order is placed in. */
export type MoveTargetType = Exclude<HubStatusType, "NEW">

/**
 * The plugin's reading of the hub's flow: target status type -> the types an order likely comes
 * from. The spec leaves source states unstated (docs/hub-interface.md §3), so this only leads the
 * order card (which moves it offers first); the hub decides what it accepts, and a move this table
 * does not expect is still sent when the merchant asks for it. The sandbox hub has rules of its own
 * (src/sandbox/move-rules.ts), so tests can show where a hub and this table differ.
 */
export const ALLOWED_SOURCE_TYPES: Readonly<Record<MoveTargetType, readonly HubStatusType[]>> = {
  APPROVED: ["NEW"],
  INVOICED: ["APPROVED"],
  SHIPPED: ["INVOICED", "SHIPMENT_EXCEPTION"],
  DELIVERED: ["SHIPPED", "SHIPMENT_EXCEPTION"],
  CANCELED: ["NEW", "APPROVED", "INVOICED"],
  SHIPMENT_EXCEPTION: ["SHIPPED"],
}

/**
 * A merchant's move of an order on the hub (docs/hub-interface.md §3 "set by merchant"), as the admin asks for it.
 * A shipment without items ships every item of the order.
 */
/** The parcels an invoice with its NF-e XML names (`volume_qty`: never more than needed). */
const volumeQty = z.number("volume_qty must be a number").int("volume_qty must be a whole number").min(1, "volume_qty must be 1 or more").max(100, "volume_qty may be at most 100")

/**
 * An invoice with its NF-e XML, as the order card uploads it (`POST /admin/hub/orders/{code}/invoice-xml`):
 * the file's text and the number of parcels. The route reads the XML (src/mapping/nfe-xml.ts), checks
 * it is this order's (its buyer, its lines), and never keeps it.
 */
export const nfeUploadSchema = z.strictObject({
  xml: z.string("xml must be the NF-e XML file's text").min(1, "xml is empty: choose the NF-e XML file"),
  volume_qty: volumeQty,
  /** The merchant confirms an NF-e whose lines are not the order's SKUs and quantities (their own product codes). */
  lines_confirmed: z.boolean("lines_confirmed must be true or false").optional(),
})
export type NfeUpload = z.infer<typeof nfeUploadSchema>

export const merchantOrderMoveSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("invoice"),
    invoice: invoiceInputSchema,
    /**
     * Sent with its NF-e XML (as a form): the parcels, and the upload the XML is held under while
     * the request that brought it runs (src/modules/hub/nfe-uploads.ts); the key and date are the XML's.
     */
    nfe: z.strictObject({ volume_qty: volumeQty, upload: z.string().min(1) }).optional(),
  }),
  z.strictObject({
    kind: z.literal("ship"),
    shipment: shipmentInputSchema.extend({ items: shipmentInputSchema.shape.items.optional() }),
  }),
  z.strictObject({ kind: z.literal("deliver"), delivery: deliveryInputSchema.default({}) }),
  z.strictObject({ kind: z.literal("shipment_exception"), shipment_exception: shipmentExceptionInputSchema }),
  z.strictObject({ kind: z.literal("cancel") }),
], { error: "kind must be one of invoice, ship, deliver, shipment_exception, cancel" })
export type MerchantOrderMove = z.infer<typeof merchantOrderMoveSchema>
export type MerchantOrderMoveKind = MerchantOrderMove["kind"]

/** The status type each merchant move sets. */
export const MERCHANT_MOVE_TARGET: Readonly<Record<MerchantOrderMoveKind, MoveTargetType>> = {
  invoice: "INVOICED",
  ship: "SHIPPED",
  deliver: "DELIVERED",
  shipment_exception: "SHIPMENT_EXCEPTION",
  cancel: "CANCELED",
}

/** Each move in words, for messages ("an invoice is possible only from APPROVED"). */
export const MERCHANT_MOVE_NAMES: Readonly<Record<MerchantOrderMoveKind, string>> = {
  invoice: "an invoice",
  ship: "a shipment",
  deliver: "a delivery",
  shipment_exception: "a shipment exception",
  cancel: "a cancel",
}

/** Status types from which no merchant move can succeed: the order's story is over. */
export const FINAL_STATUS_TYPES: readonly HubStatusType[] = ["CANCELED", "DELIVERED"]

/** Whether a move is worth sending at all: anything but a final status is the hub's to decide. */
export function moveSendableFrom(currentType: HubStatusType | undefined): boolean {
  return currentType === undefined || !FINAL_STATUS_TYPES.includes(currentType)
}

/** Whether the plugin's table expects a move from an order's current status type (the card offers it first). */
export function moveAllowedFrom(kind: MerchantOrderMoveKind, currentType: HubStatusType | undefined): boolean {
  return currentType !== undefined && ALLOWED_SOURCE_TYPES[MERCHANT_MOVE_TARGET[kind]].includes(currentType)
}
