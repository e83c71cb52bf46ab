import { z } from "zod"
import { accountQuerySchema } from "../../../../../modules/hub/accounts"

/** A page of one account's SKUs in error: 20 by default, 100 at most (Medusa's 400 names the field). */
export const GetHubSkusInErrorSchema = z.strictObject({
  account: accountQuerySchema,
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export type GetHubSkusInError = z.infer<typeof GetHubSkusInErrorSchema>
