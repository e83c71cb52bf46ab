import fs from "node:fs"
import path from "node:path"
import { nfeOrderDifference, readNfeXml } from "../mapping/nfe-xml"
import { SandboxHubState } from "../sandbox"

// The demo's two orders of the marketplace's own deliveries (scripts/demo-hubs.js), as the README's demo prints them.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { placeDeliveryOrders } = require("../../scripts/demo-hubs") as {
  placeDeliveryOrders: (root: string, hub: SandboxHubState, store: { products: Array<{ sku: string; qty: number }> }) => Array<{ code: string; delivery: string; key?: string; xmlPath?: string }>
}

describe("the demo's Correios and Direct orders", () => {
  const hub = new SandboxHubState()
  hub.upsertProducts([{ sku: "GARRAFA-TERMICA-1L", qty: 5, name: "Garrafa térmica", price: 89.9 }])
  const orders = placeDeliveryOrders(path.resolve(__dirname, "../.."), hub, { products: [{ sku: "GARRAFA-TERMICA-1L", qty: 5 }] })
  const correios = orders.find((order) => order.delivery === "Correios")!
  const direct = orders.find((order) => order.delivery === "Direct")!
  const xml = fs.readFileSync(direct.xmlPath!, "utf8")
  afterAll(() => fs.rmSync(direct.xmlPath!, { force: true }))

  it("prints, as the Correios order's key, a key of its own: not the one of the Direct order's sample XML", () => {
    const reading = readNfeXml(xml, 1024 * 1024)
    expect(reading.ok).toBe(true)
    expect(correios.key).toMatch(/^\d{44}$/)
    expect(correios.key).not.toBe(reading.ok ? reading.key : undefined)
  })

  it("writes, for the Direct order, an NF-e of its buyer and its lines", () => {
    const order = hub.getOrder(direct.code)!
    expect(order.customer.vat_number).toBeTruthy()
    expect(nfeOrderDifference(xml, { buyer: order.customer.vat_number ?? null, items: order.items.map((item) => ({ sku: item.id, qty: item.qty })) })).toBeNull()
    expect(xml).toContain("<det")
  })
})
