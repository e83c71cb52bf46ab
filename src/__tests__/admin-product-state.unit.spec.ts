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
