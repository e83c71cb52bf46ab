import { z } from "zod"

/** How many of the moves needing the merchant: 20 by default, 100 at most (Medusa's 400 names the field). */
export const GetHubMovesSchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
})
export type GetHubMoves = z.infer<typeof GetHubMovesSchema>
