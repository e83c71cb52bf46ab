/*
 * What the sandbox hub accepts in the bodies of an order's moves, written from the public record
 * (docs/hub-public-facts.md, Orders: "Order actions") and not taken from the plugin's client
 * (src/hub-client/schemas.ts): the specification shows none of these bodies (docs/hub-interface.md
 * §4), so a wrong guess in the client shows up in tests as a 400 from the sandbox.
 */
import { z } from "zod"
import type { StandardStatusType } from "./records"

/** Status types an order can be moved to (standard ones); NEW is only ever the status an order is placed in. */
export type MoveTargetType = Exclude<StandardStatusType, "NEW">

/** "ISO 8601" in the record; the sandbox asks for the offset, as a hub in Brazil's time zones reads it. */
const isoDateTime = (field: string) => z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 date and time with its offset` })

/** `invoice`: "key" holds the electronic invoice's 44 digits (docs/hub-interface.md §2). */
export const sandboxInvoiceSchema = z.strictObject({
  key: z.string().regex(/^\d{44}$/, "invoice.key must hold the invoice's 44 digits"),
  issue_date: isoDateTime("invoice.issue_date").optional(),
})
export type SandboxInvoice = z.infer<typeof sandboxInvoiceSchema>

/**
 * `invoice` with its NF-e XML, as the form public SDKs send (docs/hub-public-facts.md, Invoices with
 * the NF-e XML): `file` (`*.xml`), `status`, `volume_qty`, `issue_date`. The sandbox takes the key from
 * `protNFe/infProt/chNFe` and wants `cStat` 100: a hub's own reading, simpler than the plugin's.
 */
export const sandboxNfeInvoiceFormSchema = z
  .object({
    form: z.literal(true),
    fields: z.object({
      status: z.string().min(1, "status is required"),
      volume_qty: z.string().regex(/^[1-9]\d{0,2}$/, "volume_qty must be the number of parcels, 1 or more"),
      issue_date: isoDateTime("issue_date"),
    }),
    files: z.object({
      file: z.object({ name: z.string().regex(/\.xml$/i, "file must be an .xml file"), type: z.string(), content: z.string() }, "file must carry the NF-e XML"),
    }),
  })
  .transform((form, context) => {
    const key = /<chNFe>\s*(\d{44})\s*<\/chNFe>/.exec(form.files.file.content)?.[1]
    if (!key) context.addIssue({ code: "custom", message: "file: no access key (protNFe/infProt/chNFe) in the XML" })
    // Authorised: 100, or 150 when authorised late (public NF-e rules).
    else if (!/<cStat>\s*1[05]0\s*<\/cStat>/.test(form.files.file.content)) context.addIssue({ code: "custom", message: "file: the NF-e is not authorised (cStat 100 or 150)" })
    return { form: true as const, status: form.fields.status, volumeQty: Number(form.fields.volume_qty), invoice: { key: key ?? "", issue_date: form.fields.issue_date } }
  })

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
