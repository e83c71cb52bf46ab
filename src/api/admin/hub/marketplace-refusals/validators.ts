import { z } from "zod"
import { accountQuerySchema } from "../../../../modules/hub/accounts"
import { HUB_SYNC_ERROR_ENTITIES } from "../../../../modules/hub/types"

/** A page of one account's marketplace refusals, of products or orders: 20 by default, 100 at most. */
export const GetHubSyncErrorsSchema = z.strictObject({
  account: accountQuerySchema,
  entity: z.enum(HUB_SYNC_ERROR_ENTITIES).default("products"),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export type GetHubSyncErrors = z.infer<typeof GetHubSyncErrorsSchema>
