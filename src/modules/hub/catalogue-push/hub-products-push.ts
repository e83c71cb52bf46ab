/*
 * An account's catalogue push (docs/catalogue.md, *One hub product, one push*): the sending machinery
 * of the workflow `push-hub-products`, the module's own, so the hub's failures are translated here
 * (`hubOutcome`, in the files beside) and the client's calls never leave the module.
 */
import type { HubAccountOptions } from "../accounts"
import type { HubAccountOperations } from "../account-operations"
import type { HubAccountRecords } from "../account-records"
import { renewEvery } from "../leases"
import { hubSkusOf } from "../../../mapping/hub-skus"
import type { HubProductFields } from "../../../mapping/hub-product"
import type { HubProductBody } from "../../../mapping/hub-product-publication"
import type { ProductForHub } from "../../../mapping/hub-product-reading"
import type { CarriedOutcome, ClaimedCatalogueChange } from "../models/hub-catalogue-change"
import type { ClaimedPublication } from "../models/hub-product-publication"
import type { ClaimedHubProducts } from "../repositories/hub-product-claim"
import type { ClaimedWarehouseStock } from "../repositories/hub-warehouse-stock"
import { CarriedSkus } from "./carried-skus"
import { pushHubProduct, type HubSkuOwnerOf, type ProductPush } from "./push-hub-product"
import { settleEach } from "./settle-each"
import { pushSkuFields, skuRefusal, type SkuRefusal } from "./sku-push"
import { NoSaleSaying, type SkuSender } from "./sku-send"
import { pushWarehouseStock, type WarehouseStockPushSummary, type WarehouseStockReading } from "./warehouse-stock-push"

export type { SkuRefusal } from "./sku-push"
export type { WarehouseStockPushSummary, WarehouseStockReading } from "./warehouse-stock-push"

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

/**
 * Medusa as a round reads it as it leaves, in plain JSON (a workflow step's answer): each claimed
 * publication's product by id, and each claimed row's fields by the row's id.
 */
export type ClaimedHubProductsReading = { products: Record<string, ProductForHub>; wanted: Record<string, HubProductFields> }

/** The store's names for what the hub's records do not hold: a product's title, for a problem naming another product. */
export type ProductTitles = (productId: string) => Promise<string | null>

type PushOptions = HubAccountOptions & { mapping: Awaited<ReturnType<HubAccountRecords["settings"]["fieldMapping"]>> }

/** One claimed hub product: its publication (none: a SKU or product this store does not publish) and its SKUs' rows. */
type HubProductClaim = { key: string; publication?: ClaimedPublication; skus: ClaimedCatalogueChange[] }

/**
 * One account's catalogue push (`account.catalogue`): `push` sends a claim's hub products, `pushWarehouses`
 * its other warehouses' batches (warehouse-stock-push.ts); each row settled through `records.catalogueClaims`.
 */
export class HubCataloguePush {
  constructor(
    private readonly account: {
      id: string
      options: HubAccountOptions
      products: HubAccountOperations["products"]
      stores: HubAccountOperations["stores"]
      records: HubAccountRecords
    }
  ) {}

  /** Sends each warehouse's claimed rows in one batch, from `reading` (warehouse-stock-push.ts). */
  pushWarehouses(claims: ClaimedWarehouseStock[][], reading: WarehouseStockReading): Promise<WarehouseStockPushSummary> {
    return pushWarehouseStock(this.account, claims, reading)
  }

  /**
   * Pushes each claimed hub product in as few requests as its hub allows, from `reading`:
   * - a product the hub holds from this store: its partial `PUT`s (the product's, a variation's) carry
   *   its SKUs' changed fields (carried-skus.ts); a SKU no request reached goes alone after;
   * - a product the hub does not hold yet: created (the create carries its SKUs' fields), linked, or
   *   held back with the reason; its SKUs the hub does not hold wait for it (`awaiting`), and those it
   *   does (synced before publication) go alone;
   * - a SKU no publication of this store covers: one `PUT` of its changed fields.
   * The client throttles at each endpoint's limit, so the hub products go in parallel. Each is settled
   * as its own push ends and freed then, while the others are still in flight: settling a round's
   * products together would hold each until the slowest answered. The claim's lease is renewed until
   * none is in flight (`settleEach`).
   */
  async push(claimed: ClaimedHubProducts, reading: ClaimedHubProductsReading, titleOf: ProductTitles): Promise<HubProductsPushSummary> {
    const { id: account, options, records, products } = this.account
    const settling = records.catalogueClaims
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
    if (!claims.length) return summary
    const pushOptions: PushOptions = { ...options, mapping: await records.settings.fieldMapping() }
    const sender: SkuSender = { client: products, options, saying: new NoSaleSaying(records.settings, await records.settings.noSale()) }
    const renewal = setInterval(() => void settling.renew(claimed.claimToken).catch(() => undefined), renewEvery(options.catalogueLeaseMs))
    const settleRow = async (row: ClaimedCatalogueChange, outcome: CarriedOutcome) => {
      await settling.settleRow(row, outcome)
      if (outcome.kind === "sent") summary.sent++
      if (outcome.kind === "refused") summary.skusRefused++
      if (outcome.kind === "failed") summary.skusFailed++
      const refusal = outcome.kind === "returned" || outcome.kind === "awaiting" ? null : skuRefusal(account, row, outcome)
      if (refusal) summary.skuRefusals.push(refusal)
    }
    await settleEach(claims, async ({ key, publication, skus }) => {
      // A row Medusa could not read keeps its last reading.
      const rows = skus.map((row) => ({ ...row, wanted: reading.wanted[row.id] ?? row.wanted }))
      if (!publication) {
        const outcomes = await Promise.all(rows.map(async (row) => [row, await pushSkuFields(sender, row)] as const))
        for (const [row, outcome] of outcomes) await settleRow(row, outcome)
        if (outcomes.length && outcomes.every(([, outcome]) => outcome.kind === "failed")) summary.failed++
      } else {
        const forHub = reading.products[publication.productId] ?? { reading: null, sells: false }
        const push = await this.pushPublication({ sender, pushOptions }, publication, forHub, rows, settleRow, titleOf)
        const { outcome } = push
        if (push.sent) summary.productsSent++
        if (outcome.kind === "published") summary.published++
        if (outcome.kind === "published" && outcome.sent) summary.takenSkus.push(...hubSkusOf(outcome.sku, outcome.accepted))
        if (outcome.kind === "failed") summary.failed++
        if (outcome.kind === "refused" && !outcome.again) {
          summary.refused++
          if (push.sent) summary.refusals.push({ account, product_id: publication.productId, sku: outcome.sku, status: outcome.status, message: outcome.message })
        }
        await settling.settlePublication(publication, outcome, push.created)
      }
      await settling.free(claimed.claimToken, key)
    }).finally(() => clearInterval(renewal))
    // Any hub product the claim took without a row left to push (changed meanwhile) is free again too.
    await settling.free(claimed.claimToken)
    return summary
  }

  /**
   * A publication's push. When the hub holds the product from this store (and the merchant has not
   * excluded it), its requests carry the SKUs' rows; otherwise the product goes on its own, and each row
   * then: taken as the create carried it, waiting for the product when the hub does not hold the SKU,
   * or alone. Settles every row before answering.
   */
  private async pushPublication(
    { sender, pushOptions }: { sender: SkuSender; pushOptions: PushOptions },
    publication: ClaimedPublication,
    forHub: ProductForHub,
    rows: ClaimedCatalogueChange[],
    settleRow: (row: ClaimedCatalogueChange, outcome: CarriedOutcome) => Promise<void>,
    titleOf: ProductTitles
  ): Promise<ProductPush> {
    const { records, products } = this.account
    const ownerOf: HubSkuOwnerOf = async (skus, { adding } = { adding: false }) => {
      const owner = await records.takeHubSkus(publication.productId, skus, { keepOthers: adding || publication.outcomeUnknown })
      return owner && { ...owner, title: await titleOf(owner.productId) }
    }
    if (publication.accepted !== null && !publication.excluded) {
      const variations = (publication.accepted as HubProductBody).variations ?? []
      const skus = new CarriedSkus(rows, sender, new Set(variations.map((variation) => variation.sku)))
      const push = await pushHubProduct(skus.carrying(products), publication, forHub, pushOptions, ownerOf)
      const failed = push.outcome.kind === "failed" ? { reason: push.outcome.reason, status: push.outcome.status } : null
      for (const [row, outcome] of await skus.settle(failed)) await settleRow(row, outcome)
      return push
    }
    const push = await pushHubProduct(products, publication, forHub, pushOptions, ownerOf)
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
}

/** The claim's rows grouped by hub product: a publication's product id, or the hub product the claim named for a row. */
function byHubProduct({ publications, skus }: ClaimedHubProducts): HubProductClaim[] {
  const claims = new Map<string, HubProductClaim>()
  const of = (key: string) => claims.get(key) ?? claims.set(key, { key, skus: [] }).get(key)!
  for (const publication of publications) of(publication.productId).publication = publication
  for (const row of skus) of(row.hubProduct).skus.push(row)
  return [...claims.values()]
}
