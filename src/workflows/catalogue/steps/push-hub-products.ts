import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type { HubAccount } from "../../../modules/hub/hub-account"
import { renewEvery } from "../../../modules/hub/leases"
import { syncedHubFields } from "../../../mapping/hub-product"
import type { CarriedOutcome, ClaimedCatalogueChange, ClaimedHubProducts, ClaimedPublication, WantedSkuFields } from "../../../modules/hub/types"
import { hubSkusOf } from "../../../mapping/hub-skus"
import type HubModuleService from "../../../modules/hub/service"
import { loadHubProductFields } from "../../../queries/hub-product-fields"
import type { HubProductBody } from "../../../mapping/hub-product-publication"
import { loadProductsForHub, type ProductForHub } from "../../../queries/hub-product-publication"
import { CarriedSkus } from "./carried-skus"
import { pushHubProduct, type HubSkuHolder, type ProductPush } from "./push-hub-product"
import { settleEach } from "./settle-each"
import { pushSkuFields, skuRefusal, type SkuRefusal } from "./sku-push"
import { NoSaleSaying, type SkuSender } from "./sku-send"

/** A product an account's hub refused in this round, in its words (announced as `hub-product.refused`). */
export type ProductRefusal = { account: string; product_id: string; sku: string; status: number | null; message: string }

export type HubProductsPushSummary = {
  account: string
  /** Hub products claimed: a product with its SKUs, or a SKU no product of this store publishes. */
  claimed: number
  /** Hub products whose push failed (the hub unavailable): tried again after a delay. */
  failed: number
  /** Publications the hub holds after their push, and those that sent it a request. */
  published: number
  productsSent: number
  /** Products the hub refused (4xx), each announced in `refusals`. */
  refused: number
  refusals: ProductRefusal[]
  /** SKUs whose fields the hub took, refused (announced in `skuRefusals`) or could not be sent. */
  sent: number
  skusRefused: number
  skusFailed: number
  skuRefusals: SkuRefusal[]
  /** The SKUs (a product's and its variations') of the products whose fields the hub took in this round. */
  takenSkus: string[]
}

type PushOptions = HubAccount["options"] & { mapping: Awaited<ReturnType<HubAccount["records"]["settings"]["fieldMapping"]>> }

/** One claimed hub product: its publication (none: a SKU or product this store does not publish) and its SKUs' rows. */
type HubProductClaim = { key: string; publication?: ClaimedPublication; skus: ClaimedCatalogueChange[] }

/**
 * Pushes each claimed hub product of one account, in as few requests as its hub allows
 * (docs/catalogue.md, *One hub product, one push*), Medusa read once as the push leaves:
 * - a product the hub holds from this store: its partial `PUT`s (the product's, a variation's) carry
 *   its SKUs' changed fields (carried-skus.ts); a SKU no request reached goes alone after;
 * - a product the hub does not hold yet: created (the create carries its SKUs' fields), linked, or
 *   held back with the reason; its SKUs the hub does not hold wait for it (`awaiting`), and those it
 *   does (synced before publication) go alone;
 * - a SKU no publication of this store covers: one `PUT` of its changed fields.
 * The client throttles at each endpoint's limit, so the hub products go in parallel; the claim is
 * renewed while any is in flight, each hub product freed once its rows are settled, and the step ends
 * only when none is in flight (`settleEach`).
 */
export const pushHubProductsStep = createStep("push-hub-products", async ({ account: accountId, claimed }: { account: string; claimed: ClaimedHubProducts }, { container }) => {
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  const hubAccount = hubModule.account(accountId)
  const { id: account, options, records } = hubAccount
  const claims = byHubProduct(claimed)
  const summary: HubProductsPushSummary = {
    account,
    claimed: claims.length,
    failed: 0,
    published: 0,
    productsSent: 0,
    refused: 0,
    refusals: [],
    sent: 0,
    skusRefused: 0,
    skusFailed: 0,
    skuRefusals: [],
    takenSkus: [],
  }
  if (!claims.length) return new StepResponse(summary)
  const [read, mapping] = await Promise.all([readNow(container, hubAccount, claimed), records.settings.fieldMapping()])
  const pushOptions = { ...options, mapping }
  const sender: SkuSender = { client: hubAccount.products, options, saying: new NoSaleSaying(records.settings, await records.settings.noSale()) }
  const renewal = setInterval(() => void records.renewHubProductClaims(claimed.claimToken).catch(() => undefined), renewEvery(options.catalogueLeaseMs))
  const settleRow = async (row: ClaimedCatalogueChange, outcome: CarriedOutcome) => {
    await hubModule.completeCataloguePush(row, outcome)
    if (outcome.kind === "sent") summary.sent++
    if (outcome.kind === "refused") summary.skusRefused++
    if (outcome.kind === "failed") summary.skusFailed++
    const refusal = outcome.kind === "returned" || outcome.kind === "awaiting" ? null : skuRefusal(account, row, outcome)
    if (refusal) summary.skuRefusals.push(refusal)
  }
  await settleEach(claims, async ({ key, publication, skus }) => {
    const rows = skus.map((row) => ({ ...row, wanted: read.wanted(row) }))
    if (!publication) {
      const outcomes = await Promise.all(rows.map(async (row) => [row, await pushSkuFields(sender, row)] as const))
      for (const [row, outcome] of outcomes) await settleRow(row, outcome)
      if (outcomes.length && outcomes.every(([, outcome]) => outcome.kind === "failed")) summary.failed++
    } else {
      const push = await pushPublication(container, hubAccount, { sender, pushOptions }, publication, read.products.get(publication.productId)!, rows, settleRow)
      const { outcome } = push
      if (push.sent) summary.productsSent++
      if (outcome.kind === "published") summary.published++
      if (outcome.kind === "published" && outcome.sent) summary.takenSkus.push(...hubSkusOf(outcome.sku, outcome.accepted))
      if (outcome.kind === "failed") summary.failed++
      if (outcome.kind === "refused" && !outcome.again) {
        summary.refused++
        if (push.sent) summary.refusals.push({ account, product_id: publication.productId, sku: outcome.sku, status: outcome.status, message: outcome.message })
      }
      await hubModule.completePublication(publication, outcome, push.created)
    }
    await hubModule.freeHubProducts(claimed.claimToken, key)
  }).finally(() => clearInterval(renewal))
  // Any hub product the claim took without a row left to push (changed meanwhile) is free again too.
  await hubModule.freeHubProducts(claimed.claimToken)
  return new StepResponse(summary)
})

/**
 * A publication's push. When the hub holds the product from this store (and the merchant has not
 * excluded it), its requests carry the SKUs' rows; otherwise the product goes on its own, and each row
 * then: taken as the create carried it, waiting for the product when the hub does not hold the SKU,
 * or alone. Settles every row before answering.
 */
async function pushPublication(
  container: MedusaContainer,
  hubAccount: HubAccount,
  { sender, pushOptions }: { sender: SkuSender; pushOptions: PushOptions },
  publication: ClaimedPublication,
  forHub: ProductForHub,
  rows: ClaimedCatalogueChange[],
  settleRow: (row: ClaimedCatalogueChange, outcome: CarriedOutcome) => Promise<void>
): Promise<ProductPush> {
  const holderOf: HubSkuHolder = async (skus, { adding } = { adding: false }) => {
    const holder = await hubAccount.records.reserveHubSkus(publication.productId, skus, { keepOthers: adding || publication.outcomeUnknown })
    return holder && { ...holder, title: await productTitle(container, holder.productId) }
  }
  if (publication.accepted !== null && !publication.excluded) {
    const variations = (publication.accepted as HubProductBody).variations ?? []
    const skus = new CarriedSkus(rows, sender, new Set(variations.map((variation) => variation.sku)))
    const push = await pushHubProduct(skus.carrying(hubAccount.products), publication, forHub, pushOptions, holderOf)
    const failed = push.outcome.kind === "failed" ? { reason: push.outcome.reason, status: push.outcome.status } : null
    for (const [row, outcome] of await skus.settle(failed)) await settleRow(row, outcome)
    return push
  }
  const push = await pushHubProduct(hubAccount.products, publication, forHub, pushOptions, holderOf)
  const created = new Set(push.created.map((sku) => sku.sku))
  const holdsProduct = push.outcome.kind === "published"
  await Promise.all(
    rows.map(async (row) => {
      // The create carried the row's fields as read now: taken as accepted with the publication (`acceptCreated`).
      if (created.has(row.sku)) return settleRow(row, { kind: "unchanged" })
      if (!row.onHub && !holdsProduct) return settleRow(row, { kind: "awaiting" })
      return settleRow(row, push.outcome.kind === "failed" ? { kind: "failed", reason: push.outcome.reason, status: push.outcome.status ?? undefined } : await pushSkuFields(sender, row))
    })
  )
  return push
}

/** The claim's rows grouped by hub product: a publication's product id, or the hub product the claim named for a row. */
function byHubProduct({ publications, skus }: ClaimedHubProducts): HubProductClaim[] {
  const claims = new Map<string, HubProductClaim>()
  const of = (key: string) => claims.get(key) ?? claims.set(key, { key, skus: [] }).get(key)!
  for (const publication of publications) of(publication.productId).publication = publication
  for (const row of skus) of(row.hubProduct).skus.push(row)
  return [...claims.values()]
}

/**
 * Medusa read once for the round: the claimed products for the hub, and each row's fields with them (a
 * row's SKU is its product's variant); only a SKU its product no longer holds (renamed, deleted) or
 * that no publication covers is read on its own. A failed reading keeps the row's last one.
 */
async function readNow(container: MedusaContainer, hubAccount: HubAccount, { publications, skus }: ClaimedHubProducts) {
  const { options } = hubAccount
  const products = publications.length ? await loadProductsForHub(container, publications.map((claim) => claim.productId), options) : new Map<string, ProductForHub>()
  const readWith = (row: ClaimedCatalogueChange) => products.get(row.productId ?? "")?.skuFields.get(row.sku)
  const apart = skus.filter((row) => !readWith(row))
  const alone = apart.length ? await loadHubProductFields(container, { skus: apart.map((row) => row.sku) }, options) : new Map<string, WantedSkuFields>()
  const wanted = (row: ClaimedCatalogueChange) => {
    const withProduct = readWith(row)
    return withProduct ? syncedHubFields(withProduct, options.catalogueFields) : (alone.get(row.sku)?.fields ?? row.wanted)
  }
  return { products, wanted }
}

/** A product's title, as the merchant knows it, for a problem that names another product. */
async function productTitle(container: MedusaContainer, productId: string): Promise<string | null> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "product", fields: ["title"], filters: { id: productId } })
  return (data[0]?.title as string | undefined) ?? null
}
