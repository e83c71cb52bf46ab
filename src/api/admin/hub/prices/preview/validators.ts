import { z } from "zod"
import { accountQuerySchema } from "../../../../../modules/hub/accounts"

/** `POST /admin/hub/prices/preview`: the account, and the page of SKUs to show. */
export const PostPricePreviewQuerySchema = z.strictObject({
  account: accountQuerySchema,
  limit: z.coerce.number("limit must be a number").int().min(1, "limit must be 1 or more").max(100, "limit must be at most 100").default(20),
  offset: z.coerce.number("offset must be a number").int().min(0, "offset must be 0 or more").max(1_000_000).default(0),
})
