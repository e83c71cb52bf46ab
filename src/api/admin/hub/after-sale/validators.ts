import { z } from "zod"
import { accountQuerySchema } from "../../../../modules/hub/accounts"

/** A page of one account's SAC tickets: 20 by default, 100 at most. */
export const GetHubSacTicketsSchema = z.strictObject({
  account: accountQuerySchema,
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export type GetHubSacTickets = z.infer<typeof GetHubSacTicketsSchema>

/** The merchant's answer in a chat: its text (5,000 characters at most). */
export const PostHubSacAnswerSchema = z.strictObject({
  content: z.string({ error: "content must be the answer's text" }).trim().min(1, "content is empty").max(5000, "content is longer than 5,000 characters"),
})
export type PostHubSacAnswer = z.infer<typeof PostHubSacAnswerSchema>

/**
 * What the merchant does about a ticket: cancel its order, take back its lines, or exchange them (for
 * `new_items`, or the same variants when none are named); a note for the marketplace; for a return or an
 * exchange, the Medusa refund reason of the buyer's refund when the goods arrive (a cancel's refund is
 * Medusa's cancellation's, with the plugin's reason).
 */
export const PostHubSacInstanceSchema = z
  .strictObject({
    action: z.enum(["CANCEL", "RETURN", "EXCHANGE"], { error: "action must be CANCEL, RETURN or EXCHANGE" }),
    note: z.string({ error: "note must be a text" }).trim().max(2000, "note is longer than 2,000 characters").optional(),
    new_items: z
      .array(z.strictObject({ variant_id: z.string().trim().min(1, "new_items.variant_id is empty"), quantity: z.number().int("new_items.quantity must be a whole number").positive("new_items.quantity must be positive") }))
      .min(1, "new_items is empty")
      .max(50)
      .optional(),
    refund_reason_id: z.string({ error: "refund_reason_id must be a refund reason's id" }).trim().min(1, "refund_reason_id is empty").max(100).optional(),
    // Read by the route (src/mapping/return-nfe.ts); the XML is never kept.
    return_invoice: z
      .strictObject({ key: z.string({ error: "return_invoice.key must be the NF-e's 44-digit key" }).trim().optional(), xml: z.string({ error: "return_invoice.xml must be the NF-e's XML" }).optional() })
      .refine((invoice) => (invoice.key === undefined) !== (invoice.xml === undefined), { message: "return_invoice takes the return NF-e's key or its XML, one of them" })
      .optional(),
  })
  .refine((body) => !body.new_items || body.action === "EXCHANGE", { message: "new_items is for an EXCHANGE only", path: ["new_items"] })
  .refine((body) => !body.refund_reason_id || body.action !== "CANCEL", { message: "refund_reason_id is for a RETURN or an EXCHANGE (a cancel is refunded with the plugin's reason)", path: ["refund_reason_id"] })
  .refine((body) => !body.return_invoice || body.action !== "CANCEL", { message: "return_invoice is for a RETURN or an EXCHANGE (goods coming back)", path: ["return_invoice"] })
export type PostHubSacInstance = z.infer<typeof PostHubSacInstanceSchema>
