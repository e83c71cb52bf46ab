import { z } from "zod"

/** How many hours back, the current one included: a day by default, a week at most (Medusa's 400 names the field). */
export const GetHubTrafficSchema = z.strictObject({
  hours: z.coerce.number().int().min(1).max(168).default(24),
})
export type GetHubTraffic = z.infer<typeof GetHubTrafficSchema>
