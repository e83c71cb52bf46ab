/*
 * bench/import: the order import's time per order beside Medusa's own create-order-and-reserve
 * time per order, on the same orders, in the same run. Goal: import / Medusa <= 1.25.
 *   npm run bench:import -- [orders=200]   (`npm run bench -- --quick` runs 50)
 * Run through bench/run.js, which gives it a fresh database and points the plugin at the port
 * this script's sandbox hub listens on.
 */
import { HUB_MODULE } from "../src/modules/hub"
import type HubModuleService from "../src/modules/hub/service"
import { createOrderWorkflow, createReservationsWorkflow } from "@medusajs/medusa/core-flows"
import { ExecArgs, MedusaContainer } from "@medusajs/framework/types"
import { HubOrder, parseHubOrder, TestOrderInput, uniformRateLimits } from "../src/hub-client"
import { MatchedVariant, toMedusaOrder } from "../src/mapping/hub-order"
import { sampleTestOrder, startSandboxHub } from "../src/sandbox"
import { runOrderImport } from "../src/sync/orders/order-listing"
import { seedStore } from "../integration-tests/helpers/store"
import { figure, info } from "./lib/figures"

const WARM_UP = 10
const ITEMS_PER_ORDER = 2

export default async function benchImport({ container, args }: ExecArgs) {
  const orders = Number(args?.[0] ?? 200)
  const hubUrl = new URL(process.env.HUB_BASE_URL!)
  // The bench measures the store's work, not the hub's request limits: every bucket is wide open.
  const hub = await startSandboxHub({
    port: Number(hubUrl.port),
    credentials: {
      userEmail: process.env.HUB_USER_EMAIL!,
      apiKey: process.env.HUB_API_KEY!,
      accountManagerKey: process.env.HUB_ACCOUNT_MANAGER_KEY!,
    },
    rateLimits: uniformRateLimits(100_000),
  })
  try {
    const skus = Array.from({ length: ITEMS_PER_ORDER * 2 }, (_, i) => `BENCH-${i + 1}`)
    const stocked = (orders + WARM_UP) * 10
    const store = await seedStore(container, { products: skus.map((sku) => ({ sku, stocked })) })
    hub.upsertProducts(skus.map((sku) => ({ sku, qty: stocked, name: `Produto ${sku}`, price: 49.9 })))
    // The two halves of the catalogue: one for Medusa's own path, one for the import, same shapes.
    const medusaSkus = skus.slice(0, ITEMS_PER_ORDER)
    const importSkus = skus.slice(ITEMS_PER_ORDER)

    const target = { regionId: store.region.id, salesChannelId: store.salesChannel.id, currencyCode: "brl" }
    const variants = new Map<string, MatchedVariant>(
      Object.values(store.variantsBySku).map((variant) => [
        variant.sku as string,
        { id: variant.id, sku: variant.sku as string, title: variant.sku as string, product_id: variant.product_id as string, product_title: `Produto ${variant.sku}` },
      ])
    )

    const medusaOrders = Array.from({ length: orders + WARM_UP }, (_, i) => hub.createOrder(testOrder(medusaSkus, `medusa-${i}`)))
    // Those were only a source of identical data: the import must not see them.
    hub.reset()
    hub.upsertProducts(skus.map((sku) => ({ sku, qty: stocked, name: `Produto ${sku}`, price: 49.9 })))

    const createAndReserve = async (hubOrder: HubOrder) => {
      const parsed = parseHubOrder(hubOrder)
      if (!parsed.ok) throw new Error(parsed.reason)
      const mapped = toMedusaOrder(parsed.hubOrder, variants, target)
      if (!mapped.ok) throw new Error(mapped.reason)
      await medusaCreateAndReserve(container, mapped.order, store.stockLocation.id, store.inventoryItemsBySku)
    }
    for (const hubOrder of medusaOrders.slice(0, WARM_UP)) await createAndReserve(hubOrder)
    const medusaStart = process.hrtime.bigint()
    for (const hubOrder of medusaOrders.slice(WARM_UP)) await createAndReserve(hubOrder)
    const medusaMs = Number(process.hrtime.bigint() - medusaStart) / 1e6

    for (let i = 0; i < WARM_UP; i++) hub.createOrder(testOrder(importSkus, `warm-${i}`))
    const warm = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
    if (warm?.imported !== WARM_UP) throw new Error(`warm-up imported ${warm?.imported} of ${WARM_UP}`)
    for (let i = 0; i < orders; i++) hub.createOrder(testOrder(importSkus, `import-${i}`))
    const importStart = process.hrtime.bigint()
    const summary = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
    const importMs = Number(process.hrtime.bigint() - importStart) / 1e6
    if (summary?.imported !== orders) throw new Error(`the import imported ${summary?.imported} of ${orders} orders`)

    const perMedusa = medusaMs / orders
    const perImport = importMs / orders
    const ratio = perImport / perMedusa
    const os = require("node:os")
    console.log(`# bench/import — ${orders} orders of ${ITEMS_PER_ORDER} items, after ${WARM_UP} warm-up orders each; ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}`)
    info("import: Medusa createOrderWorkflow + createReservationsWorkflow", `${perMedusa.toFixed(1)} ms/order`)
    info("import: hub import (listing over HTTP, customer, order, reservations, record)", `${perImport.toFixed(1)} ms/order`)
    figure("import: time per order / Medusa's own", ratio, { at: "<=", target: 1.25 })
  } finally {
    await hub.stop()
  }
}

async function medusaCreateAndReserve(
  container: MedusaContainer,
  order: ReturnType<typeof toMedusaOrder> extends infer M ? (M extends { ok: true; order: infer O } ? O : never) : never,
  locationId: string,
  inventoryItemsBySku: Record<string, string>
) {
  const { result: created } = await createOrderWorkflow(container).run({
    input: {
      region_id: order.region_id,
      sales_channel_id: order.sales_channel_id,
      currency_code: order.currency_code,
      email: order.email,
      no_notification: true,
      shipping_address: order.shipping_address,
      billing_address: order.billing_address,
      items: order.items!.map((item) => ({
        variant_id: item.variant_id,
        title: item.title,
        quantity: item.quantity,
        unit_price: item.unit_price,
        is_tax_inclusive: true,
      })),
      shipping_methods: order.shipping_methods!.map((method) => ({ name: method.name, amount: method.amount })),
      metadata: order.metadata,
    } as never,
  })
  await createReservationsWorkflow(container).run({
    input: {
      reservations: created.items!.map((item) => ({
        inventory_item_id: inventoryItemsBySku[item.variant_sku as string],
        location_id: locationId,
        quantity: item.quantity,
        line_item_id: item.id,
      })),
    },
  })
}

function testOrder(skus: string[], customer: string): TestOrderInput {
  const sample = sampleTestOrder()
  return sampleTestOrder({
    channel: "Bench",
    items: skus.map((id) => ({ id, qty: 1 })),
    customer: { ...sample.customer, name: `Cliente ${customer}`, email: `${customer}@bench.example` },
  })
}
