import { z } from "zod"
import { accountQuerySchema } from "../../../../modules/hub/accounts"
import { TRAFFIC_HOURS_KEPT } from "../../../../modules/hub/types"

/**
 * How many hours back, the current one included: a day by default, a week at most (Medusa's 400 names
 * the field); of which hub account (`default` unless named).
 */
export const GetHubTrafficSchema = z.strictObject({
  hours: z.coerce.number().int().min(1).max(TRAFFIC_HOURS_KEPT).default(24),
  account: accountQuerySchema,
})
export type GetHubTraffic = z.infer<typeof GetHubTrafficSchema>
