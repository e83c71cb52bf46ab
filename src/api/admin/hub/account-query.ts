import { z } from "zod"
import { accountQuerySchema } from "../../../modules/hub/accounts"

/**
 * `?account=` alone: which hub account a route acts on (option `accounts`), `default` unless named.
 * A malformed id is a 400 naming the field; one the store lacks, a 400 naming it (`hub.account(id)`).
 */
export const HubAccountQuerySchema = z.strictObject({ account: accountQuerySchema })
export type HubAccountQuery = z.infer<typeof HubAccountQuerySchema>
