import type { HubMarketplaceRefusal, HubProductPublications, HubProductPublicationView } from "../../api/admin/hub/types"

/*
 * What a product's card says of it on one account, one line per fact, each true beside the others:
 * what was sent and when, what the hub holds, what the marketplace refused and where it is fixed.
 * Pure, so src/__tests__/admin-product-state.unit.spec.ts holds every combination to it.
 */

type Publication = HubProductPublications["publications"][number]

/** What was sent of the product: when last, or why nothing yet. */
export type SentLine = { fact: "sent"; at: string } | { fact: "not_sent"; why: "linked" | "waiting" | "not_publishable" | "excluded" }

/** What the hub holds of it: the SKU (linked: it had it before this store sent anything; created: this store's), the last push refused, or nothing yet. */
export type HubLine = { fact: "holds"; sku: string; how: "linked" | "created" } | { fact: "refused"; words: string | null } | { fact: "holds_nothing"; sku: string | null }

/** How a marketplace's refusal is fixed, and where: the variant's page (Medusa edits its EAN / barcode there), else the product's. */
export type RefusalFix =
  | { kind: "add_ean"; variantId: string | null }
  | { kind: "check_ean"; ean: string; variantId: string | null }
  | { kind: "hub_solution"; solution: string; variantId: string | null }
  | { kind: "none"; variantId: string | null }

export type RefusalLine = { refusal: HubMarketplaceRefusal; fix: RefusalFix }

export type ProductCardLines = { sent: SentLine | null; waiting: boolean; hub: HubLine | null; refusals: RefusalLine[] }

/** A refusal about the EAN, by the hub's code or its name for it (ean_null, invalid_ean, "EAN inválido"). */
const isAboutEan = (refusal: HubMarketplaceRefusal) => /(^|_)ean($|_)/i.test(refusal.error_code) || /\bEAN\b/.test(refusal.name ?? "")

export function productCardLines(publication: Pick<Publication, "product" | "marketplace_refusals" | "variants">): ProductCardLines {
  const row = publication.product
  return {
    sent: row ? sentLine(row) : null,
    // "Changes waiting" beside a first send still waiting would say it twice.
    waiting: !!row?.waiting && !(row.state === "pending" && !row.last_sent_at),
    hub: row ? hubLine(row) : null,
    refusals: publication.marketplace_refusals.map((refusal) => {
      const variant = publication.variants.find((candidate) => candidate.sku === refusal.entity_id)
      const variantId = variant?.variant_id ?? null
      if (isAboutEan(refusal)) return { refusal, fix: variant?.ean ? { kind: "check_ean", ean: variant.ean, variantId } : { kind: "add_ean", variantId } }
      return { refusal, fix: refusal.solution ? { kind: "hub_solution", solution: refusal.solution, variantId } : { kind: "none", variantId } }
    }),
  }
}

function sentLine(row: HubProductPublicationView): SentLine {
  if (row.last_sent_at) return { fact: "sent", at: row.last_sent_at }
  if (row.linked) return { fact: "not_sent", why: "linked" }
  if (row.state === "not_publishable" || row.state === "excluded") return { fact: "not_sent", why: row.state }
  return { fact: "not_sent", why: "waiting" }
}

function hubLine(row: HubProductPublicationView): HubLine | null {
  if (row.state === "refused") return { fact: "refused", words: row.hub_error }
  // A linked product is on the hub whatever this store sent since; a created one once the hub took it.
  if (row.sku && (row.linked || row.state === "published")) return { fact: "holds", sku: row.sku, how: row.linked ? "linked" : "created" }
  // Kept off the hub: what it holds from before is not this card's to guess.
  if (row.state === "excluded") return null
  return { fact: "holds_nothing", sku: row.sku }
}
