import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { createProductsWorkflow } from "@medusajs/medusa/core-flows"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { adminHeaders } from "../helpers/admin"
import { subscribersRan } from "../helpers/events"
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
        // Only what the import needs sets an order aside: a bad e-mail, a CEP with its dash, no shipping address are read (docs/orders.md).
        ["SKU as an object", (o) => (o.items = [{ ...o.items[0], id: { sku: "SKU-1" } }]), "items.0.id"],
        ["quantity as a word", (o) => (o.items = [{ ...o.items[0], qty: "dois" }]), "items.0.qty"],
        ["zero quantity", (o) => (o.items = [{ ...o.items[0], qty: 0 }]), "items.0.qty"],
        ["negative quantity", (o) => (o.items = [{ ...o.items[0], qty: -2 }]), "items.0.qty"],
        ["fractional quantity", (o) => (o.items = [{ ...o.items[0], qty: 1.5 }]), "items.0.qty"],
        ["no items", (o) => delete o.items, "items"],
        ["empty items", (o) => (o.items = []), "items"],
        ["parts not adding up", (o) => (o.total_ordered = o.total_ordered + 10), "total_ordered"],
        ["negative interest", (o) => (o.interest = -1), "interest"],
        ["discount as text", (o) => (o.discount = "dez"), "discount"],
        ["country outside the region", (o) => (o.shipping_address = { ...o.shipping_address, country: "US" }), "shipping_address.country"],
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
      // The others are set aside again for the same reasons: nothing new to count.
      expect(retry).toMatchObject({ imported: 1, set_aside: 0 })
      expect((await hubOrderRecord("Loja Exemplo-901")).import_state).toBe("set_aside")
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

    it("takes a short-of-stock order off what needs the merchant once it is canceled: by the marketplace, from the card, in Medusa", async () => {
      const headers = await adminHeaders(container)
      const account = container.resolve<HubModuleService>(HUB_MODULE).account("default")
      // Six of the five Bonés in stock, three times.
      const short = [1, 2, 3].map((n) => {
        const hubOrder = sandbox.hub.createOrder(testOrder([{ id: "SKU-2", qty: 6 }], `short${n}@example.com`))
        sandbox.hub.marketplaceApprove(hubOrder.code)
        return hubOrder.code
      })
      await runOrderImport(container, account)
      const needing = async () =>
        (await api.get("/admin/hub/orders?import_state[]=set_aside&import_state[]=needs_stock&limit=100", headers)).data.hub_orders
          .map((hubOrder: { code: string }) => hubOrder.code)
          .sort()
      expect(await needing()).toEqual([...short].sort())
      // Each card says what its order lacks, and where: 5 Bonés serve the first order but one, none of the others.
      const shortageOf = async (code: string) => (await api.get(`/admin/hub/orders/${encodeURIComponent(code)}/moves`, headers)).data.stock_shortage
      const shortages = await Promise.all(short.map(shortageOf))
      for (const shortage of shortages) {
        expect(shortage).toEqual([
          expect.objectContaining({ sku: "SKU-2", quantity: 6, inventory_item_id: store.inventoryItemsBySku["SKU-2"], location_id: store.stockLocation.id, location_name: store.stockLocation.name }),
        ])
      }
      expect(shortages.map(([line]) => line.missing).sort()).toEqual([1, 6, 6])
      const [byMarketplace, byCard, inMedusa] = short

      sandbox.hub.marketplaceCancel(byMarketplace)
      await runOrderImport(container, account)
      expect((await api.post(`/admin/hub/orders/${encodeURIComponent(byCard)}/moves`, { kind: "cancel" }, headers)).status).toBe(200)
      const medusaCancel = subscribersRan(container, OrderWorkflowEvents.CANCELED)
      const { record } = await importedOrder(inMedusa)
      expect((await api.post(`/admin/orders/${record.order_id}/cancel`, {}, headers)).status).toBe(200)
      await medusaCancel

      for (const code of short) {
        const { record, order } = await importedOrder(code)
        expect({ code, state: record.import_state, status: order.status }).toEqual({ code, state: "imported", status: "canceled" })
      }
      expect(await needing()).toEqual([])
      expect(await Promise.all(short.map(shortageOf))).toEqual([[], [], []])
      // The next runs ask for no stock again.
      await runOrderImport(container, account)
      expect(await needing()).toEqual([])
    })

    it("folds back-to-back runs that found nothing into one line, and says what an Import now found after a run that took everything", async () => {
      const headers = await adminHeaders(container)
      const account = container.resolve<HubModuleService>(HUB_MODULE).account("default")
      const quietRuns = async (n: number) => {
        for (let run = 0; run < n; run++) expect(await runOrderImport(container, account)).toMatchObject({ imported: 0, updated: 0, set_aside: 0, error: null })
      }
      await quietRuns(3)
      sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 1 }]))
      expect(await runOrderImport(container, account)).toMatchObject({ imported: 1 })
      // Import now right after: nothing new, and the answer names the run that took it.
      const now = await api.post("/admin/hub/import-runs", {}, headers)
      expect(now.data.import_run).toMatchObject({ seen: 1, imported: 0, updated: 0, set_aside: 0, error: null })
      expect(now.data.last_found).toEqual({ finished_at: expect.any(String), imported: 1, updated: 0, set_aside: 0 })
      await quietRuns(1)

      const history = await api.get("/admin/hub/import-runs", headers)
      expect(history.data.count).toBe(3)
      const lines = history.data.import_runs as Array<{ imported: number; started_at: string; finished_at: string; quiet: { runs: number; first_started_at: string; last_finished_at: string } | null }>
      expect(lines.map((line) => [line.quiet?.runs ?? null, line.imported])).toEqual([
        [2, 0],
        [null, 1],
        [3, 0],
      ])
      // A fold spans its runs: from the oldest one's start to the newest one's end, which the line's run is.
      for (const { quiet, started_at, finished_at } of [lines[0], lines[2]]) {
        expect(new Date(quiet!.first_started_at).getTime()).toBeLessThan(new Date(started_at).getTime())
        expect(quiet!.last_finished_at).toBe(finished_at)
      }
      expect(new Date(lines[0].quiet!.first_started_at).getTime()).toBeGreaterThan(new Date(lines[1].finished_at).getTime())
      // The lines page as any list does.
      expect(await expectPages(api, headers, "/admin/hub/import-runs", "import_runs", 1)).toEqual(lines.map((line: any) => line.id))

      // An Import now that found something has nothing to name.
      sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 1 }]))
      const found = await api.post("/admin/hub/import-runs", {}, headers)
      expect(found.data).toMatchObject({ import_run: { imported: 1 }, last_found: null })
    })

    it("keeps 30 days of runs: older ones, of this account alone, are dropped as a run ends", async () => {
      const account = container.resolve<HubModuleService>(HUB_MODULE).account("default")
      const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const day = 24 * 3600 * 1000
      const run = (id: string, owner: string, daysAgo: number) => ({ id, account: owner, intake: "listing", started_at: new Date(Date.now() - daysAgo * day), finished_at: new Date(Date.now() - daysAgo * day + 1000) })
      await pg("hub_import_run").insert([run("hubrun_old", "default", 31), run("hubrun_recent", "default", 29), run("hubrun_other_old", "brand-x", 31)])
      await runOrderImport(container, account)
      const left = (await pg("hub_import_run").select("id").whereIn("id", ["hubrun_old", "hubrun_recent", "hubrun_other_old"])).map((row: { id: string }) => row.id).sort()
      expect(left).toEqual(["hubrun_other_old", "hubrun_recent"])
    })

    it("a run that sets aside again only orders already set aside for the same reason found nothing new: it folds with the quiet runs, and Import now says so", async () => {
      const headers = await adminHeaders(container)
      const account = container.resolve<HubModuleService>(HUB_MODULE).account("default")
      const valid = sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 1 }]))
      const bad = JSON.parse(JSON.stringify(sandbox.hub.getOrder(valid.code)))
      bad.code = "Loja Exemplo-990"
      bad.items = [{ ...bad.items[0], id: "SKU-NOPE" }]
      sandbox.hub.insertRawOrder(bad)
      expect(await runOrderImport(container, account)).toMatchObject({ imported: 1, set_aside: 1 })
      // The scheduled runs every minute read the set-aside order again and set it aside for the same reason.
      for (let run = 0; run < 3; run++) expect(await runOrderImport(container, account)).toMatchObject({ imported: 0, updated: 0, set_aside: 0, error: null })
      expect((await hubOrderRecord("Loja Exemplo-990")).import_state).toBe("set_aside")
      const now = await api.post("/admin/hub/import-runs", {}, headers)
      expect(now.data).toMatchObject({ import_run: { imported: 0, set_aside: 0 }, last_found: { imported: 1, set_aside: 1 } })
      const history = await api.get("/admin/hub/import-runs", headers)
      expect(history.data.import_runs.map((line: { quiet: { runs: number } | null; set_aside: number }) => [line.quiet?.runs ?? null, line.set_aside])).toEqual([
        [4, 0],
        [null, 1],
      ])
      expect(history.data.count).toBe(2)
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
