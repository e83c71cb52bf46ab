import { z } from "@medusajs/framework/zod"

export const PostStockReconcileSchema = z
  .object({
    /** Answer when the walk is over (with its figures) instead of as soon as it starts. */
    wait: z.boolean().default(false),
  })
  .strict()

export type PostStockReconcileBody = z.infer<typeof PostStockReconcileSchema>
