import { z } from "zod"

/** A page of the moves needing the merchant: 20 by default, 100 at most (Medusa's 400 names the field). */
export const GetHubMovesSchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export type GetHubMoves = z.infer<typeof GetHubMovesSchema>
