/*
 * bench/shipped: orders the hub ships by itself (its own delivery) followed into Medusa, beside
 * Medusa's own fulfillment-and-shipment of the same orders, in one run (issue 40).
 *   npm run bench:shipped -- [orders=1000]   (`npm run bench -- --quick` runs 200)
 * Run through bench/run.js (a fresh database, the plugin pointed at this script's sandbox hub).
 *
 * 2 × `orders` orders are imported and approved; the hub ships the first half, and the import run
 * that reads them makes each one's fulfillment, shipped with the hub's tracking (the clock and this
 * process's CPU time run over that run alone). The second half is fulfilled and shipped by Medusa's
 * own workflows, one order after the other, as a merchant's script would. Prints the orders followed
 * per second, the CPU per order, and the plugin's time per order over Medusa's own (goal <= 1.5: the
 * listing, the plan, the order's lock and the record are what the plugin adds).
 */
import { createOrderFulfillmentWorkflow, createOrderShipmentWorkflow } from "@medusajs/medusa/core-flows"
import { ExecArgs, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { uniformRateLimits } from "../src/hub-client"
import { HUB_MODULE } from "../src/modules/hub"
import type HubModuleService from "../src/modules/hub/service"
import { sampleTestOrder, startSandboxHub } from "../src/sandbox"
import { orderForFulfillment } from "../src/queries/order-fulfillments"
import { runOrderImport } from "../src/sync/orders/order-listing"
import { seedStore } from "../integration-tests/helpers/store"
import { figure, info } from "./lib/figures"

const SKUS = ["SHIP-1", "SHIP-2"]

export default async function benchShipped({ container, args }: ExecArgs) {
  const orders = Number(args?.[0] ?? 1000)
  const hubUrl = new URL(process.env.HUB_BASE_URL!)
  // The store's work is measured, not the hub's request limits: every bucket is wide open.
  const hub = await startSandboxHub({
    port: Number(hubUrl.port),
    credentials: { userEmail: process.env.HUB_USER_EMAIL!, apiKey: process.env.HUB_API_KEY!, accountManagerKey: process.env.HUB_ACCOUNT_MANAGER_KEY! },
    rateLimits: uniformRateLimits(100_000),
    moveRules: "lenient",
  })
  try {
    const stocked = orders * 10
    const store = await seedStore(container, { products: SKUS.map((sku) => ({ sku, stocked })) })
    hub.upsertProducts(SKUS.map((sku) => ({ sku, qty: stocked, name: `Produto ${sku}`, price: 49.9 })))
    const codes = Array.from({ length: 2 * orders }, (_, index) => {
      const sample = sampleTestOrder()
      const customer = { ...sample.customer, name: `Cliente ${index}`, email: `shipped-${index}@bench.example` }
      const { code } = hub.createOrder({ ...sampleTestOrder({ channel: "Bench", customer, items: SKUS.map((id) => ({ id, qty: 1 })) }), calculation_type: "b2wentregacorreios" })
      hub.marketplaceApprove(code)
      return code
    })
    const imported = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
    if (imported?.imported !== codes.length) throw new Error(`the import imported ${imported?.imported} of ${codes.length} orders`)

    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const records = await hubModule.listHubOrders({ code: codes }, { select: ["code", "order_id"], take: codes.length })
    const orderOf = new Map(records.map((record) => [record.code, record.order_id as string]))
    const [byHub, byMedusa] = [codes.slice(0, orders), codes.slice(orders)]

    for (const code of byHub) hub.marketplaceShip(code)
    const cpuBefore = process.cpuUsage()
    const started = process.hrtime.bigint()
    await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
    const followMs = Number(process.hrtime.bigint() - started) / 1e6
    const cpu = process.cpuUsage(cpuBefore)
    const shipped = await shippedOrders(container, byHub.map((code) => orderOf.get(code)!))
    if (shipped !== orders) throw new Error(`${shipped} of ${orders} orders the hub shipped are shipped in Medusa`)

    const shippingOptionId = store.shippingOption.id
    const medusaStarted = process.hrtime.bigint()
    for (const [index, code] of byMedusa.entries()) await fulfilAndShip(container, orderOf.get(code)!, store.stockLocation.id, shippingOptionId, `BR${index}`)
    const medusaMs = Number(process.hrtime.bigint() - medusaStarted) / 1e6

    const cpuMsPerOrder = (cpu.user + cpu.system) / 1000 / orders
    const os = require("node:os")
    console.log(`# bench/shipped — ${orders} orders shipped by the hub, ${orders} by Medusa's own workflows; ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}`)
    info("shipped: orders followed into Medusa per second", `${(orders / (followMs / 1000)).toFixed(1)}/s`, `${orders} in ${(followMs / 1000).toFixed(1)} s (one listing run)`)
    info("shipped: CPU per order followed", `${cpuMsPerOrder.toFixed(1)} ms`, "this process: the store and the in-process sandbox hub")
    info("shipped: Medusa createOrderFulfillment + createOrderShipment", `${(medusaMs / orders).toFixed(1)} ms/order`)
    figure("shipped: time per order followed / Medusa's own", followMs / medusaMs, { at: "<=", target: 1.5 })
  } finally {
    await hub.stop()
  }
}

/** How many of these orders Medusa reads as shipped. */
async function shippedOrders(container: MedusaContainer, orderIds: string[]): Promise<number> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "order", fields: ["id", "fulfillments.shipped_at"], filters: { id: orderIds } })
  return data.filter((order: any) => order.fulfillments?.some((fulfillment: any) => fulfillment?.shipped_at)).length
}

async function fulfilAndShip(container: MedusaContainer, orderId: string, locationId: string, shippingOptionId: string, trackingNumber: string) {
  // The lines as the plugin reads them (their quantities as numbers), every unit of each.
  const { lines } = await orderForFulfillment(container, orderId)
  const items = lines.map((line) => ({ id: line.id, quantity: line.quantity }))
  const { result } = await createOrderFulfillmentWorkflow(container).run({
    input: { order_id: orderId, items, location_id: locationId, shipping_option_id: shippingOptionId, no_notification: true },
  })
  await createOrderShipmentWorkflow(container).run({
    input: { order_id: orderId, fulfillment_id: result.id, items, labels: [{ tracking_number: trackingNumber, tracking_url: "", label_url: "" }], no_notification: true },
  })
}
