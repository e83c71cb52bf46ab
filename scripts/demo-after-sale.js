/*
 * The demo's after-sale (docs/after-sale.md, issue 61), so Orders -> Marketplace after-sale shows every
 * state a merchant meets:
 *
 *   - a NEW order of its own whose buyer asks to cancel it before it ships (placeCancelTicket): Medusa has
 *     fulfilled none of it, so the page offers the cancel; the other NEW orders are the order pages' to
 *     invoice, ship and cancel (the browser tests leave this one as it is);
 *   - before Medusa starts, two orders placed and approved on the sandbox (placeAfterSaleOrders);
 *   - once Medusa answers (playAfterSale, through the admin API as the merchant would): each imported,
 *     invoiced (its NF-e issued three days before: past the 24 h in which it could be cancelled, so a
 *     return asks for the return NF-e), shipped and delivered from Medusa (POST
 *     /admin/hub/orders/{code}/moves), the buyer's ticket opened on the sandbox with a message written
 *     hours ago, the tickets read (POST /admin/hub/after-sale/read), and the second ticket's return
 *     requested with its return NF-e's key (POST /admin/hub/after-sale/tickets/{code}/instances): the
 *     first waits for the merchant to act, the second for the goods.
 *
 * The delivered two only with the jobs on (the browser test runs the demo with HUB_JOBS=false and counts the orders it imports).
 */
"use strict"

const path = require("path")

const CHANNEL = "Marketplace Demo"
const HOUR = 3_600_000

const BUYERS = [
  {
    customer: { name: "Fernanda Alves", email: "fernanda.alves@example.com", vat_number: "71428793860" },
    address: { street: "Rua das Flores", number: 120, neighborhood: "Centro", city: "Campinas", region: "SP", country: "BR", postcode: "13010100" },
    // What she writes (the ticket's first message), how long ago, and why she asks.
    message: "Boa tarde! A caneca chegou com uma rachadura na alça. Posso devolver e receber o reembolso?",
    // What she bought (the seed's SKU, else any in stock) and how many.
    sku: "CANECA-CERAMICA-300",
    quantity: 1,
    hoursAgo: 5,
    cause: { id: "DEF", name: "Produto com defeito", reason: { id: "201", name: "Chegou danificado" } },
  },
  {
    customer: { name: "Gustavo Pereira", email: "gustavo.pereira@example.com", vat_number: "28625587887" },
    address: { street: "Rua Padre Chagas", number: 45, neighborhood: "Moinhos de Vento", city: "Porto Alegre", region: "RS", country: "BR", postcode: "90570080" },
    message: "Oi, comprei duas camisetas mas só preciso de uma. Quero devolver uma delas, por favor.",
    sku: "CAMISETA-AZUL-M",
    quantity: 2,
    hoursAgo: 26,
    cause: { id: "ARP", name: "Arrependimento", reason: { id: "183", name: "Comprei errado" } },
  },
]

const CANCEL_BUYER = {
  customer: { name: "Cliente Demo", email: "cliente.demo@example.com", vat_number: "52998224725" },
  address: { street: "Rua Augusta", number: 500, neighborhood: "Consolação", city: "São Paulo", region: "SP", country: "BR", postcode: "01305000" },
  message: "Olá, comprei errado: posso cancelar o pedido antes do envio?",
}

/** A NEW order placed on the sandbox and its buyer's ticket asking to cancel it, with their message: the ticket, or null without a SKU in stock. */
function placeCancelTicket(hub, store) {
  const sku = store.products.find((product) => product.qty > 0)?.sku
  if (!sku) return null
  const { customer, address, message } = CANCEL_BUYER
  const { code } = hub.createOrder({ channel: CHANNEL, items: [{ id: sku, qty: 1 }], customer, billing_address: address, shipping_address: address, shipping_method: "Correios PAC", shipping_cost: 15.9 })
  return hub.openSacTicket({ order_code: code, action: "CANCEL", message: { content: message, buyer: { name: customer.name, email: customer.email } } })
}

/** Two orders placed and approved on the sandbox (imported by Medusa's jobs once it starts): [{ code, sku, quantity }]. */
function placeAfterSaleOrders(hub, store) {
  const skus = store.products.filter((product) => product.qty >= 3).map((product) => product.sku)
  if (!skus.length) return []
  return BUYERS.map((buyer, index) => {
    const sku = skus.includes(buyer.sku) ? buyer.sku : skus[index % skus.length]
    const quantity = buyer.quantity
    const { code } = hub.createOrder({
      channel: CHANNEL,
      items: [{ id: sku, qty: quantity }],
      customer: buyer.customer,
      billing_address: buyer.address,
      shipping_address: buyer.address,
      shipping_method: "Correios PAC",
      shipping_cost: 15.9,
    })
    hub.marketplaceApprove(code)
    return { code, sku, quantity, buyer }
  })
}

/** The admin API, as the merchant's browser calls it. */
function adminApi(medusaUrl, admin) {
  let token = null
  const call = async (method, route, body) => {
    if (!token) {
      const login = await fetch(`${medusaUrl}/auth/user/emailpass`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(admin) })
      if (!login.ok) throw new Error(`logging in answered ${login.status}`)
      token = (await login.json()).token
    }
    const response = await fetch(`${medusaUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    const text = await response.text()
    let data = null
    try {
      data = text ? JSON.parse(text) : null
    } catch {
      data = { message: text.slice(0, 200) }
    }
    return { status: response.status, data }
  }
  return call
}

/** `fn` again every second until it answers something, for at most `ms`. */
async function until(what, ms, fn) {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await fn()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`${what}: not within ${Math.round(ms / 1000)} s`)
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}

/**
 * Once Medusa answers: each order delivered from Medusa, its buyer's ticket opened, the tickets read, and
 * the second ticket's return requested. Returns the tickets' codes; a failure is the caller's to report
 * (the demo goes on without it).
 */
async function playAfterSale({ root, hub, orders, medusaUrl, admin, stopping }) {
  if (!orders.length) return []
  const sandbox = require(path.join(root, "src", "sandbox"))
  const api = adminApi(medusaUrl, admin)
  const tickets = []
  for (const [index, order] of orders.entries()) {
    const route = `/admin/hub/orders/${encodeURIComponent(order.code)}`
    await until(`order ${order.code} imported`, 180_000, async () => {
      if (stopping()) throw new Error("the demo is stopping")
      const { data } = await api("GET", `/admin/hub/orders?code=${encodeURIComponent(order.code)}&fields=order_id,import_state`)
      return data?.hub_orders?.[0]?.order_id ?? null
    })
    // A key of its own (one key invoices one order): numbered after the order's code.
    const key = sandbox.sampleNfeKey((Number(order.code.split("-").pop()) + 7) % 1e9)
    const issued = new Date(Date.now() - 72 * HOUR).toISOString()
    const moves = [
      { kind: "invoice", invoice: { key, issue_date: issued } },
      { kind: "ship", shipment: { track: { code: `BR${100200300 + index}BR`, carrier: "Correios", method: "PAC", url: `https://rastreamento.correios.com.br/app/index.php?objeto=BR${100200300 + index}BR` } } },
      { kind: "deliver" },
    ]
    for (const move of moves) {
      const { status, data } = await api("POST", `${route}/moves`, move)
      if (status !== 200 || data?.move?.state !== "done") throw new Error(`the ${move.kind} move of ${order.code} answered ${status}: ${data?.move?.error ?? data?.message ?? "not done"}`)
    }
    const at = new Date(Date.now() - order.buyer.hoursAgo * HOUR).toISOString()
    const ticket = hub.openSacTicket({
      order_code: order.code,
      action: "RETURN",
      cause: order.buyer.cause,
      items: [{ sku: order.sku, quantity: 1 }],
      at,
      message: { content: order.buyer.message, buyer: { name: order.buyer.customer.name, email: order.buyer.customer.email }, at },
    })
    tickets.push(ticket.code)
  }
  await until("the tickets read", 60_000, async () => (await api("POST", "/admin/hub/after-sale/read")).status === 200)
  const reasonId = await returnRefundReason(api)
  // The return NF-e (nota de devolução) the shop issued for the goods coming back: a key of its own.
  const returnKey = sandbox.sampleNfeKey((Number(orders[1].code.split("-").pop()) + 500_007) % 1e9)
  const requested = await api("POST", `/admin/hub/after-sale/tickets/${tickets[1]}/instances`, {
    action: "RETURN",
    note: "Devolução de 1 unidade autorizada; aguardamos o produto.",
    refund_reason_id: reasonId,
    return_invoice: { key: returnKey },
  })
  if (requested.status !== 200) throw new Error(`the return of ticket ${tickets[1]} answered ${requested.status}: ${requested.data?.instance?.error ?? requested.data?.message ?? ""}`)
  return tickets
}

/** The shop's refund reason for a buyer's return, among Medusa's (Settings -> Refund reasons), made once: Medusa's own three are of other refunds. */
async function returnRefundReason(api) {
  const { data } = await api("GET", "/admin/refund-reasons?limit=100&fields=id,code")
  const found = (data?.refund_reasons ?? []).find((reason) => reason.code === RETURN_REASON.code)
  if (found) return found.id
  const created = await api("POST", "/admin/refund-reasons", RETURN_REASON)
  if (created.status !== 200) throw new Error(`the refund reason ${RETURN_REASON.code} could not be made: ${created.status} ${created.data?.message ?? ""}`)
  return created.data.refund_reason.id
}

const RETURN_REASON = { code: "buyer_return", label: "Devolução do comprador", description: "O comprador devolveu a mercadoria pelo SAC do marketplace." }

module.exports = { placeCancelTicket, placeAfterSaleOrders, playAfterSale }
