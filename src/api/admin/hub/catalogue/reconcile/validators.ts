import { z } from "@medusajs/framework/zod"
import { accountQuerySchema } from "../../../../../modules/hub/accounts"

export const PostCatalogueReconcileSchema = z
  .object({
    /** Answer when the walk is over (with its figures) instead of as soon as it starts. */
    wait: z.boolean().default(false),
  })
  .strict()

export type PostCatalogueReconcileBody = z.infer<typeof PostCatalogueReconcileSchema>

/** Which hub account's reconciliation (`?account=`, `default` unless named). An id the store lacks is a 400 naming it. */
export const PostCatalogueReconcileQuerySchema = z.strictObject({
  account: accountQuerySchema,
})
export type PostCatalogueReconcileQuery = z.infer<typeof PostCatalogueReconcileQuerySchema>
