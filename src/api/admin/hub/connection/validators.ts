import { z } from "zod"
import { accountIdSchema, DEFAULT_ACCOUNT } from "../../../../modules/hub/accounts"

/** Which hub account's connection (option `accounts`); `default` unless named. An id the store lacks is a 400 naming it. */
export const GetHubConnectionSchema = z.strictObject({
  account: accountIdSchema.default(DEFAULT_ACCOUNT),
})
export type GetHubConnection = z.infer<typeof GetHubConnectionSchema>
