import { parseHubAccounts } from "../accounts"

/* Option `warehouses` (docs/options.md): store codes mapped to stock locations, per account, checked apart. */

const store = { baseUrl: "https://api.hub.example/v3", userEmail: "merchant@store.example", apiKey: "api-key-123456", accountManagerKey: "account-manager-abcdef", salesChannelId: "sc_01A" }
const brandB = { id: "brand-b", userEmail: "b@store.example", apiKey: "api-key-b", accountManagerKey: "manager-b", salesChannelId: "sc_01B" }

describe("option warehouses", () => {
  it("maps store codes to stock locations; none by default; an added account never takes the default's", () => {
    const [a, b] = parseHubAccounts({ ...store, warehouses: [{ code: " 01 ", stockLocationId: "sloc_01RIO" }], accounts: [brandB] })
    expect(a.warehouses).toEqual([{ code: "01", stockLocationId: "sloc_01RIO" }])
    expect(b.warehouses).toEqual([])
    const [, c] = parseHubAccounts({ ...store, accounts: [{ ...brandB, warehouses: [{ code: "01", stockLocationId: "sloc_01B" }] }] })
    expect(c.warehouses).toEqual([{ code: "01", stockLocationId: "sloc_01B" }])
  })

  it.each([
    ["warehouses: must be a list of { code, stockLocationId }", { warehouses: { "01": "sloc_01" } }],
    ["warehouses.0.code: must not be empty", { warehouses: [{ code: " ", stockLocationId: "sloc_01" }] }],
    ["warehouses.0.code: 98 is the default warehouse", { warehouses: [{ code: "98", stockLocationId: "sloc_01" }] }],
    ["warehouses.0.stockLocationId: must be a Medusa id starting with sloc_", { warehouses: [{ code: "01", stockLocationId: "loja-rio" }] }],
    ["warehouses.0: takes only code and stockLocationId (not qty)", { warehouses: [{ code: "01", stockLocationId: "sloc_01", qty: 1 }] }],
    ["warehouses.1.code: warehouse 01 is mapped twice", { warehouses: [{ code: "01", stockLocationId: "sloc_01" }, { code: "01", stockLocationId: "sloc_02" }] }],
    ["warehouses.1.stockLocationId: stock location sloc_01 is mapped twice", { warehouses: [{ code: "01", stockLocationId: "sloc_01" }, { code: "02", stockLocationId: "sloc_01" }] }],
    ["warehouses.0.stockLocationId: sloc_01 is the account's stockLocationId", { stockLocationId: "sloc_01", warehouses: [{ code: "01", stockLocationId: "sloc_01" }] }],
  ])("refuses with %s", (message, options) => {
    expect(() => parseHubAccounts({ ...store, ...options })).toThrow(message)
  })

  it("refuses a location in two accounts, whichever option names it in each", () => {
    const mapped = [{ code: "01", stockLocationId: "sloc_01RIO" }]
    const both = /accounts: default and brand-b both reserve and sell stock location sloc_01RIO/
    expect(() => parseHubAccounts({ ...store, warehouses: mapped, accounts: [{ ...brandB, warehouses: mapped }] })).toThrow(both)
    expect(() => parseHubAccounts({ ...store, warehouses: mapped, accounts: [{ ...brandB, stockLocationId: "sloc_01RIO" }] })).toThrow(both)
    expect(() => parseHubAccounts({ ...store, stockLocationId: "sloc_01RIO", accounts: [{ ...brandB, warehouses: mapped }] })).toThrow(both)
    expect(() => parseHubAccounts({ ...store, accounts: [{ ...brandB, stockLocationId: "sloc_01B", warehouses: [{ code: "01", stockLocationId: "sloc_01B" }] }] })).toThrow(
      "accounts (brand-b): warehouses.0.stockLocationId: sloc_01B is the account's stockLocationId"
    )
  })
})
