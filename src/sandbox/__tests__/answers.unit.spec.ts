import { STANDARD_STATUS_CODES } from "../../hub-client/schemas"
import { expeditionLimit, sampleCnpj, writtenPhone, writtenPostcode } from "../answers"
import { SAMPLE_ADDRESS, sampleTestOrder } from "../sample-order"
import { STANDARD_SANDBOX_STATUS_TYPES, STANDARD_SANDBOX_STATUSES } from "../records"
import { SandboxHubState } from "../state"
import type { SandboxTestOrderInput } from "../test-order-rules"
import { refusal } from "./state-helpers"

/*
 * The sandbox's answers as real hubs write them (answers.ts, order-builder.ts; docs/sandbox.md), its
 * default, against the tidy ones its option gives; and what it accepts, strict in either.
 */

const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100)

/** A Monday noon; the sandbox's default answers unless told. */
function stateAt(options: { answers?: "realistic" | "tidy"; start?: string } = {}) {
  const clock = { now: new Date(options.start ?? "2025-03-10T12:00:00.000Z") }
  const state = new SandboxHubState({ now: () => clock.now, ...(options.answers ? { answers: options.answers } : {}) })
  state.upsertProducts([
    { sku: "SKU-1", qty: 10, name: "Camiseta", price: 50, status: "enabled" },
    { sku: "SKU-2", qty: 5, name: "Boné", price: 30, status: "enabled" },
  ])
  return { state, clock }
}


/** The sample order (every field of §2.2) without the buyer's birth date and gender, as many marketplaces place them. */
function placed(overrides: Partial<SandboxTestOrderInput> = {}): SandboxTestOrderInput {
  const { date_of_birth: _birth, gender: _gender, ...customer } = sampleTestOrder().customer
  return { ...sampleTestOrder({ customer }), ...overrides } as SandboxTestOrderInput
}

/** What an order's money must add up to, in cents: each line at what was paid, shipping, interest, less the discount. */
function expectedTotalCents(order: Record<string, any>): number {
  const lines = (order.items as Array<Record<string, any>>).reduce((sum, item) => sum + cents(item.special_price ?? item.original_price) * item.qty, 0)
  return lines + cents(order.shipping_cost) + cents(order.interest) - cents(order.discount)
}

describe("the sandbox's answers, realistic by default", () => {
  it("writes an order as real hubs do: null for what is absent, \"\" for absent dates and words, keys missing, phones as typed", () => {
    const { state } = stateAt()
    const order = state.createOrder(placed()) as unknown as Record<string, any>
    expect(order).toMatchObject({
      code: "Loja Exemplo-1",
      discount: null,
      estimated_delivery_shift: null,
      calculation_type: null,
      shipping_carrier: null,
      seller_shipping_cost: 15.5,
      shipped_date: "",
      delivered_date: "",
      tags: [],
      sync_status: "NOT_SYNCED",
      import_info: { ss_name: "Loja Exemplo", remote_id: "1", remote_code: "02-1" },
      customer: { name: "Ana Souza", date_of_birth: null, gender: "", vat_number: "12345678909", state_registration: null, phones: ["11 99999-8888"] },
      payments: [{ method: "credit_card", value: 115.5, parcels: 1, status: null, transaction_date: null }],
    })
    // Sequence 1: the CEP with its dash; a reference point given is kept, the others null.
    expect(order.shipping_address).toEqual({
      full_name: "Ana Souza",
      street: "Avenida Paulista",
      number: 1000,
      detail: "perto do metrô",
      complement: null,
      neighborhood: "Bela Vista",
      city: "São Paulo",
      region: "SP",
      country: "BR",
      postcode: "01310-100",
      reference: null,
      phone: "11 99999-8888",
      secondary_phone: null,
    })
    const [line] = order.items
    expect(line).toMatchObject({ id: "SKU-1", qty: 2, original_price: 50, shipping_cost: null, promotions: [], delivery_line_id: "1-1" })
    expect(line).not.toHaveProperty("special_price")
    expect(["98", null]).toContain(line.remote_store_id)
    // Placed on a Monday at noon: two business days later.
    expect(order.expedition_limit_date).toBe("2025-03-12T12:00:00.000Z")
  })

  it("with tidy answers, writes the same order in the format a merchant sends, to the same total", () => {
    const input = placed({ items: [{ id: "SKU-1", qty: 2, special_price: 44.9 }], discount: 5 })
    const realistic = stateAt().state.createOrder(input)
    const tidy = stateAt({ answers: "tidy" }).state.createOrder(input) as unknown as Record<string, any>
    expect(tidy.total_ordered).toBe(realistic.total_ordered)
    expect(tidy).toMatchObject({ discount: 5, customer: { phones: ["11999998888"] }, shipping_address: { postcode: "01310100" }, payments: [{ status: "pending" }] })
    expect(tidy.items[0]).toEqual({ id: "SKU-1", product_id: "SKU-1", name: "Camiseta", qty: 2, original_price: 50, special_price: 44.9 })
    for (const key of ["import_info", "expedition_limit_date", "tags", "shipped_date", "estimated_delivery_shift", "seller_shipping_cost"]) expect(tidy).not.toHaveProperty(key)
  })

  it("splits a line's promotion between the seller and the marketplace, and the money adds up to the cent", () => {
    const { state } = stateAt()
    const order = state.createOrder(
      placed({
        items: [
          { id: "SKU-1", qty: 3, original_price: 59.9, special_price: 44.93 },
          { id: "SKU-2", qty: 1 },
        ],
        shipping_cost: 12.37,
        interest: 3.01,
        discount: 7.77,
      })
    ) as unknown as Record<string, any>
    // 3 x 44.93 + 30 + 12.37 + 3.01 - 7.77
    expect(cents(order.total_ordered)).toBe(13479 + 3000 + 1237 + 301 - 777)
    expect(cents(order.total_ordered)).toBe(expectedTotalCents(order))
    expect(cents(order.payments[0].value)).toBe(cents(order.total_ordered))
    const [sale, full] = order.items
    expect(sale.special_price).toBe(44.93)
    expect(sale.promotions).toHaveLength(1)
    const [promotion] = sale.promotions
    // The whole line's reduction: (59.90 - 44.93) x 3.
    expect(cents(promotion.value)).toBe(4491)
    expect(cents(promotion.seller_value) + cents(promotion.sponsor_value)).toBe(4491)
    expect(cents(promotion.sponsor_value)).toBe(Math.round((4491 * promotion.sponsor_percentage) / 100))
    expect(Object.keys(promotion).sort()).toEqual(["calculation_type", "category_type", "name", "seller_value", "sponsor_percentage", "sponsor_value", "value"])
    expect(full).not.toHaveProperty("special_price")
    expect(full.promotions).toEqual([])
  })

  it("seeds what marketplaces send: company buyers, promotions, written phones, an empty phone, orders awaiting an address; every total exact", () => {
    const { state } = stateAt()
    const codes = state.seedOrders(60, 3)
    const orders = codes.map((code) => state.getOrder(code) as unknown as Record<string, any>)
    for (const order of orders) expect(cents(order.total_ordered)).toBe(expectedTotalCents(order))

    const companies = orders.filter((order) => order.customer.vat_number.length === 14)
    expect(companies).toHaveLength(12)
    for (const { customer } of companies) {
      expect(customer.vat_number).toMatch(/^\d{14}$/)
      expect(sampleCnpj(Number(customer.vat_number.slice(0, 8)))).toBe(customer.vat_number)
      expect(customer.state_registration).toMatch(/^\d+$/)
    }
    expect(orders.filter((order) => order.customer.vat_number.length === 11).every((order) => order.customer.state_registration === null)).toBe(true)

    const promoted = orders.flatMap((order) => order.items).filter((item) => item.promotions.length > 0)
    expect(promoted.length).toBeGreaterThan(0)
    for (const item of promoted) expect(cents(item.promotions[0].value)).toBe((cents(item.original_price) - cents(item.special_price)) * item.qty)

    const phones = orders.flatMap((order) => order.customer.phones as string[])
    expect(phones).toContain("")
    expect(phones.some((phone) => /^\(\d{2}\) \d{4,5}-\d{4}$/.test(phone))).toBe(true)
    expect(phones.some((phone) => /^\d{2} \d{4,5}-\d{4}$/.test(phone))).toBe(true)
    expect(orders.filter((order) => order.shipping_address === null)).toHaveLength(6)
    expect(orders.some((order) => /^\d{5}-\d{3}$/.test(order.billing_address.postcode))).toBe(true)
    expect(orders.some((order) => /^\d{8}$/.test(order.billing_address.postcode))).toBe(true)
  })

  it("seeds, with tidy answers, every order with its shipping address and digits only", () => {
    const { state } = stateAt({ answers: "tidy" })
    const orders = state.seedOrders(30, 3).map((code) => state.getOrder(code) as unknown as Record<string, any>)
    for (const order of orders) {
      expect(order.shipping_address).toMatchObject({ postcode: "01001000" })
      expect(order.customer.phones.every((phone: string) => /^\d+$/.test(phone))).toBe(true)
      expect(cents(order.total_ordered)).toBe(expectedTotalCents(order))
    }
  })

  it("changes shape for the orders placed after the switch, not those already placed", () => {
    const { state } = stateAt()
    const before = state.createOrder(placed())
    state.answers = "tidy"
    const after = state.createOrder(placed())
    expect(state.getOrder(before.code)?.discount).toBeNull()
    expect(state.getOrder(after.code)?.discount).toBe(0)
  })
})

describe("a NEW order without its shipping address", () => {
  it("is taken while NEW (realistic answers), gets the buyer's address on approval, and goes on through the flow", () => {
    const { state, clock } = stateAt()
    const { shipping_address: _none, ...input } = placed()
    const order = state.createOrder(input)
    expect((order as unknown as Record<string, unknown>).shipping_address).toBeNull()
    // Friday afternoon: the dispatch deadline skips the weekend.
    clock.now = new Date("2025-03-14T15:00:00.000Z")
    const approved = state.approve(order.code) as unknown as Record<string, any>
    expect(approved.shipping_address).toEqual(approved.billing_address)
    expect(approved.expedition_limit_date).toBe("2025-03-18T15:00:00.000Z")
    expect(approved.payments[0]).toMatchObject({ status: "approved", transaction_date: "2025-03-14T15:00:00.000Z" })
    state.invoice(order.code, STANDARD_STATUS_CODES.INVOICED, { key: "35250312345678000190550010000012341000012340" })
    clock.now = new Date("2025-03-17T10:00:00.000Z")
    const shipped = state.ship(order.code, STANDARD_STATUS_CODES.SHIPPED, { items: [{ sku: "SKU-1", qty: 2 }], track: { code: "BR1", carrier: "Correios", method: "PAC" } })
    expect((shipped as unknown as Record<string, unknown>).shipped_date).toBe("2025-03-17T10:00:00.000Z")
  })

  it("is refused with tidy answers, naming the field", () => {
    const { state } = stateAt({ answers: "tidy" })
    const { shipping_address: _none, ...input } = placed()
    const error = refusal(() => state.createOrder(input))
    expect(error.status).toBe(422)
    expect(error.message).toMatch(/^order\.shipping_address: required/)
  })
})

describe("what the sandbox accepts stays strict (docs/hub-interface.md §2.2), whatever it answers", () => {
  it.each<[string, (order: SandboxTestOrderInput) => SandboxTestOrderInput, RegExp]>([
    ["a phone as people write it", (order) => ({ ...order, customer: { ...order.customer, phones: ["11 99999-8888"] } }), /^order\.customer\.phones\.0: phone must hold digits only/],
    ["a CEP with its dash", (order) => ({ ...order, billing_address: { ...SAMPLE_ADDRESS, postcode: "01310-100" } }), /^order\.billing_address\.postcode: postcode must hold digits only/],
    ["a formatted CPF", (order) => ({ ...order, customer: { ...order.customer, vat_number: "123.456.789-09" } }), /^order\.customer\.vat_number/],
    ["a date of birth as DD/MM/YYYY", (order) => ({ ...order, customer: { ...order.customer, date_of_birth: "01/04/1990" } }), /^order\.customer\.date_of_birth/],
    ["a null complement", (order) => ({ ...order, shipping_address: { ...SAMPLE_ADDRESS, complement: null } as never }), /^order\.shipping_address: Unrecognized key/],
    ["a street number as text", (order) => ({ ...order, billing_address: { ...SAMPLE_ADDRESS, number: "1000" as never } }), /^order\.billing_address\.number/],
    ["a formatted state registration", (order) => ({ ...order, customer: { ...order.customer, state_registration: "110.042.490.114" } }), /^order\.customer\.state_registration/],
  ])("refuses %s with 422 naming the field", (_what, change, message) => {
    const { state } = stateAt()
    const error = refusal(() => state.createOrder(change(placed())))
    expect(error.status).toBe(422)
    expect(error.message).toMatch(message)
    expect(state.orderCodes()).toEqual([])
  })

  it("takes a company buyer's CNPJ and state registration, and answers them", () => {
    const { state } = stateAt()
    const order = state.createOrder(placed({ customer: { name: "Exemplo Ltda", email: "compras@example.com", vat_number: "11222333000181", state_registration: "110042490114", phones: ["1130959890"] } }))
    expect(order.customer).toMatchObject({ vat_number: "11222333000181", state_registration: "110042490114", phones: ["11 3095-9890"] })
  })
})

describe("statuses as a real account lists them", () => {
  it("lists, by default, the standard codes, the 2025 codes with their types (two outside the seven) and a custom code", () => {
    const statuses = stateAt().state.listStatuses()
    for (const standard of STANDARD_SANDBOX_STATUSES) expect(statuses).toContainEqual(standard)
    for (const code of ["has_incident", "confirm_stock", "waiting_payment", "processing_store", "confirmed_stock", "payment_overdue", "returned"]) {
      expect(statuses.find((status) => status.code === code)?.type).toEqual(expect.any(String))
    }
    expect(statuses).toContainEqual({ code: "aprovado", label: "Aprovado pela loja", type: "APPROVED" })
    const unknown = statuses.filter((status) => !(STANDARD_SANDBOX_STATUS_TYPES as readonly string[]).includes(status.type))
    expect(unknown.map((status) => status.code).sort()).toEqual(["has_incident", "returned"])
    expect(stateAt({ answers: "tidy" }).state.listStatuses()).toEqual(STANDARD_SANDBOX_STATUSES)
  })

  it("keeps its move rules on the standard codes: an order placed in a 2025 code of type NEW goes through the flow", () => {
    const { state } = stateAt()
    const code = state.createOrder(placed({ status: "waiting_payment" })).code
    expect(state.getOrder(code)?.status).toEqual({ code: "waiting_payment", label: "Aguardando pagamento", type: "NEW" })
    expect(state.approve(code).status.code).toBe("payment_received")
    expect(state.invoice(code, STANDARD_STATUS_CODES.INVOICED, { key: "35250312345678000190550010000012341000012340" }).status.type).toBe("INVOICED")
    // A 2025 code of a standard type is a target of its type.
    expect(state.cancel(code, "payment_overdue").status).toMatchObject({ code: "payment_overdue", type: "CANCELED" })
  })

  it("puts an order in a code of an unknown type only by the marketplace's hand; the merchant's moves from it are refused", () => {
    const { state } = stateAt()
    const code = state.createOrder(placed()).code
    state.queue.acknowledgeAll()
    expect(state.setStatusByMarketplace(code, "has_incident").status).toEqual({ code: "has_incident", label: "Pedido com incidente", type: "INCIDENT" })
    expect(state.queue.depth()).toBe(1)
    const error = refusal(() => state.approve(code))
    expect(error.status).toBe(422)
    expect(error.message).toContain("from status has_incident (INCIDENT)")
    expect(refusal(() => state.setStatusByMarketplace(code, "nope")).message).toMatch(/^status: "nope" is not a status of this account/)
    expect(refusal(() => state.setStatusByMarketplace("Loja Exemplo-99", "returned")).status).toBe(404)
  })

  it("never redefines the hub's own codes, and takes a custom code of any of its types (not others)", () => {
    const { state } = stateAt()
    expect(refusal(() => state.addStatus({ code: "has_incident", label: "x", type: "NEW" })).status).toBe(422)
    expect(state.addStatus({ code: "devolvido_loja", label: "Devolvido à loja", type: "RETURNED" }).type).toBe("RETURNED")
    expect(state.addStatus({ code: "aprovado", label: "Aprovado (loja)", type: "APPROVED" }).label).toBe("Aprovado (loja)")
    expect(refusal(() => state.addStatus({ code: "x", label: "x", type: "BOGUS" as never })).message).toMatch(/^status\.type/)
  })

  it("resets to the statuses of its shape", () => {
    const { state } = stateAt()
    state.addStatus({ code: "custom", label: "x", type: "NEW" })
    state.reset()
    expect(state.listStatuses().map((status) => status.code)).not.toContain("custom")
    expect(state.listStatuses()).toHaveLength(STANDARD_SANDBOX_STATUSES.length + 8)
  })
})

describe("products listed as the store sent them", () => {
  it("holds name null and status \"\" for a product seeded without them, as a listing shows and an order names it", () => {
    const { state } = stateAt()
    state.upsertProducts([{ sku: "BARE-1", qty: 4, price: 20 }])
    expect(state.getProduct("BARE-1")).toMatchObject({ name: null, status: "" })
    const listed = state.listProducts({ perPage: 100, filters: {} }).products
    expect(listed.find((product) => product.sku === "BARE-1")).toMatchObject({ name: null, status: "" })
    // Neither enabled nor disabled: no status filter selects it; a name filter passes over it.
    expect(state.listProducts({ perPage: 100, filters: { status: "enabled" } }).products.map((product) => product.sku)).toEqual(["SKU-1", "SKU-2"])
    expect(state.listProducts({ perPage: 100, filters: { status: "disabled" } }).total).toBe(0)
    expect(state.listProducts({ perPage: 100, filters: { name: "camiseta" } }).total).toBe(1)
    expect(state.createOrder(placed({ items: [{ id: "BARE-1", qty: 1 }] })).items[0]).toMatchObject({ name: null, original_price: 20 })
    // What the store sends later is what is held.
    state.upsertProducts([{ sku: "BARE-1", qty: 4, name: "Caneca", status: "enabled" }])
    expect(state.getProduct("BARE-1")).toMatchObject({ name: "Caneca", status: "enabled" })
    state.upsertProducts([{ sku: "BARE-1", qty: 3 }])
    expect(state.getProduct("BARE-1")).toMatchObject({ name: "Caneca", status: "enabled", qty: 3 })
  })

  it("with tidy answers, names it by its SKU and enables it", () => {
    const { state } = stateAt({ answers: "tidy" })
    state.upsertProducts([{ sku: "BARE-1", qty: 4 }])
    expect(state.getProduct("BARE-1")).toMatchObject({ name: "BARE-1", status: "enabled" })
  })
})

describe("the written forms", () => {
  it("writes phones three ways, CEPs with a dash on every other order, and counts business days", () => {
    expect([0, 1, 2].map((n) => writtenPhone("11987654321", n))).toEqual(["(11) 98765-4321", "11 98765-4321", "11 987654321"])
    expect(writtenPhone("1130959890", 1)).toBe("11 3095-9890")
    expect(writtenPhone("123", 1)).toBe("123")
    expect([writtenPostcode("01310100", 1), writtenPostcode("01310100", 2)]).toEqual(["01310-100", "01310100"])
    expect(expeditionLimit(new Date("2025-03-13T09:00:00.000Z"))).toBe("2025-03-17T09:00:00.000Z")
    expect(expeditionLimit(new Date("2025-03-15T09:00:00.000Z"))).toBe("2025-03-18T09:00:00.000Z")
    expect(sampleCnpj(11222333)).toBe("11222333000181")
  })
})
