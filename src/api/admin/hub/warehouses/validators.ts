import { z } from "zod"
import { hubWarehousesSchema } from "../../../../modules/hub/options"

/**
 * `POST /admin/hub/warehouses?account=`: the account's warehouses besides the default, in the option
 * `warehouses`' own shape (`[{ code, stockLocationId }]`, each code and location once, at most 50; the
 * option's messages); `null` forgets the saved ones, so the option's apply again.
 */
export const PostHubWarehousesSchema = z.strictObject({
  warehouses: hubWarehousesSchema.nullable(),
})
export type PostHubWarehouses = z.infer<typeof PostHubWarehousesSchema>
