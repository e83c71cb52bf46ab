import { z } from "zod"
import { accountQuerySchema } from "../../../../modules/hub/accounts"

/** `POST /admin/hub/mapping/sample`: the account, and the product to show (else the account's first). */
export const PostMappingSampleQuerySchema = z.strictObject({
  account: accountQuerySchema,
  product_id: z.string().regex(/^prod_[0-9A-Za-z]+$/, "product_id must be a Medusa product id (prod_...)").optional(),
})
export type PostMappingSampleQuery = z.infer<typeof PostMappingSampleQuerySchema>

/** `GET /admin/hub/mapping/hub-categories`: a page of the hub's categories (its service pages by 10 at most). */
export const GetHubCategoriesSchema = z.strictObject({
  account: accountQuerySchema,
  limit: z.coerce.number("limit must be a number").int().min(1, "limit must be 1 or more").max(10, "limit must be at most 10 (the hub's category service pages by 10)").default(10),
  offset: z.coerce.number("offset must be a number").int().min(0, "offset must be 0 or more").max(1_000_000).default(0),
})
export type GetHubCategories = z.infer<typeof GetHubCategoriesSchema>
