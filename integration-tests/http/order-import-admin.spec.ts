import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import { createProductsWorkflow } from "@medusajs/medusa/core-flows"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { adminHeaders } from "../helpers/admin"
import { hubOrderReads, importTestOrder as testOrder } from "../helpers/hub-order-import"
import { expectBadPagesRefused, expectPages } from "../helpers/pages"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

/*
 * The import as the merchant meets it through the admin routes: orders set aside with their
 * reasons, listed a page at a time, and imported once the cause is fixed; test orders on a sandbox
 * account; *Import now*, one run at a time (the import itself: order-import.spec.ts).
 */

const sandbox = sandboxHubForStore()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let store: Awaited<ReturnType<typeof seedStore>>

    beforeEach(async () => {
      container = getContainer()
      sandbox.hub.reset()
      sandbox.hub.upsertProducts([
        { sku: "SKU-1", qty: 10, name: "Camiseta", price: 59.9 },
        { sku: "SKU-2", qty: 5, name: "Boné", price: 35 },
      ])
      store = await seedStore(container, { products: [{ sku: "SKU-1", stocked: 10 }, { sku: "SKU-2", stocked: 5 }] })
    })

    const { hubOrderRecord, medusaOrdersOf: ordersForHubCode, importedOrder } = hubOrderReads(
      () => container,
      () => store
    )

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

      const summary = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
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
      const retry = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
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

      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
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
  },
})
