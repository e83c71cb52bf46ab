import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import type { HubFieldMapping } from "../../../../../mapping/hub-field-mapping"
import { mappedHubCategory } from "../../../../../mapping/hub-field-mapping"
import { checkHubProduct, hubProductBody } from "../../../../../mapping/hub-product-publication"
import { HUB_MODULE } from "../../../../../modules/hub"
import type HubModuleService from "../../../../../modules/hub/service"
import { loadProductsForHub } from "../../../../../queries/hub-product-publication"
import type { HubMappingSample } from "../../types"
import type { PostMappingSampleQuery } from "../validators"

/**
 * What a mapping not saved yet makes of one product (the one named, else the account's first): the
 * values each mapped field takes, its hub category, and the problems that would keep it off the hub.
 * Nothing is saved or sent.
 */
export async function POST(req: MedusaRequest<HubFieldMapping>, res: MedusaResponse<HubMappingSample>) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const query = req.validatedQuery as PostMappingSampleQuery
  const { id: account, options } = hubModule.account(query.account)
  const productId = query.product_id ?? (await firstProductId(req, hubModule, account))
  if (!productId) return void res.json({ account, product: null, fields: { categories: [], specifications: [] }, hub_category: null, problems: [] })
  const reading = (await loadProductsForHub(req.scope, [productId], options)).get(productId)?.reading
  if (!reading) throw new MedusaError(MedusaError.Types.NOT_FOUND, `product_id: no product ${productId} in this store`)
  const publication = { ...options, mapping: req.validatedBody }
  const body = hubProductBody(reading, publication)
  const check = checkHubProduct(reading, publication)
  const hubCategory = mappedHubCategory(reading.categories ?? [], req.validatedBody)
  res.json({
    account,
    product: { id: productId, title: reading.title },
    fields: { brand: body.brand, ean: body.ean, nbm: body.nbm, categories: body.categories, specifications: body.specifications },
    hub_category: hubCategory ? { id: hubCategory.id, name: hubCategory.name } : null,
    problems: check.ok ? [] : check.problems,
  })
}

/** The account's first product the publication holds, else the store's first. */
async function firstProductId(req: MedusaRequest, hubModule: HubModuleService, account: string): Promise<string | undefined> {
  const published = await hubModule.account(account).records.publications.firstProductId()
  if (published) return published
  const [product] = await req.scope.resolve(Modules.PRODUCT).listProducts({}, { select: ["id"], order: { id: "ASC" }, take: 1 })
  return product?.id
}
