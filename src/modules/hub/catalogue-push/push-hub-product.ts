/*
 * One product's push: what the hub must be sent for it, and how it went. The reading is Medusa's as
 * the push leaves; `claim.accepted` is what the hub last took. The publication decides the product's
 * own fields: `qty`, `price` and `promotional_price` (and `status` when `catalogueFields` keeps it) are
 * the catalogue outbox rows', which the client given adds to the request to their SKU (carried-skus.ts),
 * except in a create, which must carry them.
 */
import { hubOutcome, type HubProductInput, type HubVariationInput } from "../../../hub-client"
import { HUB_PRODUCT_FIELDS, sameHubValue, type CatalogueField, type HubProductFields } from "../../../mapping/hub-product"
import { checkHubProduct, hubProductBody, type HubProductBody, type PublicationOptions } from "../../../mapping/hub-product-publication"
import { hubProductChanges, sameJson } from "../../../mapping/hub-product-changes"
import type { ClaimedPublication } from "../models/hub-product-publication"
import type { PublicationOutcome } from "../repositories/hub-product-publication"
import type { ProductForHub } from "../../../mapping/hub-product-reading"
import type { ProductPushClient } from "./carried-skus"

/** A SKU's fields a create carried: the catalogue outbox takes them as accepted, so it does not send them again. */
export type CreatedSku = { sku: string; variantId: string | null; productId: string; fields: HubProductFields }

export type ProductPush = {
  outcome: PublicationOutcome
  /** The hub was sent a request (counted; a refusal announced). */
  sent: boolean
  created: CreatedSku[]
}

type PushOptions = PublicationOptions & { catalogueFields: readonly CatalogueField[] }

/**
 * Takes `skus` on the account's hub for the product being pushed and names the other product of this
 * store that owns one of them (null: it owns them all). A hub product is one Medusa product's: never
 * linked to another's, even one whose create answer was lost or that is pushed in the same round.
 * `adding`: the SKUs join those the product owns (variations added to a product the hub holds), which
 * it keeps; otherwise they are all the product's.
 */
export type HubSkuOwnerOf = (skus: string[], options?: { adding: boolean }) => Promise<OwnedSku | null>
type OwnedSku = { sku: string; productId: string; title?: string | null }
type Problem = { field: string; message: string }

export async function pushHubProduct(
  client: ProductPushClient,
  claim: ClaimedPublication,
  forHub: ProductForHub,
  options: PushOptions,
  ownerOf: HubSkuOwnerOf
): Promise<ProductPush> {
  const accepted = claim.accepted as HubProductBody | null
  const quiet = (outcome: PublicationOutcome): ProductPush => ({ outcome, sent: false, created: [] })
  if (claim.excluded) return quiet({ kind: "excluded" })
  const { reading } = forHub
  if (!reading || !forHub.sells) {
    // Never on the hub: nothing to do. On it: disabled, never deleted (hubs refuse to delete
    // products linked to orders); the catalogue outbox sends its SKUs qty 0.
    if (!accepted) return quiet({ kind: "gone" })
    if (accepted.status === "disabled") return quiet(reading ? { kind: "published", sku: accepted.sku, accepted, sent: false } : { kind: "gone" })
    return attempt(async () => {
      await client.update(accepted.sku, { status: "disabled" })
      const disabled = { ...accepted, status: "disabled" as const }
      return { outcome: reading ? { kind: "published", sku: accepted.sku, accepted: disabled, sent: true } : { kind: "gone" }, sent: true, created: [] }
    }, accepted.sku, accepted)
  }

  const body = hubProductBody(reading, options)
  const variantIds = new Map(reading.variants.flatMap((variant) => (variant.sku ? [[variant.sku, variant.id] as const] : [])))
  if (!accepted) return publishNew(client, claim, variantIds, body, checkHubProduct(reading, options), options, ownerOf)
  const check = checkHubProduct(reading, options)
  const next = check.ok ? check.product : body
  // The product's own fields decide: its SKUs' stock fields go with the push whatever it refused.
  if (claim.refused && sameJson(ownBody(claim.refused as HubProductBody, options), ownBody(next, options))) return quiet(refusedAgain(claim, next))
  const taken = await takeAddedVariations(accepted, next, ownerOf)
  const push = await publishChanges(client, accepted, taken.next, options)
  // The hub holds the product already: its edits go (a field that cannot be sent, or a variation whose
  // SKU another product holds, is left out of the body, so it is not sent); the problems stay listed
  // for the merchant to fix.
  const problems = [...taken.problems, ...(check.ok ? [] : check.problems)]
  if (!problems.length || push.outcome.kind !== "published") return push
  return { ...push, outcome: { kind: "not_publishable", sku: body.sku, problems, accepted: push.outcome.accepted } }
}

/**
 * The variations a product the hub holds is to be sent that it does not hold yet, each taken by the
 * product before it is sent, as a create's SKUs are: one another product of this store owns is left
 * out of the body, named as a problem.
 */
async function takeAddedVariations(accepted: HubProductBody, next: HubProductBody, ownerOf: HubSkuOwnerOf): Promise<{ next: HubProductBody; problems: Problem[] }> {
  const changes = hubProductChanges(accepted, next)
  // Another hub SKU is created from scratch after the remap, taken whole then.
  let adding = changes.kind === "update" ? changes.variationsToAdd.map((variation) => variation.sku) : []
  const held = new Set<string>()
  const problems: Problem[] = []
  while (adding.length) {
    const owner = await ownerOf(adding, { adding: true })
    if (!owner) break
    held.add(owner.sku)
    problems.push(ownedSkuProblem(owner, "give the variant another SKU"))
    adding = adding.filter((sku) => sku !== owner.sku)
  }
  return { next: held.size ? { ...next, variations: (next.variations ?? []).filter((variation) => !held.has(variation.sku)) } : next, problems }
}

/** The problem of a SKU another product of this store owns on the account's hub, naming it as the merchant knows it. */
function ownedSkuProblem(owner: OwnedSku, fix: string): Problem {
  const other = owner.title ? `"${owner.title}" (${owner.productId})` : owner.productId
  return { field: "sku", message: `sku: ${owner.sku} is the hub product of another product of this store, ${other}: ${fix}` }
}

/**
 * A product the hub has not taken from this store. A SKU the hub already holds (the merchant's own,
 * or a create whose answer was lost) is linked: what Medusa maps to now counts as accepted, so only
 * later edits are sent and nothing the merchant set on the hub is overwritten, but its status is the
 * store's (a SKU used again after a rename is kept disabled); a variation Medusa has and the hub's
 * answer does not list is added to it, as an edit adding a variant would be. Nothing is asked of the
 * hub for a SKU that cannot name a hub product, or before every SKU of the body (its variations'
 * too) is taken by this product: one another product of this store owns makes it not publishable.
 */
async function publishNew(
  client: ProductPushClient,
  claim: ClaimedPublication,
  variantIds: ReadonlyMap<string, string>,
  body: HubProductBody,
  check: ReturnType<typeof checkHubProduct>,
  options: PushOptions,
  ownerOf: HubSkuOwnerOf
): Promise<ProductPush> {
  const quiet = (outcome: PublicationOutcome): ProductPush => ({ outcome, sent: false, created: [] })
  const skuProblems = check.ok ? [] : check.problems.filter((problem) => problem.field === "sku" || problem.field.endsWith(".sku"))
  if (skuProblems.length) return quiet({ kind: "not_publishable", sku: null, problems: skuProblems })
  const owner = await ownerOf([body.sku, ...(body.variations ?? []).map((variation) => variation.sku)])
  if (owner) return quiet({ kind: "not_publishable", sku: null, problems: [ownedSkuProblem(owner, "give this product another SKU (metadata.hub_sku for one with several variants)")] })
  return attempt(async () => {
    const onHub = await client.get(body.sku)
    if (onHub) {
      const linked = !claim.outcomeUnknown
      const skusOnHub = onHub.variations ? new Set(onHub.variations.map((variation) => variation.sku)) : null
      const holds: HubProductBody = {
        ...body,
        ...(onHub.status === "enabled" || onHub.status === "disabled" ? { status: onHub.status as HubProductBody["status"] } : {}),
        ...(skusOnHub ? { variations: (body.variations ?? []).filter((variation) => skusOnHub.has(variation.sku)) } : {}),
      }
      const push = await publishChanges(client, holds, body, options)
      return push.outcome.kind === "published" ? { ...push, outcome: { ...push.outcome, linked } } : push
    }
    if (!check.ok) return quiet({ kind: "not_publishable", sku: body.sku, problems: check.problems })
    if (claim.refused && sameJson(claim.refused, check.product)) return quiet(refusedAgain(claim, check.product))
    // The check passed, so the required fields are there; the client validates the body again.
    await client.create(check.product as HubProductInput)
    return {
      outcome: { kind: "published", sku: body.sku, accepted: check.product, sent: true },
      sent: true,
      created: createdSkus(check.product, claim.productId, variantIds),
    }
  }, body.sku, null, check.ok ? check.product : body)
}

/** An edit of a published product: one partial PUT of its changed fields, and one request per variation added or changed. */
async function publishChanges(client: ProductPushClient, accepted: HubProductBody, next: HubProductBody, options: PushOptions): Promise<ProductPush> {
  const changes = hubProductChanges(accepted, next)
  if (changes.kind === "new-sku") {
    // Another hub SKU: the old one stops selling; the new one is created from scratch (after a read).
    return attempt(async () => {
      if (accepted.status !== "disabled") await client.update(accepted.sku, { status: "disabled" })
      return { outcome: { kind: "remapped" }, sent: accepted.status !== "disabled", created: [] }
    }, accepted.sku, accepted)
  }
  const own = (fields: Record<string, unknown>) => ownFields(fields, options)
  const product = own(changes.product)
  const updates = changes.variationsToUpdate.map((change) => ({ sku: change.sku, fields: own(change.variation) })).filter((change) => Object.keys(change.fields).length)
  if (!Object.keys(product).length && !updates.length && !changes.variationsToAdd.length) {
    return { outcome: { kind: "published", sku: next.sku, accepted: next, sent: false }, sent: false, created: [] }
  }
  // What the hub holds so far: a refusal half way keeps the parts that went.
  let holds: HubProductBody = accepted
  return attempt(
    async () => {
      if (Object.keys(product).length) {
        await client.update(next.sku, product)
        holds = { ...holds, ...product }
      }
      for (const update of updates) {
        await client.update(update.sku, update.fields, "variations")
        holds = { ...holds, variations: (holds.variations ?? []).map((variation) => (variation.sku === update.sku ? { ...variation, ...update.fields } : variation)) }
      }
      // An add is not safe to repeat (the hub refuses a SKU it holds) and its last answer may have
      // been lost: the hub is read first, and only the variations it lacks are sent.
      const skusOnHub = changes.variationsToAdd.length ? await variationSkusOnHub(client, next.sku) : new Set<string>()
      for (const variation of changes.variationsToAdd) {
        if (!skusOnHub.has(variation.sku)) await client.addVariation(next.sku, variation as HubVariationInput)
        holds = { ...holds, variations: [...(holds.variations ?? []), variation] }
      }
      return { outcome: { kind: "published", sku: next.sku, accepted: next, sent: true }, sent: true, created: [] }
    },
    next.sku,
    () => holds,
    next
  )
}

/** A body's fields that are the publication's own: its SKUs' stock fields are the catalogue outbox rows'. */
function ownFields<Fields extends Record<string, unknown>>(fields: Fields, options: PushOptions): Fields {
  const kept: Record<string, unknown> = { ...fields }
  for (const field of HUB_PRODUCT_FIELDS) if (field !== "status" || options.catalogueFields.includes("status")) delete kept[field]
  return kept as Fields
}

function ownBody(body: HubProductBody, options: PushOptions): Record<string, unknown> {
  return { ...ownFields(body, options), variations: body.variations?.map((variation) => ownFields(variation, options)) }
}

/** The SKUs of the variations the hub holds under a product (none when it does not hold the product). */
async function variationSkusOnHub(client: ProductPushClient, sku: string): Promise<Set<string>> {
  const onHub = await client.get(sku)
  return new Set((onHub?.variations ?? []).map((variation) => variation.sku))
}

/**
 * Runs a push and turns the hub's answer into the row's outcome: a 4xx is a refusal kept with the
 * hub's words (the body not sent again unchanged, docs/hub-interface.md §7 rule 1); a create whose
 * answer was lost is read from the hub before anything is sent again; anything else waits and retries.
 */
async function attempt(
  run: () => Promise<ProductPush>,
  sku: string,
  holds: HubProductBody | null | (() => HubProductBody | null),
  refusedBody?: HubProductBody
): Promise<ProductPush> {
  const holding = () => (typeof holds === "function" ? holds() : holds) ?? undefined
  try {
    return await run()
  } catch (error) {
    const outcome = hubOutcome(error)
    if (!outcome) throw error
    if (outcome.kind === "refused") {
      // The hub's words and status when it answered; a request refused before leaving has neither.
      const refused = refusedBody ?? holding() ?? null
      return { outcome: { kind: "refused", sku, refused, status: outcome.status, message: outcome.hubMessage ?? outcome.message, accepted: holding() }, sent: outcome.sent, created: [] }
    }
    const status = outcome.kind === "unavailable" || outcome.kind === "outcome_unknown" ? outcome.status : null
    return { outcome: { kind: "failed", reason: outcome.message, status, outcomeUnknown: outcome.kind === "outcome_unknown", accepted: holding() }, sent: false, created: [] }
  }
}

/** Medusa still maps to the body the hub refused: nothing is sent, the refusal stands. */
function refusedAgain(claim: ClaimedPublication, body: HubProductBody): PublicationOutcome {
  return { kind: "refused", sku: body.sku, refused: body, status: null, message: "", again: true }
}

/**
 * Each SKU a create carried, with the stock fields it set there (a configurable product's are its
 * variations'). A create without a sale price, or with the price itself as one, left no sale on the hub:
 * kept as null, as the outbox holds no sale (src/mapping/hub-no-sale.ts), so nothing goes again for it.
 */
function createdSkus(body: HubProductBody, productId: string, variantIds: ReadonlyMap<string, string>): CreatedSku[] {
  const stock = (fields: Partial<HubProductBody>): HubProductFields => {
    const kept: Record<string, unknown> = {}
    for (const field of HUB_PRODUCT_FIELDS) if (fields[field] !== undefined) kept[field] = fields[field]
    const price = fields.price ?? body.price
    if (fields.promotional_price == null || (typeof price === "number" && sameHubValue("price", price, fields.promotional_price))) kept.promotional_price = null
    return kept as HubProductFields
  }
  const skus = body.variations?.length ? body.variations : [body]
  return skus.map((created) => ({ sku: created.sku, variantId: variantIds.get(created.sku) ?? null, productId, fields: stock(created as Partial<HubProductBody>) }))
}
