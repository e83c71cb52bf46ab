import { z } from "zod"
import { accountQuerySchema } from "../../../../modules/hub/accounts"

/** Which hub account's catalogue sync (`default` unless named). An id the store lacks is a 400 naming it. */
export const GetHubCatalogueSchema = z.strictObject({
  account: accountQuerySchema,
})
export type GetHubCatalogue = z.infer<typeof GetHubCatalogueSchema>
