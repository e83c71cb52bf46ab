import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { syncedHubFields } from "../../../mapping/hub-product"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"
import type { ClaimedHubProducts, ClaimedHubProductsReading } from "../../../modules/hub/types"
import { loadHubProductFields } from "../../../queries/hub-product-fields"
import { loadProductsForHub } from "../../../queries/hub-product-publication"

/**
 * Medusa read once for a round, as its push leaves: the claimed products for the hub, and each claimed
 * row's fields with them (a row's SKU is its product's variant); only a SKU its product no longer holds
 * (renamed, deleted) or that no publication covers is read on its own. A row none of them reads is left
 * out: its push keeps the row's last reading. Plain JSON, as a step's answer must be.
 */
export const readClaimedHubProductsStep = createStep(
  "read-claimed-hub-products",
  async ({ account, claimed }: { account: string; claimed: ClaimedHubProducts }, { container }): Promise<StepResponse<ClaimedHubProductsReading>> => {
    const { options } = container.resolve<HubModuleService>(HUB_MODULE).account(account)
    const { publications, skus } = claimed
    const products = publications.length ? await loadProductsForHub(container, publications.map((claim) => claim.productId), options) : new Map()
    const withProduct = (row: (typeof skus)[number]) => products.get(row.productId ?? "")?.skuFields.get(row.sku)
    const apart = skus.filter((row) => !withProduct(row))
    const alone = apart.length ? await loadHubProductFields(container, { skus: apart.map((row) => row.sku) }, options) : new Map()
    const wanted: ClaimedHubProductsReading["wanted"] = {}
    for (const row of skus) {
      const fields = withProduct(row)
      const read = fields ? syncedHubFields(fields, options.catalogueFields) : alone.get(row.sku)?.fields
      if (read) wanted[row.id] = read
    }
    return new StepResponse({ products: Object.fromEntries([...products].map(([id, { reading, sells }]) => [id, { reading, sells }])), wanted })
  }
)
