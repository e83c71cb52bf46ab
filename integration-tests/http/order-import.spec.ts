import { hubDeliveryFacts } from "../../src/hub-client/delivery"
import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { createOrderWorkflow } from "@medusajs/medusa/core-flows"
import { followOrderListing, runOrderImport } from "../../src/sync/orders/order-listing"
import { importHubOrdersWorkflow } from "../../src/workflows"
import { subscribersRan } from "../helpers/events"
import { hubOrderReads, importTestOrder as testOrder } from "../helpers/hub-order-import"
import { waitUntil } from "../helpers/eventually"
import { refreshHubStatusesWorkflow } from "../../src/workflows/hub-orders/refresh-hub-statuses"
import { toMedusaOrder } from "../../src/mapping/hub-order"
import { parseHubOrder } from "../../src/hub-client"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"
import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { reserveHubOrdersStockStep, type ReserveHubOrdersStockInput } from "../../src/workflows/hub-orders/steps/reserve-hub-orders-stock"
import { markHubOrdersImportedStep } from "../../src/workflows/hub-orders/steps/mark-hub-orders-imported"
import { hubMedusaOrderId } from "../../src/workflows/hub-orders/steps/find-orders-for-hub-codes"

jest.setTimeout(180_000)

const sandbox = sandboxHubForStore()

/** The hub codes of each import workflow run that got as far as its hooks (sorted). */
const batches: string[][] = []
importHubOrdersWorkflow.hooks.ordersInput(({ hubOrders }) => {
  batches.push(hubOrders.map((hubOrder) => hubOrder.hubOrderCode).sort())
})

/**
 * An import's reservation and record (its real steps) with, between them, what another process does when
 * this import's lease runs out: the next run takes the order over and imports it.
 */
const takeOverStep = createStep("test-take-over-import", async (hubOrderId: string, { container }) => {
  await container.resolve(ContainerRegistrationKeys.PG_CONNECTION).raw(`update hub_order set claimed_at = now() - interval '1 hour' where id = ?`, [hubOrderId])
  await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
  return new StepResponse(null)
})
const reservedThenTakenOver = createWorkflow(
  "test-reserved-then-taken-over",
  (input: ReserveHubOrdersStockInput & { hubOrderId: string; orderId: string }) => {
    reserveHubOrdersStockStep(input)
    takeOverStep(input.hubOrderId)
    markHubOrdersImportedStep(
      transform({ input }, ({ input }) => ({ account: input.account, imports: [{ hubOrderId: input.hubOrderId, orderId: input.orderId, needsStock: false, attempt: input.claims![0].attempt }] }))
    )
    return new WorkflowResponse(null)
  }
)

medusaIntegrationTestRunner({
  testSuite: ({ getContainer, dbConnection }) => {
    let container: MedusaContainer
    let store: Awaited<ReturnType<typeof seedStore>>
    let hubModule: HubModuleService

    beforeEach(async () => {
      container = getContainer()
      hubModule = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      sandbox.hub.upsertProducts([
        { sku: "SKU-1", qty: 10, name: "Camiseta", price: 59.9 },
        { sku: "SKU-2", qty: 5, name: "Boné", price: 35 },
        { sku: "SKU-EMPTY", qty: 0, name: "Esgotado", price: 20 },
      ])
      store = await seedStore(container, {
        products: [
          { sku: "SKU-1", stocked: 10 },
          { sku: "SKU-2", stocked: 5 },
          { sku: "SKU-EMPTY", stocked: 0 },
        ],
      })
    })

    const query = () => container.resolve(ContainerRegistrationKeys.QUERY)

    const { hubOrderRecord, medusaOrdersOf: ordersForHubCode, stockLevel: level, importedOrder } = hubOrderReads(
      () => container,
      () => store
    )

    it("imports a new hub order as a Medusa order with its customer, addresses, items, prices, shipping and reserved stock", async () => {
      const hubOrder = sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 2 }, { id: "SKU-2", qty: 1 }]))
      const summary = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(summary).toMatchObject({ seen: 1, imported: 1, set_aside: 0, error: null })

      const { record, order } = await importedOrder(hubOrder.code)
      expect(record).toMatchObject({ import_state: "imported", status_type: "NEW", channel: "Loja Exemplo" })
      expect(order.email).toBe("ana.souza@example.com")
      expect(order.region_id).toBe(store.region.id)
      expect(order.sales_channel_id).toBe(store.salesChannel.id)
      expect(order.currency_code).toBe("brl")
      expect(order.customer).toMatchObject({
        email: "ana.souza@example.com",
        first_name: "Ana",
        last_name: "Maria Souza",
        phone: "11999998888",
        metadata: { vat_number: "12345678909", date_of_birth: "1990-04-01", gender: "female" },
      })
      expect(order.shipping_address).toMatchObject({
        address_1: "Avenida Paulista, 1000",
        address_2: "Bela Vista",
        city: "São Paulo",
        province: "SP",
        country_code: "br",
        postal_code: "01310100",
        metadata: { street: "Avenida Paulista", number: "1000", detail: "perto do metrô", neighborhood: "Bela Vista" },
      })
      expect(order.billing_address).toMatchObject({ address_1: "Rua Augusta, 500" })
      const items = Object.fromEntries(order.items.map((item: { variant_sku: string }) => [item.variant_sku, item]))
      expect(items["SKU-1"]).toMatchObject({ quantity: 2, unit_price: 59.9, variant_id: store.variantsBySku["SKU-1"].id })
      expect(items["SKU-2"]).toMatchObject({ quantity: 1, unit_price: 35 })
      expect(order.shipping_methods[0]).toMatchObject({ name: "Correios PAC", amount: 15.5 })
      expect(order.metadata).toMatchObject({ hub_order_code: hubOrder.code, hub_interest: 2.25 })

      // The hub order record names the Medusa order it became (the one record of that relation).
      const { data: records } = await query().graph({ entity: "hub_order", fields: ["order_id"], filters: { code: hubOrder.code } })
      expect(records[0].order_id).toBe(order.id)
      // Read-only module links (src/links): Query goes from one to the other, both ways.
      const { data: withOrder } = await query().graph({ entity: "hub_order", fields: ["code", "order.id", "order.email"], filters: { code: hubOrder.code } })
      expect(withOrder[0].order).toMatchObject({ id: order.id, email: "ana.souza@example.com" })
      const { data: withHubOrder } = await query().graph({ entity: "order", fields: ["id", "hub_order.code", "hub_order.status_type"], filters: { id: order.id } })
      expect(withHubOrder[0].hub_order).toMatchObject({ code: hubOrder.code, status_type: "NEW" })

      // Medusa's available quantity dropped by what was reserved.
      expect(await level("SKU-1")).toMatchObject({ reserved_quantity: 2, available_quantity: 8 })
      expect(await level("SKU-2")).toMatchObject({ reserved_quantity: 1, available_quantity: 4 })
    })

    it("leaves exactly one Medusa order per hub order when imports run twice, concurrently, or race for one order", async () => {
      const codes = [1, 2, 3].map((n) => sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 1 }], `cliente${n}@example.com`)).code)

      const concurrent = await Promise.all([runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")), runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))])
      expect(concurrent.filter((summary) => summary !== null)).toHaveLength(1)
      const again = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(again).toMatchObject({ seen: 3, imported: 0 })

      for (const code of codes) {
        expect(await ordersForHubCode(code)).toHaveLength(1)
      }
      expect((await level("SKU-1")).reserved_quantity).toBe(3)

      // Below the run lock, the claim alone lets one importer through (another process, another lock).
      const seen = { code: "Loja Exemplo-99", channel: "Loja Exemplo", statusCode: "book_product", statusType: "NEW", digest: "d", delivery: hubDeliveryFacts({}), remoteCode: null, expeditionLimit: null }
      const claims = await Promise.all(Array.from({ length: 5 }, () => hubModule.account("default").records.claimHubOrder(seen)))
      expect(claims.filter(Boolean)).toHaveLength(1)
    })

    /** A hub order claimed for import, and its Medusa order created (SKU-2 lines only), as an import that got that far leaves them. */
    async function claimedWithOrder(hubOrder: ReturnType<typeof sandbox.hub.createOrder>) {
      const claim = await hubModule.account("default").records.claimHubOrder({ code: hubOrder.code, channel: "Loja Exemplo", statusCode: "book_product", statusType: "NEW", digest: "x", delivery: hubDeliveryFacts({}), remoteCode: null, expeditionLimit: null })
      const parsed = parseHubOrder(hubOrder)
      if (!parsed.ok) throw new Error(parsed.reason)
      const variant = store.variantsBySku["SKU-2"]
      const mapped = toMedusaOrder(
        parsed.hubOrder,
        new Map([["SKU-2", { id: variant.id, sku: "SKU-2", title: "SKU-2", product_id: variant.product_id, product_title: "Produto SKU-2" }]]),
        { regionId: store.region.id, salesChannelId: store.salesChannel.id, currencyCode: "brl" }
      )
      if (!mapped.ok) throw new Error(mapped.reason)
      const { result: orphan } = await createOrderWorkflow(container).run({ input: { ...mapped.order, id: hubMedusaOrderId(claim!.id), customer_id: undefined } as never })
      return { claim: claim!, orphan }
    }

    it("an import that reserved, then lost its claim to a taker that counted those reservations, leaves them when it is undone", async () => {
      const hubOrder = sandbox.hub.createOrder(testOrder([{ id: "SKU-2", qty: 2 }]))
      await refreshHubStatusesWorkflow(container).run({ input: { account: "default" } })
      const { claim, orphan } = await claimedWithOrder(hubOrder)
      const claims = [{ hubOrderId: claim.id, attempt: claim.attempts }]

      // The first import reserves; before it records, its lease runs out and the next run takes the order
      // over, finds the reservation and records the import; the first import's record is then refused (its
      // fence) and it is undone.
      const { errors } = await reservedThenTakenOver(container).run({
        input: { orderIds: [orphan.id], stockLocationId: store.stockLocation.id, account: "default", claims, hubOrderId: claim.id, orderId: orphan.id },
        throwOnError: false,
      })
      expect(errors.map((error) => error.error.message).join()).toContain("taken over")
      expect(await hubOrderRecord(hubOrder.code)).toMatchObject({ import_state: "imported", order_id: orphan.id })
      expect((await level("SKU-2")).reserved_quantity).toBe(2)
      const reservations = await container.resolve(Modules.INVENTORY).listReservationItems({ inventory_item_id: store.inventoryItemsBySku["SKU-2"] })
      expect(reservations.map((reservation) => Number(reservation.quantity))).toEqual([2])
    })

    it("completes, without a duplicate, an import that died between creating the order and recording it", async () => {
      const hubOrder = sandbox.hub.createOrder(testOrder([{ id: "SKU-2", qty: 2 }]))
      const { result: catalogue } = await refreshHubStatusesWorkflow(container).run({ input: { account: "default" } })
      expect(catalogue["book_product"]).toBe("NEW")

      // The state a crash leaves: a claim, and the Medusa order created, with no reservation and no record of it.
      const { claim, orphan } = await claimedWithOrder(hubOrder)
      expect(await ordersForHubCode(hubOrder.code)).toHaveLength(1)

      // A run while the dead import's claim is still leased leaves it alone.
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect((await hubOrderRecord(hubOrder.code)).import_state).toBe("importing")

      // Once the lease has run out, the next run takes over and finishes the same order.
      await dbConnection.raw(`update hub_order set claimed_at = now() - interval '1 hour' where id = ?`, [claim!.id])
      const summary = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(summary).toMatchObject({ imported: 1, set_aside: 0 })
      const orders = await ordersForHubCode(hubOrder.code)
      expect(orders.map((order) => order.id)).toEqual([orphan.id])
      expect(await hubOrderRecord(hubOrder.code)).toMatchObject({ import_state: "imported", order_id: orphan.id })
      expect((await level("SKU-2")).reserved_quantity).toBe(2)
    })

    it("imports a run's new orders together; an order Medusa refuses is undone and set aside alone, the others imported once", async () => {
      const [first, refused, third] = [1, 2, 3].map((n) => sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: n }], `lote${n}@example.com`)))
      // A store order already shows the second one's code as its number (unique in Medusa): the batch's write of it fails.
      const { result: taken } = await createOrderWorkflow(container).run({
        input: { region_id: store.region.id, currency_code: "brl", email: "loja@example.com", items: [] } as never,
      })
      await container.resolve(Modules.ORDER).updateOrders(taken.id, { custom_display_id: refused.code } as never)
      batches.length = 0

      const summary = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(summary).toMatchObject({ seen: 3, imported: 2, set_aside: 1 })
      // First all three in one workflow run (undone whole), then each alone.
      expect(batches).toEqual([[first.code, refused.code, third.code].sort(), [first.code], [refused.code], [third.code]])
      expect(await hubOrderRecord(refused.code)).toMatchObject({ import_state: "set_aside", set_aside_reason: expect.stringContaining("custom_display_id") })
      expect(await ordersForHubCode(refused.code)).toHaveLength(0)
      for (const hubOrder of [first, third]) {
        expect(await ordersForHubCode(hubOrder.code)).toHaveLength(1)
        expect(await hubOrderRecord(hubOrder.code)).toMatchObject({ import_state: "imported" })
      }
      // Reserved once each: 1 + 3, nothing left of the undone batch or the refused order.
      expect((await level("SKU-1")).reserved_quantity).toBe(4)
    })

    it("a lane takes fresh listed orders up to its limit at once, and an order whose taker stopped alone", async () => {
      const listed = Array.from({ length: 12 }, (_, n) => sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 1 }], `fila${n}@example.com`)))
      const run = await hubModule.createHubImportRuns({ started_at: new Date(), intake: "listing" })
      await hubModule.account("default").records.shareListedHubOrders(run.id, listed.map((order) => ({ listed: order, planned: null })))

      const first = await hubModule.account("default").records.takeListedHubOrders(60_000, 10)
      expect(first).toHaveLength(10)
      expect(first.every((taken) => taken.attempts === 1 && taken.run_id === run.id)).toBe(true)
      // The taker of those stopped: their lease runs out.
      await dbConnection.raw(`update hub_listed_order set taken_at = now() - interval '2 minutes' where id in (${first.map(() => "?").join(", ")})`, first.map((taken) => taken.id))

      // Each taken again alone, while the fresh ones wait behind it.
      const again = await hubModule.account("default").records.takeListedHubOrders(60_000, 10)
      expect(again).toHaveLength(1)
      expect(again[0]).toMatchObject({ attempts: 2 })
      expect(first.map((taken) => taken.id)).toContain(again[0].id)

      await hubModule.listedHubOrdersDone([
        { id: again[0].id, counts: { imported: 1, updated: 0, set_aside: 0 } },
        ...first.filter((taken) => taken.id !== again[0].id).map((taken) => ({ id: taken.id, counts: { imported: 0, updated: 0, set_aside: 1 } })),
      ])
      // Only the two never taken are left: handled orders are gone, their outcomes counted on the run.
      const rest = await hubModule.account("default").records.takeListedHubOrders(60_000, 10)
      expect(rest.map((taken) => taken.code).sort()).toEqual(listed.slice(10).map((order) => order.code).sort())
      const [counted] = await hubModule.listHubImportRuns({ id: run.id })
      expect(counted).toMatchObject({ imported: 1, set_aside: 9 })
    })

    it("follows the marketplace: approval marks the order paid, cancellation cancels it and releases its stock", async () => {
      const approved = sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 1 }], "pago@example.com"))
      const canceled = sandbox.hub.createOrder(testOrder([{ id: "SKU-2", qty: 3 }], "cancelado@example.com"))
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect((await level("SKU-2")).reserved_quantity).toBe(3)

      sandbox.hub.marketplaceApprove(approved.code)
      sandbox.hub.marketplaceCancel(canceled.code)
      const canceledHandled = subscribersRan(container, "order.canceled")
      const summary = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(summary).toMatchObject({ updated: 2, imported: 0 })

      const paid = await importedOrder(approved.code)
      expect(paid.order.payment_collections.map((collection: { status: string }) => collection.status)).toEqual(["completed"])
      expect(paid.record).toMatchObject({ status_type: "APPROVED", applied_status_type: "APPROVED" })

      const cancelled = await importedOrder(canceled.code)
      expect(cancelled.order.status).toBe("canceled")
      expect((await level("SKU-2")).reserved_quantity).toBe(0)

      // Nothing is applied twice, and the marketplace's cancel is not sent back to the hub.
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ updated: 0 })
      expect((await importedOrder(approved.code)).order.payment_collections).toHaveLength(1)
      await canceledHandled
      expect(sandbox.hub.requestLog().filter((entry) => entry.method === "POST")).toEqual([])
    })

    it("imports an order first seen approved as paid, and one first seen canceled as canceled; a custom NEW status counts as NEW", async () => {
      sandbox.hub.addStatus({ code: "aguardando_pagamento", label: "Aguardando (custom)", type: "NEW" })
      const approved = sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 1 }], "a@example.com"))
      const canceled = sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 2 }], "b@example.com"))
      const custom = sandbox.hub.createOrder({ ...testOrder([{ id: "SKU-2", qty: 1 }], "c@example.com"), status: "aguardando_pagamento" })
      sandbox.hub.marketplaceApprove(approved.code)
      sandbox.hub.marketplaceCancel(canceled.code)

      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ seen: 3, imported: 3, set_aside: 0 })
      expect((await importedOrder(approved.code)).order.payment_collections.map((c: { status: string }) => c.status)).toEqual(["completed"])
      expect((await importedOrder(canceled.code)).order.status).toBe("canceled")
      expect(await hubOrderRecord(custom.code)).toMatchObject({ import_state: "imported", status_type: "NEW" })
      expect((await level("SKU-1")).reserved_quantity).toBe(1)
    })

    it("imports a paid order whose stock is missing, flagged as needing stock, until the merchant restocks", async () => {
      const hubOrder = sandbox.hub.createOrder(testOrder([{ id: "SKU-EMPTY", qty: 2 }]))
      sandbox.hub.marketplaceApprove(hubOrder.code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      const { record, order } = await importedOrder(hubOrder.code)
      expect(record.import_state).toBe("needs_stock")
      expect(order.payment_collections.map((c: { status: string }) => c.status)).toEqual(["completed"])
      expect(await level("SKU-EMPTY")).toMatchObject({ reserved_quantity: 2, stocked_quantity: 0 })

      const inventoryModule = container.resolve(Modules.INVENTORY)
      const emptyLevel = await level("SKU-EMPTY")
      await inventoryModule.updateInventoryLevels([{ id: emptyLevel.id, inventory_item_id: emptyLevel.inventory_item_id, location_id: emptyLevel.location_id, stocked_quantity: 5 }])
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect((await hubOrderRecord(hubOrder.code)).import_state).toBe("imported")
    })

    it("follows the listing: an order placed while a scheduled run is under way is imported by that run", async () => {
      const first = sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 1 }]))
      const listingReads = () => sandbox.hub.requestLog().filter((entry) => entry.method === "GET" && entry.path.startsWith("/orders?"))
      const following = followOrderListing(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"), { maxDurationMs: 15_000 })
      // The run's first pass has read the listing; the order placed after it is read by a later pass of the same run.
      await waitUntil("the first pass's order imported", async () => (await ordersForHubCode(first.code)).length === 1, { timeoutMs: 15_000 })
      const readsBefore = listingReads().length
      const later = sandbox.hub.createOrder(testOrder([{ id: "SKU-2", qty: 1 }]))
      const summary = await following
      // Seen counts orders, not reads: each pass of the run read the first order again.
      expect(summary).toMatchObject({ seen: 2, imported: 2, error: null })
      expect(await ordersForHubCode(later.code)).toHaveLength(1)
      expect(listingReads().length).toBeGreaterThan(readsBefore)
      // One run for all its passes.
      expect(await hubModule.listHubImportRuns({ intake: "listing" })).toHaveLength(1)
    })

    it("ends a run early, keeping what it did, when the hub stops answering", async () => {
      sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 1 }]))
      sandbox.hub.setFaults({ errorRate: 1 })
      try {
        const summary = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
        expect(summary!.error).toContain("unavailable")
        const [run] = await hubModule.listHubImportRuns({ id: summary!.runId })
        expect(run.error).toContain("unavailable")
        expect(run.finished_at).not.toBeNull()
      } finally {
        sandbox.hub.setFaults({})
      }
    })
  },
})
