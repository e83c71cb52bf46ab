import { z } from "zod"
import { accountQuerySchema } from "../../../../modules/hub/accounts"

/** Which hub account's connection (option `accounts`); `default` unless named. An id the store lacks is a 400 naming it. */
export const GetHubConnectionSchema = z.strictObject({
  account: accountQuerySchema,
})
export type GetHubConnection = z.infer<typeof GetHubConnectionSchema>
