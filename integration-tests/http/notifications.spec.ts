import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import { reconcileCatalogue } from "../../src/sync/catalogue/catalogue-reconciliation"
import { HubEvents } from "../../src/workflows"
import { sampleTestOrder } from "../../src/sandbox"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { noticeHubOutage } from "../../src/notifications/hub-outage"
import { notifyMerchant } from "../../src/notifications/notify-merchant"
import { adminHeaders } from "../helpers/admin"
import { eventually } from "../helpers/eventually"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

const sandbox = sandboxHubForStore()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let headers: Awaited<ReturnType<typeof adminHeaders>>

    beforeEach(async () => {
      container = getContainer()
      sandbox.hub.reset()
      sandbox.hub.upsertProducts([{ sku: "SKU-1", qty: 10, name: "Camiseta", price: 59.9 }])
      headers = await adminHeaders(container)
    })

    /** The admin's notification feed (the bell), as Medusa's dashboard reads it. */
    async function feed(): Promise<Array<{ channel: string; template: string; data: { title: string; description: string } }>> {
      const { data } = await api.get("/admin/notifications?limit=100&fields=*", headers)
      return data.notifications
    }

    it("tells the merchant once per cause, in Medusa's feed: an order set aside (whatever the runs), a SKU the hub refuses (again only once it went through in between)", async () => {
      // A SKU on Medusa the hub does not know: its first push is refused (404).
      const store = await seedStore(container, { products: [{ sku: "SKU-1", stocked: 10 }, { sku: "NAO-NO-HUB", stocked: 2 }] })
      const good = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      sandbox.hub.insertRawOrder({ ...sandbox.hub.getOrder(good.code)!, code: "Loja Exemplo-77", items: [{ id: "SKU-UNKNOWN", qty: 1, special_price: 10 }], total_ordered: 25.5 })
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))

      await eventually(async () => {
        const notices = await feed()
        expect(notices.filter((notice) => notice.data.title === "Marketplace order Loja Exemplo-77 was not imported")).toHaveLength(1)
        expect(notices.filter((notice) => notice.data.title === "The hub refused SKU NAO-NO-HUB")).toHaveLength(1)
      }, 30_000)
      // The same cause told again (a redelivered event, another process, a restart): still one notice; a new cause, a new one.
      const told = (await feed()).find((notice) => notice.data.title.includes("Loja Exemplo-77"))!
      const eventBus = container.resolve(Modules.EVENT_BUS)
      const reason = told.data.description.split(". Fix it")[0]
      await eventBus.emit({ name: HubEvents.ORDER_SET_ASIDE, data: { code: "Loja Exemplo-77", reason } })
      await eventBus.emit({ name: HubEvents.ORDER_SET_ASIDE, data: { code: "Loja Exemplo-77", reason: "another reason" } })
      await eventually(async () => expect((await feed()).filter((notice) => notice.data.title.includes("Loja Exemplo-77"))).toHaveLength(2), 30_000)
      const notices = await feed()
      expect(notices.filter((notice) => notice.data.description.startsWith(reason))).toHaveLength(1)
      expect(notices.every((notice) => notice.channel === "feed" && notice.template === "admin-ui")).toBe(true)
      expect(reason).toContain("no product variant has the SKU SKU-UNKNOWN")
      // No customer data in what the feed shows.
      expect(JSON.stringify(notices)).not.toMatch(/example\.com|12345678909|Paulista|11999998888/)

      // The refused SKU changes and is refused again, unresolved: still one notice. The hub then takes it
      // (the merchant added it there), and later refuses it again with the very same words: told again.
      const hub: HubModuleService = container.resolve(HUB_MODULE)
      const refusedSku = async () => (await hub.listHubCatalogueChanges({ sku: "NAO-NO-HUB" }))[0]
      const setStocked = (stocked_quantity: number) =>
        container.resolve(Modules.INVENTORY).updateInventoryLevels([
          { inventory_item_id: store.inventoryItemsBySku["NAO-NO-HUB"], location_id: store.stockLocation.id, stocked_quantity },
        ])
      const skuRefusals = async () => (await feed()).filter((notice) => notice.data.title === "The hub refused SKU NAO-NO-HUB")
      await setStocked(3)
      await eventually(async () => expect(await refusedSku()).toMatchObject({ state: "refused", wanted: { qty: 3 }, error_status: 404 }), 30_000)
      sandbox.hub.upsertProducts([{ sku: "NAO-NO-HUB", qty: 0 }])
      await setStocked(4)
      await eventually(async () => expect(sandbox.hub.getProduct("NAO-NO-HUB")?.qty).toBe(4), 30_000)
      expect(await skuRefusals()).toHaveLength(1)
      sandbox.hub.removeProduct("NAO-NO-HUB")
      await setStocked(5)
      await eventually(async () => expect(await skuRefusals()).toHaveLength(2), 30_000)
      expect(new Set((await skuRefusals()).map((notice) => notice.data.description)).size).toBe(1)
    })

    it("tells the merchant of an order short of stock, and of canceled orders whose stock Medusa still reserves", async () => {
      const store = await seedStore(container, { products: [{ sku: "SKU-1", stocked: 10 }] })
      const short = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 12 }], customer: { ...sampleTestOrder().customer, email: "short@example.com" } }))
      const canceled = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }], customer: { ...sampleTestOrder().customer, email: "gone@example.com" } }))
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      sandbox.hub.marketplaceCancel(canceled.code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      // Something outside the plugin reserves for the canceled order again.
      const [record] = await (container.resolve(HUB_MODULE) as HubModuleService).listHubOrders({ code: canceled.code })
      const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "order", fields: ["items.id"], filters: { id: record.order_id } })
      await container.resolve(Modules.INVENTORY).createReservationItems([
        // The short order holds all of the location's stock already.
        { line_item_id: data[0].items[0].id, inventory_item_id: store.inventoryItemsBySku["SKU-1"], location_id: store.stockLocation.id, quantity: 1, allow_backorder: true },
      ])
      await reconcileCatalogue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      await reconcileCatalogue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))

      await eventually(async () => {
        const notices = await feed()
        expect(notices.filter((notice) => notice.data.title === `Marketplace order ${short.code} is short of stock`)).toHaveLength(1)
        const leaks = notices.filter((notice) => notice.data.title === "1 canceled marketplace order holds reserved stock")
        expect(leaks).toHaveLength(1)
        expect(leaks[0].data.description).toContain(canceled.code)
      }, 30_000)
    })

    it("tells the merchant once of a move the hub refused, and of a hub that has failed every request for minutes", async () => {
      await seedStore(container, { products: [{ sku: "SKU-1", stocked: 10 }] })
      const { code } = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      // A delivery of an order still NEW: the sandbox's strict rules refuse it (422).
      const refused = await api
        .post(`/admin/hub/orders/${encodeURIComponent(code)}/moves`, { kind: "deliver", delivery: { delivered_date: "2026-11-20T10:00:00-03:00" } }, headers)
        .catch((error: { response: { status: number } }) => error.response)
      expect(refused.status).toBe(422)

      // The hub answers 503 to everything: a request fails through its retries.
      const hubModule: HubModuleService = container.resolve(HUB_MODULE)
      sandbox.hub.setFaults({ errorRate: 1 })
      await expect(hubModule.account("default").orders.get(code)).rejects.toThrow()
      const failing = hubModule.account("default").figures().failing!
      expect(failing).not.toBeNull()
      // Not five minutes yet: nothing told.
      expect(await noticeHubOutage(container, "default")).toBe(false)
      // Told once an hour, however many processes and ticks see it (the threshold taken as reached).
      expect(await noticeHubOutage(container, "default", { afterMs: 0 })).toBe(true)
      expect(await noticeHubOutage(container, "default", { afterMs: 0 })).toBe(true)
      sandbox.hub.setFaults({})
      await hubModule.account("default").orders.get(code)
      expect(hubModule.account("default").figures().failing).toBeNull()
      expect(await noticeHubOutage(container, "default", { afterMs: 0 })).toBe(false)

      await eventually(async () => {
        const notices = await feed()
        const moves = notices.filter((notice) => notice.data.title === `The hub refused a delivery for marketplace order ${code}`)
        expect(moves).toHaveLength(1)
        expect(moves[0].data.description).toContain("cannot move to DELIVERED")
        expect(notices.filter((notice) => notice.data.title === "The marketplace hub is not answering")).toHaveLength(1)
      }, 30_000)
    })

    it("tells nothing with notifications: false (every notice goes through notifyMerchant)", async () => {
      const hubModule: HubModuleService = container.resolve(HUB_MODULE)
      const options = hubModule.hubOptions as { notifications: boolean }
      const before = (await feed()).length
      const notice = { account: "default", cause: "test:off", facts: { about: "set-aside" as const, code: "Loja Exemplo-99", reason: "a reason" } }
      options.notifications = false
      try {
        await notifyMerchant(container, notice)
        expect(await feed()).toHaveLength(before)
      } finally {
        options.notifications = true
      }
      // The same notice with them on: it is the option that kept it out.
      await notifyMerchant(container, notice)
      expect(await feed()).toHaveLength(before + 1)
    })

    it("writes the notices in the store's notificationLanguage: Portuguese (Brazil) with ptBR", async () => {
      const hubModule: HubModuleService = container.resolve(HUB_MODULE)
      const options = hubModule.hubOptions as { notificationLanguage: "en" | "ptBR" }
      expect(options.notificationLanguage).toBe("en")
      options.notificationLanguage = "ptBR"
      try {
        await notifyMerchant(container, { account: "default", cause: "test:ptBR", facts: { about: "sku-refused", sku: "SKU-PT", status: 422, message: "price must be positive", fields: ["price"] } })
      } finally {
        options.notificationLanguage = "en"
      }
      const [told] = (await feed()).filter((notice) => notice.data.title.includes("SKU-PT"))
      // The hub's words stay as the hub wrote them; the plugin's are Portuguese.
      expect(told.data).toEqual({
        title: "O hub recusou o SKU SKU-PT",
        description: "price must be positive (HTTP 422; retidos: price). Veja Hub de marketplaces > SKUs com erro.",
      })
    })
  },
})
