import { z } from "@medusajs/framework/zod"
import { accountQuerySchema } from "../../../../../modules/hub/accounts"

export const PostStockReconcileSchema = z
  .object({
    /** Answer when the walk is over (with its figures) instead of as soon as it starts. */
    wait: z.boolean().default(false),
  })
  .strict()

export type PostStockReconcileBody = z.infer<typeof PostStockReconcileSchema>

/** Which hub account's reconciliation (`?account=`, `default` unless named). An id the store lacks is a 400 naming it. */
export const PostStockReconcileQuerySchema = z.strictObject({
  account: accountQuerySchema,
})
export type PostStockReconcileQuery = z.infer<typeof PostStockReconcileQuerySchema>
