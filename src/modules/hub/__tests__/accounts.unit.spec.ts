import { DEFAULT_ACCOUNT, parseHubAccounts } from "../accounts"

const store = {
  baseUrl: "https://api.hub.example/v3",
  userEmail: "merchant@store.example",
  apiKey: "api-key-123456",
  accountManagerKey: "account-manager-abcdef",
  salesChannelId: "sc_01A",
  catalogueFields: ["price"],
  rateLimits: { "PUT /products": { limit: 9, windowMs: 1000 } },
}
const brandB = { id: "brand-b", userEmail: "b@store.example", apiKey: "api-key-b", accountManagerKey: "manager-b", salesChannelId: "sc_01B" }

describe("hub accounts", () => {
  it("today's options are one account, default", () => {
    const accounts = parseHubAccounts(store)
    expect(accounts.map((account) => account.id)).toEqual([DEFAULT_ACCOUNT])
    expect(accounts[0]).toMatchObject({ salesChannelId: "sc_01A", catalogueFields: ["price"] })
  })

  it("an added account takes the default's settings but never its credentials or channel", () => {
    const [, b] = parseHubAccounts({ ...store, accounts: [{ ...brandB, publishProducts: true, rateLimits: { "PUT /products": { limit: 4, windowMs: 1000 } } }] })
    expect(b).toMatchObject({ id: "brand-b", baseUrl: store.baseUrl, userEmail: "b@store.example", salesChannelId: "sc_01B", catalogueFields: ["price"], publishProducts: true })
    expect(b.rateLimits).toEqual({ "PUT /products": { limit: 4, windowMs: 1000 } })
    expect(() => parseHubAccounts({ ...store, accounts: [{ id: "brand-b", salesChannelId: "sc_01B" }] })).toThrow(/accounts\.0 \(brand-b\)\.userEmail/)
  })

  it("an account's name is its own: an added account never takes the default's, and an empty one is refused", () => {
    const [a, b, c] = parseHubAccounts({ ...store, name: "Loja Oficial", accounts: [brandB, { ...brandB, id: "brand-c", salesChannelId: "sc_01C", name: " Marca C " }] })
    expect([a.name, b.name, c.name]).toEqual(["Loja Oficial", undefined, "Marca C"])
    expect(() => parseHubAccounts({ ...store, name: " " })).toThrow(/name must not be empty/)
  })

  it("an added account never takes the default's stock location or shipping option: they belong to the default's channel", () => {
    const own = { ...store, stockLocationId: "sloc_01A", shippingOptionId: "so_01A", regionId: "reg_01BR" }
    const [, b] = parseHubAccounts({ ...own, accounts: [brandB] })
    expect(b.stockLocationId).toBeUndefined()
    expect(b.shippingOptionId).toBeUndefined()
    // The region is a currency and countries, not a channel's: two brands may sell in one.
    expect(b.regionId).toBe("reg_01BR")
    const [, c] = parseHubAccounts({ ...own, accounts: [{ ...brandB, stockLocationId: "sloc_01B", shippingOptionId: "so_01B" }] })
    expect(c).toMatchObject({ stockLocationId: "sloc_01B", shippingOptionId: "so_01B" })
  })

  it.each([
    ["accounts: must be a list", { ...store, accounts: {} }],
    ["accounts.0: must be an object", { ...store, accounts: ["brand-b"] }],
    ["accounts.0.id: must be 1 to 40 lowercase", { ...store, accounts: [{ ...brandB, id: "Brand B" }] }],
    ["the id default is given twice (the plugin's own options are the account default)", { ...store, accounts: [{ ...brandB, id: DEFAULT_ACCOUNT }] }],
    ["the id brand-b is given twice", { ...store, accounts: [brandB, { ...brandB, salesChannelId: "sc_01C" }] }],
    ["default and brand-b both sell sales channel sc_01A", { ...store, accounts: [{ ...brandB, salesChannelId: "sc_01A" }] }],
    ["default and brand-b both sell the store's default sales channel", { ...store, salesChannelId: undefined, accounts: [{ ...brandB, salesChannelId: undefined }] }],
    ["accounts.0 (brand-b): jobs is the store's", { ...store, accounts: [{ ...brandB, jobs: false }] }],
    [
      "accounts: default and brand-b both reserve and sell stock location sloc_01A, so both hubs would sell the same units; give each account its own stockLocationId, or set sharedStockLocations: true if that is meant",
      { ...store, stockLocationId: "sloc_01A", accounts: [{ ...brandB, stockLocationId: "sloc_01A" }] },
    ],
    ["accounts.0 (brand-b): sharedStockLocations is the store's", { ...store, accounts: [{ ...brandB, sharedStockLocations: true }] }],
    ["accounts.0 (brand-b).weightUnit: weightUnit must be one of", { ...store, accounts: [{ ...brandB, weightUnit: "t" }] }],
  ])("refuses with %s", (message, options) => {
    expect(() => parseHubAccounts(options)).toThrow(message)
  })

  it("takes two accounts on one stock location when the store says it means it (sharedStockLocations)", () => {
    const accounts = parseHubAccounts({ ...store, stockLocationId: "sloc_01A", sharedStockLocations: true, accounts: [{ ...brandB, stockLocationId: "sloc_01A" }] })
    expect(accounts.map((account) => account.stockLocationId)).toEqual(["sloc_01A", "sloc_01A"])
    // Locations unset (each its channel's) or apart are never refused.
    expect(parseHubAccounts({ ...store, accounts: [brandB] })).toHaveLength(2)
    expect(parseHubAccounts({ ...store, stockLocationId: "sloc_01A", accounts: [{ ...brandB, stockLocationId: "sloc_01B" }] })).toHaveLength(2)
  })

  it("never puts a credential in its message", () => {
    let message = ""
    try {
      parseHubAccounts({ ...store, accounts: [{ ...brandB, apiKey: "secret-key-9", salesChannelId: "sc_01A" }] })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain("both sell")
    expect(message).not.toContain("secret-key-9")
  })
})

describe("hub accounts: options under their old names", () => {
  it("are read under their new names, the default's and an added account's, and told for the boot's warning", () => {
    const told: string[][] = []
    const [own, b] = parseHubAccounts({ ...store, stockLeaseMs: 2_000, accounts: [{ ...brandB, stockRetryDelayMs: 300 }] }, (renamed) => told.push(renamed))
    expect(own.catalogueLeaseMs).toBe(2_000)
    // brand-b takes the default's lease under its new name, and its own retry delay.
    expect(b).toMatchObject({ catalogueLeaseMs: 2_000, catalogueRetryDelayMs: 300 })
    expect(told).toEqual([["stockLeaseMs is now catalogueLeaseMs", "accounts.0 (brand-b).stockRetryDelayMs is now catalogueRetryDelayMs"]])
    const quiet: string[][] = []
    parseHubAccounts({ ...store, catalogueLeaseMs: 2_000 }, (renamed) => quiet.push(renamed))
    expect(quiet).toEqual([])
  })
})
