import { z } from "zod"
import { accountQuerySchema } from "../../../../modules/hub/accounts"

/** Which hub account's stock sync (`default` unless named). An id the store lacks is a 400 naming it. */
export const GetHubStockSchema = z.strictObject({
  account: accountQuerySchema,
})
export type GetHubStock = z.infer<typeof GetHubStockSchema>
