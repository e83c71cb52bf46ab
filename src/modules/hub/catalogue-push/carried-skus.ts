/*
 * One hub product, one push (issue 39): the catalogue outbox rows of a product the hub holds go with
 * that product's push. Each request the push makes to one of its SKUs (the product's `PUT`, a
 * variation's) carries that SKU's fields that differ from what the hub last accepted (qty and the
 * `catalogueFields`), so an edit of title, price and stock together is one request. A SKU no request
 * of the push reached goes alone right after, as the flusher would send it.
 */
import { hubOutcome, type HubVariationInput } from "../../../hub-client"
import type { HubProductOperations } from "../account-operations"
import { HUB_PRODUCT_FIELDS, type HubProductFields } from "../../../mapping/hub-product"
import type { CarriedOutcome, ClaimedCatalogueChange } from "../models/hub-catalogue-change"
import { pushError, pushSkuFields, sent } from "./sku-push"
import { sendSku, type SkuSender } from "./sku-send"

/** The account's product operations a product's push uses (push-hub-product.ts). */
export type ProductPushClient = Pick<HubProductOperations, "get" | "create" | "addVariation" | "update">

type Went = { row?: ClaimedCatalogueChange; fields: HubProductFields; error?: unknown; withOwnFields: boolean }

export class CarriedSkus {
  private readonly rows: Map<string, ClaimedCatalogueChange>
  private readonly went = new Map<string, Went>()

  /**
   * `rows`: the product's claimed outbox rows, each with `wanted` as Medusa reads it now; `sender`: their
   * account's (sku-send.ts); `variationSkus`: the SKUs the hub holds as the product's variations, each
   * updated at its own `PUT /variations/{sku}` when it goes alone (docs/hub-public-facts.md, *Products*).
   */
  constructor(
    rows: ClaimedCatalogueChange[],
    private readonly sender: SkuSender,
    private readonly variationSkus: ReadonlySet<string> = new Set()
  ) {
    this.rows = new Map(rows.map((row) => [row.sku, row]))
  }

  /** The account's hub calls, its writes to a carried SKU adding that SKU's fields. */
  carrying(client: ProductPushClient): ProductPushClient {
    return {
      get: (sku) => client.get(sku),
      create: (product) => client.create(product),
      addVariation: async (parentSku, variation) => {
        await client.addVariation(parentSku, variation)
        // A variation added carries its own stock fields: what the hub holds of them now.
        this.carriedBy(variation)
      },
      update: async (sku, fields, endpoint) => {
        const row = this.went.has(sku) ? undefined : this.rows.get(sku)
        const withOwnFields = Object.keys(fields).length > 0
        if (!row) return client.update(sku, fields, endpoint)
        // The product's own fields win where both name one (a product disabled: its status).
        const went = await sendSku(this.sender, row, fields, (wire) => client.update(sku, wire, endpoint))
        if (!went) return undefined
        this.went.set(sku, { row: went.row, fields: went.error === undefined ? { ...went.fields, ...pick(fields) } : went.fields, error: went.error, withOwnFields })
        if (went.error !== undefined) throw went.error
        return undefined
      },

    }
  }

  /**
   * How each carried row ended. A row the push's requests did not reach goes alone now, unless the
   * product's push failed (the hub unavailable), whose reason it takes.
   */
  async settle(productFailed: { reason: string; status: number | null } | null): Promise<Array<[ClaimedCatalogueChange, CarriedOutcome]>> {
    return Promise.all(
      [...this.rows.values()].map(async (row): Promise<[ClaimedCatalogueChange, CarriedOutcome]> => {
        const went = this.went.get(row.sku)
        if (!went) {
          if (productFailed) return [row, { kind: "failed", reason: productFailed.reason, status: productFailed.status ?? undefined }]
          return [row, await pushSkuFields(this.sender, row, this.variationSkus.has(row.sku) ? "variations" : undefined)]
        }
        const from = went.row ?? row
        if (went.error === undefined) return [row, Object.keys(went.fields).length ? sent(from, went.fields) : { kind: "unchanged" }]
        // Refused for the product's own fields as much as for this SKU's: the SKU's go alone, and a
        // refusal of those is theirs (docs/hub-interface.md §7 rule 1: never the same request again).
        const refused = hubOutcome(went.error)?.kind === "refused"
        if (refused && went.withOwnFields) return [row, { kind: "returned" }]
        return [row, pushError(from, went.fields, went.error)]
      })
    )
  }

  private carriedBy(variation: HubVariationInput): void {
    const row = this.rows.get(variation.sku)
    if (row && !this.went.has(variation.sku)) this.went.set(variation.sku, { fields: pick(variation), withOwnFields: true })
  }
}

/** The stock fields a body holds. */
function pick(body: object): HubProductFields {
  const fields: Record<string, unknown> = {}
  for (const field of HUB_PRODUCT_FIELDS) if ((body as Record<string, unknown>)[field] !== undefined) fields[field] = (body as Record<string, unknown>)[field]
  return fields as HubProductFields
}
