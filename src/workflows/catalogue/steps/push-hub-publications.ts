import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import { renewEvery } from "../../../modules/hub/leases"
import { syncedHubFields } from "../../../mapping/hub-product"
import type { ClaimedCatalogueChange, WantedSkuFields } from "../../../modules/hub/models/hub-catalogue-change"
import type { ClaimedPublication } from "../../../modules/hub/models/hub-product-publication"
import { hubSkusOf } from "../../../modules/hub/repositories/hub-sku-reservation"
import type HubModuleService from "../../../modules/hub/service"
import { loadHubProductFields } from "../../../queries/hub-product-fields"
import { loadProductsForHub } from "../../../queries/hub-product-publication"
import { CarriedSkus } from "./carried-skus"
import { NoSaleSaying, type SkuSender } from "./sku-send"
import { skuRefusal, type SkuRefusal } from "./push-catalogue-changes"
import { pushHubProduct } from "./push-hub-product"
import { settleEach } from "./settle-each"

/** A product an account's hub refused in this round, in its words (announced as `hub-product.refused`). */
export type ProductRefusal = { account: string; product_id: string; sku: string; status: number | null; message: string }

export type PublicationSummary = {
  account: string
  claimed: number
  published: number
  sent: number
  refused: number
  failed: number
  refusals: ProductRefusal[]
  /** SKUs whose fields, carried by their product's push, the hub refused on their own (announced as `hub-sku.refused`). */
  skuRefusals: SkuRefusal[]
  /** The SKUs (a product's and its variations') of the products whose fields the hub took in this round. */
  takenSkus: string[]
}

/**
 * Pushes each claimed product of one account (src/workflows/catalogue/steps/push-hub-product.ts) from
 * Medusa as read now for that account's hub, with its client, budget and options, carrying its SKUs'
 * outbox rows (carried-skus.ts), and records how each went. The client throttles at each endpoint's
 * limit, so the products go in parallel; the claims are renewed while they are in flight, and the step
 * ends only when none is (`settleEach`).
 */
export const pushHubPublicationsStep = createStep(
  "push-hub-publications",
  async ({ account: accountId, claimed, carried }: { account: string; claimed: ClaimedPublication[]; carried: ClaimedCatalogueChange[] }, { container }) => {
    const hub: HubModuleService = container.resolve(HUB_MODULE)
    const held = hub.account(accountId)
    const { id: account, hub: client, options, records } = held
    const summary: PublicationSummary = { account, claimed: claimed.length, published: 0, sent: 0, refused: 0, failed: 0, refusals: [], skuRefusals: [], takenSkus: [] }
    if (!claimed.length) return new StepResponse(summary)
    const [products, mapping] = await Promise.all([loadProductsForHub(container, claimed.map((claim) => claim.productId), options), records.fieldMapping()])
    // Medusa is read once per push: a carried row's SKU is its product's variant, read with it; only a
    // SKU its product no longer holds (renamed, deleted) is read on its own.
    const readWith = (row: ClaimedCatalogueChange) => products.get(row.productId ?? "")?.skuFields.get(row.sku)
    const apart = carried.filter((row) => !readWith(row))
    const readNow = apart.length ? await loadHubProductFields(container, { skus: apart.map((row) => row.sku) }, options) : new Map<string, WantedSkuFields>()
    // Each carried row with its SKU's fields as Medusa reads them now (a failed reading keeps the last one).
    const wantedNow = (row: ClaimedCatalogueChange) => {
      const read = readWith(row)
      return read ? syncedHubFields(read, options.catalogueFields) : (readNow.get(row.sku)?.fields ?? row.wanted)
    }
    const carriedOf = (productId: string) => carried.filter((row) => row.productId === productId).map((row) => ({ ...row, wanted: wantedNow(row) }))
    const sender: SkuSender = { client, options, saying: new NoSaleSaying(records, await records.noSale()) }
    const renewal = setInterval(() => void records.renewPublicationClaims(claimed[0].claimToken).catch(() => undefined), renewEvery(options.catalogueLeaseMs))
    await settleEach(claimed, async (claim) => {
      const holderOf = async (skus: string[]) => {
        const holder = await records.reserveHubSkus(claim.productId, skus, { keepOthers: claim.outcomeUnknown })
        return holder && { ...holder, title: await productTitle(container, holder.productId) }
      }
      const skus = new CarriedSkus(carriedOf(claim.productId), sender)
      const push = await pushHubProduct(skus.carrying(client), claim, products.get(claim.productId)!, { ...options, mapping }, holderOf)
      const { outcome } = push
      const failed = outcome.kind === "failed" ? { reason: outcome.reason, status: outcome.status } : null
      for (const [row, rowOutcome] of await skus.settle(failed)) {
        await hub.completeCataloguePush(row, rowOutcome)
        const refusal = rowOutcome.kind === "returned" ? null : skuRefusal(account, row, rowOutcome)
        if (refusal) summary.skuRefusals.push(refusal)
      }
      if (push.sent) summary.sent++
      if (outcome.kind === "published") summary.published++
      if (outcome.kind === "published" && outcome.sent) summary.takenSkus.push(...hubSkusOf(outcome.sku, outcome.accepted))
      if (outcome.kind === "failed") summary.failed++
      if (outcome.kind === "refused" && !outcome.again) {
        summary.refused++
        if (push.sent) summary.refusals.push({ account, product_id: claim.productId, sku: outcome.sku, status: outcome.status, message: outcome.message })
      }
      await hub.completePublication(claim, outcome, push.created)
    }).finally(() => clearInterval(renewal))
    return new StepResponse(summary)
  }
)

/** A product's title, as the merchant knows it, for a problem that names another product. */
async function productTitle(container: MedusaContainer, productId: string): Promise<string | null> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "product", fields: ["title"], filters: { id: productId } })
  return (data[0]?.title as string | undefined) ?? null
}
