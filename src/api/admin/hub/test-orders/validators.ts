import { z } from "zod"
import { testOrderInputSchema } from "../../../../hub-client"

/** A test order as docs/hub-interface.md §2.2 describes it, and whether to approve it (payment received) at once. */
export const PostHubTestOrderSchema = z.strictObject({
  order: testOrderInputSchema,
  approve: z.boolean().default(false),
})

export type PostHubTestOrder = z.infer<typeof PostHubTestOrderSchema>
