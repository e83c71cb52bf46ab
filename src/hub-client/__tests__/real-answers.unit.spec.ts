import fs from "node:fs"
import path from "node:path"
import { hubProductListSchema, hubStatusListSchema, testOrderInputSchema } from "../schemas"
import { parseHubOrder } from "../listed-order"
import { toMedusaOrder, type MatchedVariant } from "../../mapping/hub-order"
import { sampleTestOrder } from "../../sandbox/sample-order"

/*
 * The hub's answers as real hubs send them (integration-tests/fixtures/hub-answers: each body names its
 * source in the public record). Before the reader was made liberal, 8 of these 9 orders were set aside as
 * malformed (nulls, phones with a dash, CEPs with theirs, a CNPJ with its punctuation, no shipping
 * address yet), so they reserved nothing.
 */
const CORPUS = path.join(__dirname, "../../../integration-tests/fixtures/hub-answers/orders")
const corpus = fs
  .readdirSync(CORPUS)
  .filter((file) => file.endsWith(".json"))
  .sort()
  .map((file) => ({ file, body: JSON.parse(fs.readFileSync(path.join(CORPUS, file), "utf8")) as { code: string; total_ordered: number } & Record<string, unknown> }))

const variant = (sku: string): MatchedVariant => ({ id: `variant_${sku}`, sku, title: sku, product_id: `prod_${sku}`, product_title: sku })
const VARIANTS = new Map(["CAMISETA-AZUL-M", "CANECA-300", "GARRAFA-750"].map((sku) => [sku, variant(sku)]))
const TARGET = { regionId: "reg_1", salesChannelId: "sc_1", currencyCode: "brl" }

const cents = (amount: unknown) => Math.round(Number(amount) * 100)
type Adjusted = { amount?: unknown; adjustments?: Array<{ amount: unknown }> }
const adjustments = (line: Adjusted) => (line.adjustments ?? []).reduce((sum, adjustment) => sum + cents(adjustment.amount), 0)

/** The total Medusa will compute for a mapped order, in cents: lines and shipping, less their adjustments. */
function medusaTotal(order: { items?: unknown[]; shipping_methods?: unknown[] }): number {
  const items = (order.items ?? []) as Array<Adjusted & { unit_price: unknown; quantity: number }>
  const shipping = (order.shipping_methods ?? []) as Adjusted[]
  return (
    items.reduce((sum, item) => sum + cents(item.unit_price) * item.quantity - adjustments(item), 0) +
    shipping.reduce((sum, method) => sum + cents(method.amount) - adjustments(method), 0)
  )
}

function mapped(file: string) {
  const { body } = corpus.find((entry) => entry.file === file)!
  const parsed = parseHubOrder(body)
  if (!parsed.ok) throw new Error(parsed.reason)
  const result = toMedusaOrder(parsed.hubOrder, VARIANTS, TARGET)
  if (!result.ok) throw new Error(result.reason)
  return result
}

describe("the hub's answers as real hubs send them", () => {
  it("holds nine orders, each naming its source", () => {
    expect(corpus).toHaveLength(9)
    for (const { body } of corpus) expect(String(body._source).length).toBeGreaterThan(40)
  })

  it.each(corpus.map(({ file }) => file))("%s: read, mapped, at total_ordered to the cent", (file) => {
    const { body } = corpus.find((entry) => entry.file === file)!
    const { order } = mapped(file)
    expect(medusaTotal(order)).toBe(cents(body.total_ordered))
  })

  it("normalises phones, CEPs and tax numbers to their digits; a phone that is none is absent", () => {
    const { customer, order } = mapped("03-phones-as-written.json")
    expect(customer).toMatchObject({ email: "joana.menezes@example.com", phone: "7918058887", metadata: { phones: ["7918058887", "11987654321"], vat_number: "11144477700" } })
    expect(order.billing_address).toMatchObject({ phone: "1130959890", postal_code: "49010390" })
    expect(order.shipping_address).toMatchObject({ phone: "79998765432" })
    const five = mapped("05-special-price-zero-and-null.json")
    expect(five.customer?.phone).toBeUndefined()
    expect(five.customer?.metadata.phones).toEqual([])
  })

  it("sells a line without a special price, or with 0, at its original price", () => {
    const { order } = mapped("05-special-price-zero-and-null.json")
    expect((order.items as Array<{ variant_sku?: string; unit_price: unknown }>).map((item) => [item.variant_sku, item.unit_price])).toEqual([
      ["CANECA-300", 39.9],
      ["GARRAFA-750", 119],
    ])
  })

  it("keeps a company buyer's CNPJ and state registration with the order's billing address", () => {
    const { customer, order } = mapped("04-company-buyer.json")
    expect(customer?.metadata.vat_number).toBe("12345678000100")
    expect(order.billing_address?.metadata).toMatchObject({ state_registration: "110.042.490.114" })
  })

  it("maps a NEW order without a shipping address yet, without one", () => {
    const { order } = mapped("06-new-without-shipping-address.json")
    expect(order.shipping_address).toBeUndefined()
    expect(order.billing_address).toBeUndefined()
    expect(order.items).toHaveLength(1)
  })

  it("keeps the marketplace's order number, the dispatch deadline, each line's promotion split, warehouse and delivery line", () => {
    const { order } = mapped("07-promotions-and-warehouse-2024.json")
    expect(order.metadata).toMatchObject({ hub_remote_code: "1517940500554-01", hub_expedition_limit_date: "2025-03-19T02:59:59.000Z" })
    expect(order.items?.[0].metadata).toEqual({
      hub_sku: "GARRAFA-750",
      hub_promotions: [{ name: "Semana do Consumidor", value: 40, seller_value: 15, sponsor_value: 25, sponsor_percentage: 62.5, calculation_type: "fixed", category_type: "marketplace_campaign" }],
      hub_remote_store_id: "98",
      hub_delivery_line_id: "9f1c2a7e-4b7d-4c1e-9d55-1a2b3c4d5e6f",
    })
    // The total stays what the buyer paid: the promotion is already in the price.
    expect(order.items?.[0].unit_price).toBe(99)
  })

  it("still sets aside what cannot be imported correctly, naming the field", () => {
    const body = corpus[0].body as Record<string, any>
    const refused = (change: (order: Record<string, any>) => void) => {
      const order = JSON.parse(JSON.stringify(body))
      change(order)
      const parsed = parseHubOrder(order)
      return parsed.ok ? "read" : parsed.reason
    }
    expect(refused((order) => (order.items[0].qty = 1.5))).toContain("items.0.qty")
    expect(refused((order) => (order.items[0].id = ""))).toContain("items.0.id")
    expect(refused((order) => (order.items = []))).toContain("items")
    expect(refused((order) => (order.discount = "muito"))).toContain("discount")
    const unpriced = JSON.parse(JSON.stringify(body))
    unpriced.items[0].original_price = null
    unpriced.items[0].special_price = null
    const parsed = parseHubOrder(unpriced)
    expect(parsed.ok && toMedusaOrder(parsed.hubOrder, VARIANTS, TARGET)).toEqual({ ok: false, reason: "the hub sent no price for CAMISETA-AZUL-M" })
  })

  it("holds what the merchant sends to the specification's formats (§2.2): a phone with a dash is refused there", () => {
    const order = sampleTestOrder({ customer: { ...sampleTestOrder().customer, phones: ["11 3095-9890"] } })
    const parsed = testOrderInputSchema.safeParse(order)
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0].path).toEqual(["customer", "phones", 0])
  })

  it("reads a status catalogue with an unknown type and a malformed entry: the others kept, the type as the hub says it", () => {
    const catalogue = hubStatusListSchema.parse([
      { code: "book_product", label: "NEW", type: "NEW" },
      { code: "has_incident", label: "Com incidente", type: "INCIDENT" },
      { code: 15, label: null, type: "APPROVED" },
      { label: "sem código", type: "NEW" },
    ])
    expect(catalogue.statuses).toEqual([
      { code: "book_product", label: "NEW", type: "NEW" },
      { code: "has_incident", label: "Com incidente", type: "INCIDENT" },
      { code: "15", label: "", type: "APPROVED" },
    ])
    expect(catalogue.setAside).toEqual([expect.stringMatching(/^entry 3: code: /)])
  })

  it("reads a products page with a product named null, a status \"\" and one without its quantity: that one set aside, the page kept", () => {
    const page = hubProductListSchema.parse({
      products: [
        { sku: "A", name: null, status: "", qty: 3, price: 10 },
        { sku: "B", name: "Boné", status: null, qty: null },
        { sku: "C", name: "Caneca", status: "enabled", qty: "4", promotional_price: null, variations: [{ sku: "C-1", qty: 1 }, { sku: null, qty: 2 }] },
      ],
      total: 3,
      next: null,
    })
    expect(page.products.map((product) => [product.sku, product.qty, product.name, product.status])).toEqual([
      ["A", 3, undefined, undefined],
      ["C", 4, "Caneca", "enabled"],
    ])
    expect(page.products[1].variations?.map((variation) => variation.sku)).toEqual(["C-1"])
    expect(page.setAside).toEqual([expect.stringMatching(/^"B": qty: /)])
  })
})
