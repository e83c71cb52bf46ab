/*
 * Drill: malformed input. The hub hands out orders broken in every field the import reads; the
 * merchant's admin sends bodies broken in every field the admin API takes. Goals: each malformed
 * hub order set aside with a reason naming the field (none imported), the good orders listed after
 * them imported; each malformed admin body answered 400 naming the field, with 0 hub requests.
 *   node -r ts-node/register drills/malformed.ts
 */
import { Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../src/modules/hub"
import type HubModuleService from "../src/modules/hub/service"
import { sampleTestOrder } from "../src/sandbox"
import { runOrderImport } from "../src/sync/orders/order-listing"
import { adminHeaders } from "../integration-tests/helpers/admin"
import { seedStore } from "../integration-tests/helpers/store"
import { DrillReport, log as logger, runDrill } from "./lib/figures"
import { bootInProcessStore } from "./lib/in-process-store"
import { settleStock } from "./lib/settle"

const DRILL = "malformed"
const log = logger(DRILL)
const GOOD_ORDERS = 5

type Order = Record<string, any>
/** [what is wrong, how, what the reason must name] */
const MALFORMED_ORDERS: Array<[string, (order: Order) => void, string]> = [
  ["unknown SKU", (o) => (o.items[0].id = "SKU-NOPE"), "SKU-NOPE"],
  ["customer name of 201 characters", (o) => (o.customer.name = "A".repeat(201)), "customer.name"],
  ["quantity 0", (o) => (o.items[0].qty = 0), "items.0.qty"],
  ["negative quantity", (o) => (o.items[0].qty = -2), "items.0.qty"],
  ["fractional quantity", (o) => (o.items[0].qty = 1.5), "items.0.qty"],
  ["quantity past maxItemQuantity", (o) => (o.items[0].qty = 5_000), "qty"],
  ["empty SKU", (o) => (o.items[0].id = ""), "items.0.id"],
  ["no SKU", (o) => delete o.items[0].id, "items.0.id"],
  ["negative original price", (o) => (o.items[0].original_price = -1), "items.0.original_price"],
  ["special price as text", (o) => (o.items[0].special_price = "9,90"), "items.0.special_price"],
  ["no price at all", (o) => (o.items = [{ id: o.items[0].id, qty: 1 }]), "price"],
  ["one SKU on two lines at two prices", (o) => (o.items = [o.items[0], { ...o.items[0], original_price: o.items[0].original_price + 1, special_price: undefined }]), "items"],
  ["no items", (o) => delete o.items, "items"],
  ["empty items", (o) => (o.items = []), "items"],
  ["items as an object", (o) => (o.items = { 0: o.items[0] }), "items"],
  ["country outside the region", (o) => (o.shipping_address.country = "US"), "shipping_address.country"],
  ["negative shipping cost", (o) => (o.shipping_cost = -5), "shipping_cost"],
  ["shipping cost as text", (o) => (o.shipping_cost = "15,50"), "shipping_cost"],
  ["negative total", (o) => (o.total_ordered = -1), "total_ordered"],
  ["interest as text", (o) => (o.interest = "zero"), "interest"],
  ["empty status code", (o) => (o.status.code = ""), "status"],
  ["quantity as an object", (o) => (o.items[0].qty = { value: 1 }), "items.0.qty"],
  ["discount as text", (o) => (o.discount = "dez"), "discount"],
]

/**
 * [what is written loosely, how]: shapes a real hub answers (docs/hub-public-facts.md, What real answers
 * look like) or that the import does not need; read for what the store needs (src/hub-client/reading.ts)
 * and imported, never set aside.
 */
const LOOSE_ORDERS: Array<[string, (order: Order) => void]> = [
  ["e-mail without @", (o) => (o.customer.email = "ana-at-example")],
  ["no e-mail", (o) => delete o.customer.email],
  ["date of birth dd/mm/yyyy", (o) => (o.customer.date_of_birth = "01/04/1990")],
  ["empty customer name", (o) => (o.customer.name = "")],
  ["tax number with dots", (o) => (o.customer.vat_number = "123.456.789-09")],
  ["phone with letters", (o) => (o.customer.phones = ["11 9999-abcd"])],
  ["no customer", (o) => delete o.customer],
  ["quantity as text", (o) => (o.items[0].qty = "1")],
  ["postcode with a dash", (o) => (o.shipping_address.postcode = "01310-100")],
  ["three-letter country", (o) => (o.billing_address.country = "BRA")],
  ["no street", (o) => delete o.shipping_address.street],
  ["empty city", (o) => (o.billing_address.city = "")],
  ["no shipping address", (o) => delete o.shipping_address],
  ["billing address as text", (o) => (o.billing_address = "Avenida Paulista, 1000")],
  ["nulls for absent values", (o) => Object.assign(o, { discount: null, approved_date: null }, { customer: { ...o.customer, date_of_birth: null, gender: "" } })],
]

const LONG_URL = `https://rastreio.example/${"a".repeat(200)}`
const VALID_ORDER = () => sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] })
/** [route, body, what the 400's message must name] */
const MALFORMED_BODIES: Array<[string, unknown, string]> = [
  ["moves", {}, "kind"],
  ["moves", { kind: "refund" }, "kind"],
  ["moves", { kind: "invoice" }, "invoice"],
  ["moves", { kind: "invoice", invoice: { key: "123" } }, "key"],
  ["moves", { kind: "invoice", invoice: { key: "3525".padEnd(43, "0") + "X" } }, "key"],
  ["moves", { kind: "invoice", invoice: { key: `${"3".repeat(43)}6`, issue_date: "yesterday" } }, "issue_date"],
  ["moves", { kind: "invoice", invoice: { key: `${"3".repeat(43)}6`, series: "1" } }, "series"],
  ["moves", { kind: "ship" }, "shipment"],
  ["moves", { kind: "ship", shipment: {} }, "track"],
  ["moves", { kind: "ship", shipment: { track: { code: "", carrier: "Correios", method: "PAC" } } }, "code"],
  ["moves", { kind: "ship", shipment: { track: { code: "BR1", carrier: "Correios", method: "PAC", url: "javascript:alert(1)" } } }, "track.url"],
  ["moves", { kind: "ship", shipment: { track: { code: "BR1", carrier: "Correios", method: "PAC", url: LONG_URL } } }, "track.url"],
  ["moves", { kind: "ship", shipment: { items: [{ sku: "SKU-1", qty: 0 }], track: { code: "BR1", carrier: "Correios", method: "PAC" } } }, "qty"],
  ["moves", { kind: "ship", shipment: { items: [{ sku: "", qty: 1 }], track: { code: "BR1", carrier: "Correios", method: "PAC" } } }, "sku"],
  ["moves", { kind: "ship", shipment: { delivered_carrier_date: "2026-13-01", track: { code: "BR1", carrier: "Correios", method: "PAC" } } }, "delivered_carrier_date"],
  ["moves", { kind: "deliver", delivery: { delivered_date: "tomorrow" } }, "delivered_date"],
  ["moves", { kind: "shipment_exception", shipment_exception: { observation: "Extraviado" } }, "occurrence_date"],
  ["moves", { kind: "shipment_exception", shipment_exception: { occurrence_date: "2026-11-22T10:00:00-03:00", observation: "" } }, "observation"],
  ["moves", { kind: "shipment_exception", shipment_exception: { occurrence_date: "2026-11-22T10:00:00-03:00", observation: "x".repeat(501) } }, "observation"],
  ["moves", { kind: "cancel", reason: "cliente desistiu" }, "reason"],
  ["test-orders", {}, "order"],
  ["test-orders", { order: { ...VALID_ORDER(), items: [] } }, "items"],
  ["test-orders", { order: { ...VALID_ORDER(), customer: { ...VALID_ORDER().customer, email: "ana@" } } }, "customer.email"],
  ["test-orders", { order: { ...VALID_ORDER(), shipping_address: { ...VALID_ORDER().shipping_address, postcode: "01310-100" } } }, "shipping_address.postcode"],
  ["test-orders", { order: { ...VALID_ORDER(), estimated_delivery: "01/12/2026" } }, "estimated_delivery"],
  ["test-orders", { order: { ...VALID_ORDER(), shipping_cost: -1 } }, "shipping_cost"],
  ["test-orders", { order: { ...VALID_ORDER(), items: [{ id: "SKU-1", qty: 0 }] } }, "qty"],
  ["test-orders", { order: VALID_ORDER(), approve: "yes" }, "approve"],
  ["reconcile", { wait: "yes" }, "wait"],
  ["reconcile", { now: true }, "now"],
]

async function main(): Promise<DrillReport> {
  const report = new DrillReport(DRILL)
  log("booting the store")
  const store = await bootInProcessStore("medusa_hub_drill_malformed", { env: { HUB_MAX_ITEM_QUANTITY: "1000" } })
  try {
    const { container, hub } = store
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    await seedStore(container, { products: [{ sku: "SKU-1", stocked: 100 }, { sku: "SKU-2", stocked: 100 }] })
    await hub.upsertProducts([{ sku: "SKU-1", qty: 100, name: "Camiseta", price: 59.9 }, { sku: "SKU-2", qty: 100, name: "Boné", price: 35 }])

    // ---- Malformed hub orders, then good ones after them -------------------------------------
    const template = (await hub.createOrder(VALID_ORDER())) as unknown as Order
    await hub.reset()
    await hub.upsertProducts([{ sku: "SKU-1", qty: 100, name: "Camiseta", price: 59.9 }, { sku: "SKU-2", qty: 100, name: "Boné", price: 35 }])
    for (const [index, [, mutate]] of MALFORMED_ORDERS.entries()) {
      const order = JSON.parse(JSON.stringify(template))
      order.code = `Malformed-${index + 1}`
      mutate(order)
      await hub.insertRawOrder(order)
    }
    for (const [index, [, mutate]] of LOOSE_ORDERS.entries()) {
      const order = JSON.parse(JSON.stringify(template))
      order.code = `Loose-${index + 1}`
      mutate(order)
      await hub.insertRawOrder(order)
    }
    const good: string[] = []
    for (let index = 0; index < GOOD_ORDERS; index++) good.push((await hub.createOrder(sampleTestOrder({ channel: "Good", items: [{ id: "SKU-2", qty: 1 }] }))).code)
    log(`importing ${MALFORMED_ORDERS.length} malformed, ${LOOSE_ORDERS.length} loosely written and ${GOOD_ORDERS} good hub orders`)
    const summary = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
    report.note(`import run: ${JSON.stringify(summary && { seen: summary.seen, imported: summary.imported, set_aside: summary.set_aside, error: summary.error })}`)

    const records = new Map((await hubModule.listHubOrders({}, { take: null })).map((record) => [record.code, record]))
    const orders = await container.resolve(Modules.ORDER).listOrders({}, { select: ["id", "metadata"], take: null } as never)
    const importedCodes = new Set(orders.map((order) => (order.metadata as Record<string, unknown> | null)?.hub_order_code))
    const unclear: string[] = []
    MALFORMED_ORDERS.forEach(([what, , field], index) => {
      const record = records.get(`Malformed-${index + 1}`)
      const reason = record?.set_aside_reason ?? ""
      if (record?.import_state !== "set_aside" || !reason.includes(field)) unclear.push(`${what} -> ${record?.import_state ?? "not seen"}: ${reason || "no reason"}`)
    })
    for (const line of unclear) report.note(`not set aside naming the field: ${line}`)
    report.atLeast("malformed hub orders", MALFORMED_ORDERS.length, 20)
    report.equal("malformed hub orders set aside, reason naming the field", MALFORMED_ORDERS.length - unclear.length, MALFORMED_ORDERS.length)
    report.equal("malformed hub orders imported", MALFORMED_ORDERS.filter((_, index) => importedCodes.has(`Malformed-${index + 1}`)).length, 0)
    const looseNotImported = LOOSE_ORDERS.filter((_, index) => !importedCodes.has(`Loose-${index + 1}`)).map(([what], index) => `${what}: ${records.get(`Loose-${index + 1}`)?.set_aside_reason ?? "not seen"}`)
    for (const line of looseNotImported) report.note(`loosely written but not imported: ${line}`)
    report.equal("loosely written hub orders imported", LOOSE_ORDERS.length - looseNotImported.length, LOOSE_ORDERS.length)
    report.equal("good orders after them imported", good.filter((code) => importedCodes.has(code) && records.get(code)?.import_state === "imported").length, GOOD_ORDERS)

    // ---- Malformed admin bodies ----------------------------------------------------------------
    const { headers } = await adminHeaders(container)
    const moveUrl = `${store.url}/admin/hub/orders/${encodeURIComponent(good[0])}/moves`
    const urls: Record<string, string> = {
      moves: moveUrl,
      "test-orders": `${store.url}/admin/hub/test-orders`,
      reconcile: `${store.url}/admin/hub/catalogue/reconcile`,
    }
    // The import's reservations are pushed first, so that what follows is the bodies' doing alone.
    await settleStock(container)
    await hub.resetRequestLog()
    const wrong: string[] = []
    for (const [route, body, field] of MALFORMED_BODIES) {
      const response = await fetch(urls[route], { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) })
      const answer = (await response.json().catch(() => ({}))) as { message?: string }
      if (response.status !== 400 || !namesField(answer.message ?? "", field)) wrong.push(`${route} ${JSON.stringify(body).slice(0, 80)} -> ${response.status}: ${answer.message}`)
    }
    for (const line of wrong) report.note(`not a 400 naming the field: ${line}`)
    report.atLeast("malformed admin bodies", MALFORMED_BODIES.length, 20)
    report.equal("malformed admin bodies answered 400 naming the field", MALFORMED_BODIES.length - wrong.length, MALFORMED_BODIES.length)
    const requests = await hub.requestLog()
    for (const request of requests) report.note(`hub request: ${request.method} ${request.path} -> ${request.status}`)
    report.equal("hub requests caused by malformed admin bodies", requests.length, 0)
    return report
  } finally {
    await store.stop()
  }
}

/** Medusa writes a field's path as `shipment, track, url`: read it as `shipment.track.url`. */
function namesField(message: string, field: string): boolean {
  return message.replace(/, /g, ".").includes(field)
}

runDrill(main)
