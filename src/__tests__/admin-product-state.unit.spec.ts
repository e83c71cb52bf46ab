import type { HubMarketplaceRefusal, HubProductPublicationView } from "../api/admin/hub/types"
import { productCardLines } from "../admin/lib/product-card"
import { PRODUCT_STATES, productState, type ProductStateFacts } from "../admin/lib/product-state"

const row = (state: NonNullable<ProductStateFacts["row"]>["state"], waiting = false) => ({ state, waiting })

describe("a product's one state on one account, the worst first", () => {
  it.each([
    ["a marketplace's refusal outranks the hub's", { row: row("refused"), marketplaceRefused: true }, "marketplace_refused"],
    ["a marketplace's refusal outranks a green published", { row: row("published"), marketplaceRefused: true }, "marketplace_refused"],
    ["a marketplace's refusal outranks a push waiting", { row: row("published", true), marketplaceRefused: true }, "marketplace_refused"],
    ["a marketplace's refusal of a product kept off the hub is still told", { row: row("excluded"), marketplaceRefused: true }, "marketplace_refused"],
    ["a marketplace's refusal of a product not looked at yet", { row: null, marketplaceRefused: true }, "marketplace_refused"],
    ["the hub's refusal, waiting for its next push, is still a refusal", { row: row("refused", true), marketplaceRefused: false }, "refused"],
    ["not publishable, whatever waits", { row: row("not_publishable", true), marketplaceRefused: false }, "not_publishable"],
    ["pending is sending", { row: row("pending"), marketplaceRefused: false }, "sending"],
    ["published with a change waiting is sending", { row: row("published", true), marketplaceRefused: false }, "sending"],
    ["published, nothing waiting", { row: row("published"), marketplaceRefused: false }, "published"],
    ["excluded", { row: row("excluded"), marketplaceRefused: false }, "excluded"],
    ["excluded with a push waiting (its last) stays excluded", { row: row("excluded", true), marketplaceRefused: false }, "excluded"],
    ["not looked at yet", { row: null, marketplaceRefused: false }, "none"],
  ] as const)("%s", (_, facts, expected) => {
    expect(productState(facts as ProductStateFacts)).toBe(expected)
  })

  it("lists the states worst first, each once", () => {
    expect(PRODUCT_STATES).toEqual(["marketplace_refused", "refused", "not_publishable", "sending", "published", "excluded", "none"])
  })
})

describe("a product card's lines, one per fact, each true beside the others", () => {
  const view = (fields: Partial<HubProductPublicationView>): HubProductPublicationView => ({
    account: "default",
    product_id: "prod_1",
    title: "Garrafa térmica 1 L",
    sku: "GARRAFA-TERMICA-1L",
    state: "published",
    excluded: false,
    linked: false,
    problems: [],
    hub_error: null,
    hub_error_status: null,
    last_sent_at: null,
    waiting: false,
    ...fields,
  })
  const refusal = (fields: Partial<HubMarketplaceRefusal>): HubMarketplaceRefusal => ({
    id: "hubsyncerr_1",
    entity_id: "GARRAFA-TERMICA-1L",
    error_category_code: "link_b2w_products",
    error_code: "invalid_ean",
    message: "EAN não confere com o cadastro do marketplace",
    name: "EAN inválido",
    solution: "Corrija o EAN: 8, 12, 13 ou 14 dígitos com o dígito verificador correto.",
    occurrences: 1,
    last_occurrence: null,
    seen_at: "2026-12-01T21:00:00.000Z",
    ...fields,
  })
  const lines = (product: HubProductPublicationView | null, refusals: HubMarketplaceRefusal[] = [], ean: string | null = null) =>
    productCardLines({ product, marketplace_refusals: refusals, variants: [{ sku: "GARRAFA-TERMICA-1L", variant_id: "variant_1", ean }] })

  it("says a linked product was not sent, and that the hub holds it all the same", () => {
    expect(lines(view({ linked: true }))).toMatchObject({
      sent: { fact: "not_sent", why: "linked" },
      hub: { fact: "holds", sku: "GARRAFA-TERMICA-1L", how: "linked" },
      waiting: false,
    })
  })

  it("says when a created product was sent, and that the hub holds it as this store's", () => {
    expect(lines(view({ last_sent_at: "2026-12-01T21:40:00.000Z" }))).toMatchObject({
      sent: { fact: "sent", at: "2026-12-01T21:40:00.000Z" },
      hub: { fact: "holds", how: "created" },
    })
  })

  it.each([
    ["waiting for its first push: nothing held yet, no second 'waiting'", view({ state: "pending", waiting: true }), { fact: "not_sent", why: "waiting" }, { fact: "holds_nothing", sku: "GARRAFA-TERMICA-1L" }, false],
    ["not publishable: not sent, nothing held", view({ state: "not_publishable", sku: null }), { fact: "not_sent", why: "not_publishable" }, { fact: "holds_nothing", sku: null }, false],
    ["kept off: not sent, nothing guessed of the hub", view({ state: "excluded", excluded: true }), { fact: "not_sent", why: "excluded" }, null, false],
    ["refused by the hub: its words", view({ state: "refused", last_sent_at: "2026-12-01T21:40:00.000Z", hub_error: "price must be positive" }), { fact: "sent" }, { fact: "refused", words: "price must be positive" }, false],
    ["published with a change waiting", view({ last_sent_at: "2026-12-01T21:40:00.000Z", waiting: true }), { fact: "sent" }, { fact: "holds", how: "created" }, true],
  ] as const)("%s", (_, product, sent, hub, waiting) => {
    const card = lines(product)
    expect(card.sent).toMatchObject(sent)
    if (hub) expect(card.hub).toMatchObject(hub)
    else expect(card.hub).toBeNull()
    expect(card.waiting).toBe(waiting)
  })

  it("never asks to correct the EAN of a variant that has none: it asks to add one, on the variant's page", () => {
    const [line] = lines(view({ linked: true }), [refusal({})]).refusals
    expect(line.fix).toEqual({ kind: "add_ean", variantId: "variant_1" })
  })

  it("asks to check an EAN the variant has, naming it, on the variant's page", () => {
    const [line] = lines(view({ linked: true }), [refusal({})], "7891234567895").refusals
    expect(line.fix).toEqual({ kind: "check_ean", ean: "7891234567895", variantId: "variant_1" })
    const [missing] = lines(view({}), [refusal({ error_code: "ean_null", name: "Produto sem EAN" })], "7891234567895").refusals
    expect(missing.fix.kind).toBe("check_ean")
  })

  it("gives any other refusal the hub's own fix, linked to its variant when the SKU is one", () => {
    const [line] = lines(view({}), [refusal({ error_code: "empty_name", name: "Produto sem nome", solution: "Informe o nome do produto." })]).refusals
    expect(line.fix).toEqual({ kind: "hub_solution", solution: "Informe o nome do produto.", variantId: "variant_1" })
    const [parent] = productCardLines({ product: view({}), marketplace_refusals: [refusal({ entity_id: "KIT", error_code: "x", name: "Outro", solution: null })], variants: [] }).refusals
    expect(parent.fix).toEqual({ kind: "none", variantId: null })
  })

  it("says nothing of a publication not looked at yet but its refusals", () => {
    expect(lines(null, [refusal({})])).toMatchObject({ sent: null, hub: null, waiting: false, refusals: [{ fix: { kind: "add_ean" } }] })
  })
})
