import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { TestOrderInput } from "../../src/hub-client"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { createOrderWorkflow } from "@medusajs/medusa/core-flows"
import { followOrderListing, runOrderImport } from "../../src/sync/orders/order-listing"
import { importHubOrdersWorkflow } from "../../src/workflows"
import { subscribersRan } from "../helpers/events"
import { waitUntil } from "../helpers/eventually"
import { refreshHubStatusesWorkflow } from "../../src/workflows/hub-orders/refresh-hub-statuses"
import { toMedusaOrder } from "../../src/mapping/hub-order"
import { parseHubOrder } from "../../src/hub-client"
import { adminHeaders } from "../helpers/admin"
import { expectBadPagesRefused, expectPages } from "../helpers/pages"
import { SAMPLE_ADDRESS, sampleTestOrder } from "../../src/sandbox"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

const sandbox = sandboxHubForStore()

/** The hub codes of each import workflow run that got as far as its hooks (sorted). */
const batches: string[][] = []
importHubOrdersWorkflow.hooks.ordersInput(({ hubOrders }) => {
  batches.push(hubOrders.map((hubOrder) => hubOrder.hubOrderCode).sort())
})

function testOrder(items: { id: string; qty: number }[], email = "ana.souza@example.com"): TestOrderInput {
  const sample = sampleTestOrder()
  return sampleTestOrder({
    items,
    customer: { ...sample.customer, name: "Ana Maria Souza", email },
    billing_address: { ...SAMPLE_ADDRESS, street: "Rua Augusta", number: 500 },
    interest: 2.25,
  })
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
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

    async function ordersForHubCode(code: string) {
      const orderModule = container.resolve(Modules.ORDER)
      return orderModule.listOrders({ metadata: { hub_order_code: code } } as never)
    }

    async function hubOrderRecord(code: string) {
      const [record] = await hubModule.listHubOrders({ code })
      return record
    }

    async function level(sku: string) {
      const inventoryModule = container.resolve(Modules.INVENTORY)
      const [found] = await inventoryModule.listInventoryLevels({
        inventory_item_id: store.inventoryItemsBySku[sku],
        location_id: store.stockLocation.id,
      })
      return {
        id: found.id,
        inventory_item_id: found.inventory_item_id,
        location_id: found.location_id,
        stocked_quantity: Number(found.stocked_quantity),
        reserved_quantity: Number(found.reserved_quantity),
        available_quantity: Number(found.available_quantity),
      }
    }

    async function importedOrder(code: string) {
      const record = await hubOrderRecord(code)
      const { data } = await query().graph({
        entity: "order",
        fields: [
          "id",
          "email",
          "status",
          "currency_code",
          "region_id",
          "sales_channel_id",
          "customer.email",
          "customer.first_name",
          "customer.last_name",
          "customer.phone",
          "customer.metadata",
          "shipping_address.*",
          "billing_address.*",
          "items.*",
          "shipping_methods.*",
          "payment_collections.status",
          "metadata",
        ],
        filters: { id: record.order_id },
      })
      // Medusa's query types are generated per app; a test reads the fields it asked for.
      return { record, order: data[0] as Record<string, any> }
    }

    it("imports a new hub order as a Medusa order with its customer, addresses, items, prices, shipping and reserved stock", async () => {
      const hubOrder = sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 2 }, { id: "SKU-2", qty: 1 }]))
      const summary = await runOrderImport(container)
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
        metadata: { street: "Avenida Paulista", number: 1000, detail: "perto do metrô", neighborhood: "Bela Vista" },
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

      const concurrent = await Promise.all([runOrderImport(container), runOrderImport(container)])
      expect(concurrent.filter((summary) => summary !== null)).toHaveLength(1)
      const again = await runOrderImport(container)
      expect(again).toMatchObject({ seen: 3, imported: 0 })

      for (const code of codes) {
        expect(await ordersForHubCode(code)).toHaveLength(1)
      }
      expect((await level("SKU-1")).reserved_quantity).toBe(3)

      // Below the run lock, the claim alone lets one importer through (another process, another lock).
      const seen = { code: "Loja Exemplo-99", channel: "Loja Exemplo", statusCode: "book_product", statusType: "NEW", digest: "d" }
      const claims = await Promise.all(Array.from({ length: 5 }, () => hubModule.claimHubOrder("default", seen)))
      expect(claims.filter(Boolean)).toHaveLength(1)
    })

    it("completes, without a duplicate, an import that died between creating the order and recording it", async () => {
      const hubOrder = sandbox.hub.createOrder(testOrder([{ id: "SKU-2", qty: 2 }]))
      const { result: catalogue } = await refreshHubStatusesWorkflow(container).run()
      expect(catalogue["book_product"]).toBe("NEW")

      // The state a crash leaves: a claim, and the Medusa order created, with no reservation and no record of it.
      const claim = await hubModule.claimHubOrder("default", { code: hubOrder.code, channel: "Loja Exemplo", statusCode: "book_product", statusType: "NEW", digest: "x" })
      const parsed = parseHubOrder(hubOrder)
      if (!parsed.ok) throw new Error(parsed.reason)
      const variant = store.variantsBySku["SKU-2"]
      const mapped = toMedusaOrder(
        parsed.hubOrder,
        new Map([["SKU-2", { id: variant.id, sku: "SKU-2", title: "SKU-2", product_id: variant.product_id, product_title: "Produto SKU-2" }]]),
        { regionId: store.region.id, salesChannelId: store.salesChannel.id, currencyCode: "brl" }
      )
      if (!mapped.ok) throw new Error(mapped.reason)
      const { result: orphan } = await createOrderWorkflow(container).run({ input: { ...mapped.order, customer_id: undefined } as never })
      expect(await ordersForHubCode(hubOrder.code)).toHaveLength(1)

      // A run while the dead import's claim is still leased leaves it alone.
      await runOrderImport(container)
      expect((await hubOrderRecord(hubOrder.code)).import_state).toBe("importing")

      // Once the lease has run out, the next run takes over and finishes the same order.
      await dbConnection.raw(`update hub_order set claimed_at = now() - interval '1 hour' where id = ?`, [claim!.id])
      const summary = await runOrderImport(container)
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

      const summary = await runOrderImport(container)
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
      await hubModule.shareListedHubOrders("default", run.id, listed)

      const first = await hubModule.takeListedHubOrders("default", 60_000, 10)
      expect(first).toHaveLength(10)
      expect(first.every((taken) => taken.attempts === 1 && taken.run_id === run.id)).toBe(true)
      // The taker of those stopped: their lease runs out.
      await dbConnection.raw(`update hub_listed_order set taken_at = now() - interval '2 minutes' where id in (${first.map(() => "?").join(", ")})`, first.map((taken) => taken.id))

      // Each taken again alone, while the fresh ones wait behind it.
      const again = await hubModule.takeListedHubOrders("default", 60_000, 10)
      expect(again).toHaveLength(1)
      expect(again[0]).toMatchObject({ attempts: 2 })
      expect(first.map((taken) => taken.id)).toContain(again[0].id)

      await hubModule.listedHubOrdersDone([
        { id: again[0].id, counts: { imported: 1, updated: 0, set_aside: 0 } },
        ...first.filter((taken) => taken.id !== again[0].id).map((taken) => ({ id: taken.id, counts: { imported: 0, updated: 0, set_aside: 1 } })),
      ])
      // Only the two never taken are left: handled orders are gone, their outcomes counted on the run.
      const rest = await hubModule.takeListedHubOrders("default", 60_000, 10)
      expect(rest.map((taken) => taken.code).sort()).toEqual(listed.slice(10).map((order) => order.code).sort())
      const [counted] = await hubModule.listHubImportRuns({ id: run.id })
      expect(counted).toMatchObject({ imported: 1, set_aside: 9 })
    })

    it("follows the marketplace: approval marks the order paid, cancellation cancels it and releases its stock", async () => {
      const approved = sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 1 }], "pago@example.com"))
      const canceled = sandbox.hub.createOrder(testOrder([{ id: "SKU-2", qty: 3 }], "cancelado@example.com"))
      await runOrderImport(container)
      expect((await level("SKU-2")).reserved_quantity).toBe(3)

      sandbox.hub.marketplaceApprove(approved.code)
      sandbox.hub.marketplaceCancel(canceled.code)
      const canceledHandled = subscribersRan(container, "order.canceled")
      const summary = await runOrderImport(container)
      expect(summary).toMatchObject({ updated: 2, imported: 0 })

      const paid = await importedOrder(approved.code)
      expect(paid.order.payment_collections.map((collection: { status: string }) => collection.status)).toEqual(["completed"])
      expect(paid.record).toMatchObject({ status_type: "APPROVED", applied_status_type: "APPROVED" })

      const cancelled = await importedOrder(canceled.code)
      expect(cancelled.order.status).toBe("canceled")
      expect((await level("SKU-2")).reserved_quantity).toBe(0)

      // Nothing is applied twice, and the marketplace's cancel is not sent back to the hub.
      expect(await runOrderImport(container)).toMatchObject({ updated: 0 })
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

      expect(await runOrderImport(container)).toMatchObject({ seen: 3, imported: 3, set_aside: 0 })
      expect((await importedOrder(approved.code)).order.payment_collections.map((c: { status: string }) => c.status)).toEqual(["completed"])
      expect((await importedOrder(canceled.code)).order.status).toBe("canceled")
      expect(await hubOrderRecord(custom.code)).toMatchObject({ import_state: "imported", status_type: "NEW" })
      expect((await level("SKU-1")).reserved_quantity).toBe(1)
    })

    it("imports a paid order whose stock is missing, flagged as needing stock, until the merchant restocks", async () => {
      const hubOrder = sandbox.hub.createOrder(testOrder([{ id: "SKU-EMPTY", qty: 2 }]))
      sandbox.hub.marketplaceApprove(hubOrder.code)
      await runOrderImport(container)
      const { record, order } = await importedOrder(hubOrder.code)
      expect(record.import_state).toBe("needs_stock")
      expect(order.payment_collections.map((c: { status: string }) => c.status)).toEqual(["completed"])
      expect(await level("SKU-EMPTY")).toMatchObject({ reserved_quantity: 2, stocked_quantity: 0 })

      const inventoryModule = container.resolve(Modules.INVENTORY)
      const emptyLevel = await level("SKU-EMPTY")
      await inventoryModule.updateInventoryLevels([{ id: emptyLevel.id, inventory_item_id: emptyLevel.inventory_item_id, location_id: emptyLevel.location_id, stocked_quantity: 5 }])
      await runOrderImport(container)
      expect((await hubOrderRecord(hubOrder.code)).import_state).toBe("imported")
    })

    it("sets each malformed order aside with its reason, imports the valid ones of the same run, and retries once fixed", async () => {
      const valid = sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 1 }]))
      const template = sandbox.hub.getOrder(valid.code) as unknown as Record<string, any>
      const variants: [string, (order: Record<string, any>) => void, string][] = [
        ["unknown SKU", (o) => (o.items = [{ ...o.items[0], id: "SKU-NOPE" }]), "SKU-NOPE"],
        ["bad e-mail", (o) => (o.customer = { ...o.customer, email: "ana-at-example" }), "customer.email"],
        ["bad date of birth", (o) => (o.customer = { ...o.customer, date_of_birth: "01/04/1990" }), "customer.date_of_birth"],
        ["zero quantity", (o) => (o.items = [{ ...o.items[0], qty: 0 }]), "items.0.qty"],
        ["negative quantity", (o) => (o.items = [{ ...o.items[0], qty: -2 }]), "items.0.qty"],
        ["fractional quantity", (o) => (o.items = [{ ...o.items[0], qty: 1.5 }]), "items.0.qty"],
        ["no items", (o) => delete o.items, "items"],
        ["empty items", (o) => (o.items = []), "items"],
        ["no customer", (o) => delete o.customer, "customer"],
        ["postcode with a dash", (o) => (o.shipping_address = { ...o.shipping_address, postcode: "01310-100" }), "shipping_address.postcode"],
        ["three-letter country", (o) => (o.billing_address = { ...o.billing_address, country: "BRA" }), "billing_address.country"],
        ["no shipping address", (o) => delete o.shipping_address, "shipping_address"],
        ["no price", (o) => (o.items = [{ id: "SKU-1", qty: 1 }]), "no price"],
        ["negative shipping cost", (o) => (o.shipping_cost = -5), "shipping_cost"],
      ]
      variants.forEach(([, mutate], index) => {
        const order = JSON.parse(JSON.stringify(template))
        order.code = `Loja Exemplo-${900 + index}`
        mutate(order)
        sandbox.hub.insertRawOrder(order)
      })

      const summary = await runOrderImport(container)
      expect(summary).toMatchObject({ seen: variants.length + 1, imported: 1, set_aside: variants.length, error: null })
      expect((await hubOrderRecord(valid.code)).import_state).toBe("imported")
      for (const [index, [name, , reason]] of variants.entries()) {
        const record = await hubOrderRecord(`Loja Exemplo-${900 + index}`)
        expect({ name, state: record.import_state, reason: record.set_aside_reason }).toEqual({
          name,
          state: "set_aside",
          reason: expect.stringContaining(reason),
        })
        expect(await ordersForHubCode(record.code)).toHaveLength(0)
      }

      // The admin sees what was set aside and why, and the run's summary.
      const headers = await adminHeaders(container)
      const listed = await api.get("/admin/hub/orders?import_state=set_aside&limit=100", headers)
      expect(listed.data.count).toBe(variants.length)
      expect(listed.data.hub_orders.find((order: { code: string }) => order.code === "Loja Exemplo-900").set_aside_reason).toContain("SKU-NOPE")
      const runs = await api.get("/admin/hub/import-runs", headers)
      expect(runs.data.import_runs[0]).toMatchObject({ seen: variants.length + 1, imported: 1, set_aside: variants.length })

      // A page at a time, as the hub page lists them; several states at once (those needing the merchant are two).
      await expectPages(api, headers, "/admin/hub/orders?import_state=set_aside", "hub_orders", 5)
      const needing = await expectPages(api, headers, "/admin/hub/orders?import_state[]=set_aside&import_state[]=needs_stock", "hub_orders", 4)
      const needsStock = (await api.get("/admin/hub/orders?import_state=needs_stock&limit=1", headers)).data.count
      expect(needing).toHaveLength(variants.length + needsStock)
      for (const url of ["/admin/hub/orders", "/admin/hub/import-runs"]) await expectBadPagesRefused(api, headers, url)
      const badQuery = await api.get("/admin/hub/orders?import_state=lost", headers).catch((error: { response: { status: number } }) => error.response)
      expect(badQuery.status).toBe(400)

      // The merchant adds the missing product: the next run imports that order.
      const { createProductsWorkflow } = await import("@medusajs/medusa/core-flows")
      await createProductsWorkflow(container).run({
        input: {
          products: [
            {
              title: "Novo",
              options: [{ title: "Tamanho", values: ["Único"] }],
              sales_channels: [{ id: store.salesChannel.id }],
              variants: [{ title: "SKU-NOPE", sku: "SKU-NOPE", manage_inventory: false, options: { Tamanho: "Único" }, prices: [{ currency_code: "brl", amount: 10 }] }],
            },
          ],
        },
      })
      const retry = await runOrderImport(container)
      expect(retry).toMatchObject({ imported: 1, set_aside: variants.length - 1 })
      expect((await hubOrderRecord("Loja Exemplo-900")).import_state).toBe("imported")
      // Two runs now: their list a page of one at a time.
      await expectPages(api, headers, "/admin/hub/import-runs", "import_runs", 1)
    })

    it("lets an admin create and approve a test order on a sandbox account, which the next run imports as paid", async () => {
      const headers = await adminHeaders(container)
      const response = await api.post("/admin/hub/test-orders", { order: testOrder([{ id: "SKU-1", qty: 1 }]), approve: true }, headers)
      expect(response.status).toBe(201)
      expect(response.data.hub_order.status.code).toBe("payment_received")
      const code = response.data.hub_order.code
      expect(sandbox.hub.getOrder(code)?.status.type).toBe("APPROVED")

      await runOrderImport(container)
      expect((await importedOrder(code)).order.payment_collections.map((c: { status: string }) => c.status)).toEqual(["completed"])

      const invalid = await api
        .post("/admin/hub/test-orders", { order: { ...testOrder([{ id: "SKU-1", qty: 0 }]) } }, headers)
        .catch((error: { response: { status: number; data: { message: string } } }) => error.response)
      expect(invalid.status).toBe(400)
      expect(invalid.data.message).toContain("qty")

      // Each issue is named by its field's path: which address's postcode, whose e-mail.
      const sample = testOrder([{ id: "SKU-1", qty: 1 }])
      const unnamed = await api
        .post(
          "/admin/hub/test-orders",
          { order: { ...sample, shipping_address: { ...sample.shipping_address, postcode: "01310-100" }, customer: { ...sample.customer, email: "ana@" } } },
          headers
        )
        .catch((error: { response: { status: number; data: { message: string } } }) => error.response)
      expect(unnamed.status).toBe(400)
      expect(unnamed.data.message).toContain("order.shipping_address.postcode: postcode must hold digits only")
      expect(unnamed.data.message).toContain("order.customer.email")
    })

    it("lets an admin import now: one run at a time, and the order page can find its hub order", async () => {
      const hubOrder = sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 1 }]))
      const headers = await adminHeaders(container)
      // Two clicks at once (the hub answering slowly): one run imports, the other is told why not.
      sandbox.hub.setFaults({ latencyMs: 400 })
      const answers = await Promise.all(
        [1, 2].map(() =>
          api.post("/admin/hub/import-runs", {}, headers).catch((error: { response: { status: number; data: unknown } }) => error.response)
        )
      )
      sandbox.hub.setFaults({})
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
      const ran = answers.find((answer) => answer.status === 200)!
      expect(ran.data.import_run).toMatchObject({ seen: 1, imported: 1, set_aside: 0, error: null })
      expect(answers.find((answer) => answer.status === 409)!.data).toMatchObject({ message: expect.stringContaining("already running") })
      expect(await ordersForHubCode(hubOrder.code)).toHaveLength(1)

      const { record } = await importedOrder(hubOrder.code)
      const byOrder = await api.get(`/admin/hub/orders?order_id=${record.order_id}`, headers)
      expect(byOrder.data.hub_orders.map((entry: { code: string }) => entry.code)).toEqual([hubOrder.code])
      const notFromHub = await api.get("/admin/hub/orders?order_id=order_NOT_FROM_THE_HUB", headers)
      expect(notFromHub.data.hub_orders).toEqual([])

      const anonymous = await api.post("/admin/hub/import-runs", {}).catch((error: { response: { status: number } }) => error.response)
      expect(anonymous.status).toBe(401)
    })

    it("follows the listing: an order placed while a scheduled run is under way is imported by that run", async () => {
      const first = sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 1 }]))
      const listingReads = () => sandbox.hub.requestLog().filter((entry) => entry.method === "GET" && entry.path.startsWith("/orders?"))
      const following = followOrderListing(container, { maxDurationMs: 15_000 })
      // The run's first pass has read the listing; the order placed after it is read by a later pass of the same run.
      await waitUntil("the first pass's order imported", async () => (await ordersForHubCode(first.code)).length === 1, { timeoutMs: 15_000 })
      const readsBefore = listingReads().length
      const later = sandbox.hub.createOrder(testOrder([{ id: "SKU-2", qty: 1 }]))
      const summary = await following
      expect(summary).toMatchObject({ imported: 2, error: null })
      expect(await ordersForHubCode(later.code)).toHaveLength(1)
      expect(listingReads().length).toBeGreaterThan(readsBefore)
      // One run for all its passes.
      expect(await hubModule.listHubImportRuns({ intake: "listing" })).toHaveLength(1)
    })

    it("ends a run early, keeping what it did, when the hub stops answering", async () => {
      sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 1 }]))
      sandbox.hub.setFaults({ errorRate: 1 })
      try {
        const summary = await runOrderImport(container)
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
