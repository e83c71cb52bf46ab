/*
 * The marketplace's own delivery on the hub (docs/hub-public-facts.md, The hub's own delivery): a
 * parcel's label, the PLPs (pre-post lists) that group labelled orders, and Direct collections. The
 * answers' shapes come from public SDKs only, so each schema asks for what the plugin uses and no more;
 * a PDF is streamed through, never held (documents.ts). The hub's words; the requests are
 * marketplace-delivery.ts's.
 */
import { z } from "zod"
import { hubText, looseText, present } from "./reading"
import { readEach } from "./schemas"

/** Orders the hub lists per page of `to_group` and `collectables` ("about 20": a fuller page may have a next). */
export const DELIVERY_PAGE_SIZE = 20

const idSchema = z.union([z.string().min(1), z.number().int()]).transform(String)

/** An order as the delivery listings name it: its code and, where given, whose delivery it is. */
const deliveryOrderSchema = z.object({
  code: hubText.pipe(z.string().min(1)),
  shipping: looseText,
})
export type DeliveryOrder = z.infer<typeof deliveryOrderSchema>

/** Each entry read alone (an entry without a code left out, not the page); `orders` null or missing is none. */
export const deliveryOrdersSchema = z.object({ orders: present(z.array(z.unknown())).transform((list) => readEach(list ?? [], deliveryOrderSchema).read) })

/** `{"message": "Plp 98945320 agrupada com sucesso."}`: the PLP's id is read from the message (null when it names none). */
export const groupedSchema = z
  .object({ message: z.string().optional() })
  .transform((body) => ({ plpId: /(\d{3,})/.exec(body.message ?? "")?.[1] ?? null, message: body.message ?? null }))
export type GroupedPlp = z.infer<typeof groupedSchema>

const plpSchema = z.object({
  id: idSchema,
  type: z.string().optional().catch(undefined),
  orders: z.array(z.object({ code: z.string().min(1) })).default([]).catch([]),
})
export type HubPlp = z.infer<typeof plpSchema>
export const plpListSchema = z.object({ plp: present(z.array(z.unknown())).transform((list) => readEach(list ?? [], plpSchema).read) })

/** A label's or a PLP's data (for a thermal printer): its shape is not published, so any JSON object is passed on as is. */
export const documentDataSchema = z.record(z.string(), z.unknown())
export type HubDocumentData = z.infer<typeof documentDataSchema>

/**
 * What a PLP's `order_remote_codes` names (unsure in the record): the hub's order code, as the public
 * SDK sends it, or the marketplace's number (the code without its `<channel>-` prefix), as one public
 * module does.
 */
export const PLP_ORDER_CODES = ["code", "marketplace_number"] as const
export type PlpOrderCodes = (typeof PLP_ORDER_CODES)[number]

/** An order's code as `order_remote_codes` names it. */
export function plpRemoteCode(code: string, channel: string | null | undefined, form: PlpOrderCodes): string {
  if (form === "code" || !channel) return code
  return code.startsWith(`${channel}-`) ? code.slice(channel.length + 1) : code
}
