import { z } from "zod"
import { accountQuerySchema } from "../../../../modules/hub/accounts"

const page = z.coerce.number("page must be a number").int("page must be a whole number").min(1, "page must be 1 or more").max(500, "page must be at most 500").default(1)
const format = z.enum(["pdf", "json"], { error: "format must be pdf or json" }).default("pdf")

/** `GET /admin/hub/delivery/to-group`: a page of the orders ready to group, as the hub pages them. */
export const GetDeliveryPageSchema = z.strictObject({ account: accountQuerySchema, page })

/** `GET /admin/hub/delivery/collectables`: Direct orders whose collection is still to request (`requested=false`) or requested. */
export const GetCollectablesSchema = z.strictObject({
  account: accountQuerySchema,
  page,
  requested: z.enum(["true", "false"], { error: "requested must be true or false" }).default("false").transform((value) => value === "true"),
})

/** A label's or a PLP's document: `pdf` (streamed) or `json` (the data, for a thermal printer). */
export const GetDeliveryDocumentSchema = z.strictObject({ account: accountQuerySchema, format })

const orderCodes = z
  .array(z.string().trim().min(1, "order_codes must not hold an empty code").max(200), "order_codes must be a list of order codes")
  .min(1, "order_codes must name at least one order")
  .max(100, "order_codes may name at most 100 orders")
  .transform((codes) => [...new Set(codes)])

/** `POST /admin/hub/delivery/plps` (group) and `POST /admin/hub/delivery/collections` (request a collection). */
export const PostDeliveryOrdersSchema = z.strictObject({ order_codes: orderCodes })
export type PostDeliveryOrders = z.infer<typeof PostDeliveryOrdersSchema>
