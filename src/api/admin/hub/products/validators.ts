import { z } from "zod"
import { accountQuerySchema } from "../../../../modules/hub/accounts"
import { PUBLICATION_STATES } from "../../../../modules/hub/types"

const publicationState = z.enum(PUBLICATION_STATES, { error: `state must be one of ${PUBLICATION_STATES.join(", ")}` })

/**
 * `GET /admin/hub/products`: one hub account's publications (`default` unless named; an id the store
 * lacks is a 400 naming it), of one state or several (`state[]=a&state[]=b`), or one product, a page
 * at a time (Medusa's 400 names a bad field).
 */
export const GetHubProductsSchema = z.strictObject({
  account: accountQuerySchema,
  state: z.union([publicationState, z.array(publicationState).min(1)]).optional(),
  product_id: z.string().trim().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export type GetHubProducts = z.infer<typeof GetHubProductsSchema>

/** `POST /admin/hub/products/{id}/publish?account=`: no body. */
export const PostHubProductPublishSchema = z.strictObject({})

/** `POST /admin/hub/products/{id}/exclusion?account=`: keep the product off that account's hub, or let it go again. */
export const PostHubProductExclusionSchema = z.strictObject({
  excluded: z.boolean({ error: "excluded must be true or false" }),
})
export type PostHubProductExclusion = z.infer<typeof PostHubProductExclusionSchema>
