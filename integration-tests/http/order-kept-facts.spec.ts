import type { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import { noticeShipBy } from "../../src/notifications/ship-by"
import { sampleTestOrder } from "../../src/sandbox"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { adminHeaders } from "../helpers/admin"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"
import { medusaIntegrationTestRunner } from "../helpers/test-runner"

jest.setTimeout(180_000)

/*
 * What the merchant needs from an order, kept (issue 57): the marketplace's own order number and the
 * ship-by date on the marketplace orders list (sorted by ship-by, searched by the number), Medusa's own
 * order search finding an order by that number, and the feed's ship-by notices on an injected clock.
 * The records' two fields are set here as the import writes them, so these tests read the list and the
 * notices whatever the sandbox's dates are; the import's own writing of them is order-import's.
 */

const sandbox = sandboxHubForStore()

/** A fixed moment the tests' deadlines are set around: no test reads the real clock. */
const T = Date.parse("2030-06-03T15:00:00.000Z")
const HOUR = 60 * 60_000

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let headers: Awaited<ReturnType<typeof adminHeaders>>
    const hub = () => container.resolve<HubModuleService>(HUB_MODULE)

    beforeEach(async () => {
      container = getContainer()
      sandbox.hub.reset()
      sandbox.hub.upsertProducts([{ sku: "SKU-1", qty: 50, name: "Camiseta", price: 59.9 }])
      await seedStore(container, { products: [{ sku: "SKU-1", stocked: 50 }] })
      headers = await adminHeaders(container)
    })

    /** `count` hub orders placed on the sandbox and imported (approved first when asked), their records in the order placed. */
    async function importedOrders(count: number, { approved = false } = {}) {
      const codes = Array.from({ length: count }, (_, index) =>
        sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }], customer: { ...sampleTestOrder().customer, email: `buyer${index}@example.com` } })).code
      )
      if (approved) codes.forEach((code) => sandbox.hub.marketplaceApprove(code))
      await runOrderImport(container, hub().account("default"))
      const records = await hub().listHubOrders({ code: codes })
      return codes.map((code) => records.find((record) => record.code === code)!)
    }

    /** Sets a record's marketplace number and dispatch deadline as the import writes them. */
    const keep = (id: string, remote_code: string | null, deadline: number | null) =>
      hub().updateHubOrders({ id, remote_code, expedition_limit_date: deadline === null ? null : new Date(deadline) })

    const codesOf = async (query: string) => {
      const { data } = await api.get(`/admin/hub/orders?${query}`, headers)
      return { codes: data.hub_orders.map((row: { code: string }) => row.code), rows: data.hub_orders, count: data.count }
    }

    it("lists the marketplace's number and the ship-by date, sorted by ship-by (none last) and searched by number or code", async () => {
      const [a, b, c] = await importedOrders(3)
      await keep(a.id, "MKT-300", T + 72 * HOUR)
      await keep(b.id, "MKT-100", T + 24 * HOUR)
      await keep(c.id, null, null)

      const soonest = await codesOf("order=expedition_limit_date")
      expect(soonest.codes).toEqual([b.code, a.code, c.code])
      expect(soonest.rows[0]).toMatchObject({ remote_code: "MKT-100", expedition_limit_date: new Date(T + 24 * HOUR).toISOString() })
      expect(soonest.rows[2]).toMatchObject({ remote_code: null, expedition_limit_date: null })
      expect((await codesOf("order=-expedition_limit_date")).codes).toEqual([a.code, b.code, c.code])
      // A page of it: the count is of all that match.
      expect(await codesOf("order=expedition_limit_date&limit=1&offset=1")).toMatchObject({ codes: [a.code], count: 3 })

      // Searched by a part of the marketplace's number, case aside, or of the hub code; LIKE's wildcards are plain characters.
      expect(await codesOf("q=mkt-1")).toMatchObject({ codes: [b.code], count: 1 })
      expect((await codesOf(`q=${encodeURIComponent(c.code)}`)).codes).toEqual([c.code])
      expect(await codesOf("q=%25")).toMatchObject({ codes: [], count: 0 })
      expect(await codesOf("q=MKT_")).toMatchObject({ codes: [], count: 0 })
      // The other filters still hold beside it.
      expect((await codesOf(`q=MKT&order_id=${a.order_id}`)).codes).toEqual([a.code])
      expect((await codesOf("q=MKT&import_state=set_aside")).codes).toEqual([])

      // An order the list does not know is refused, naming the field.
      const refused = await api.get("/admin/hub/orders?order=remote_code;drop", headers).catch((error: { response: { status: number; data: { message: string } } }) => error.response)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toContain("order")
    })

    it("finds a marketplace order from Medusa's own order search by the marketplace's number, leaving every other search to Medusa", async () => {
      const [a, b] = await importedOrders(2)
      await keep(a.id, "2000012345678", T)
      await keep(b.id, "2000099999999", T)
      const search = async (q: string, more = "") => {
        const { data } = await api.get(`/admin/orders?q=${encodeURIComponent(q)}&fields=id${more}`, headers)
        return data.orders.map((order: { id: string }) => order.id)
      }
      expect(await search("2000012345678")).toEqual([a.order_id])
      expect(await search(" 2000099999999")).toEqual([b.order_id])
      // Medusa's own search goes on as it was: the hub code (the order's custom_display_id), a miss.
      expect(await search(b.code)).toEqual([b.order_id])
      expect(await search("no-such-order")).toEqual([])
      // An id filter the caller gave still holds beside it.
      expect(await search("2000012345678", `&id[]=${b.order_id}`)).toEqual([])
      expect(await search("2000012345678", `&id[]=${a.order_id}&id[]=${b.order_id}`)).toEqual([a.order_id])
    })

    it("reads the number and the deadline the import kept from the hub's own answer: on the list, in Medusa's search, in the feed", async () => {
      const [order] = await importedOrders(1, { approved: true })
      // The sandbox answers as the real hub writes them: the marketplace's number under import_info, the deadline with its offset.
      const answered = sandbox.hub.getOrder(order.code) as unknown as { import_info: { remote_code: string }; expedition_limit_date: string }
      const deadline = Date.parse(answered.expedition_limit_date)
      expect(answered.import_info.remote_code).toBeTruthy()
      expect((await codesOf(`code=${encodeURIComponent(order.code)}`)).rows).toEqual([
        expect.objectContaining({ remote_code: answered.import_info.remote_code, expedition_limit_date: new Date(deadline).toISOString() }),
      ])
      const { data } = await api.get(`/admin/orders?q=${encodeURIComponent(answered.import_info.remote_code)}&fields=id`, headers)
      expect(data.orders.map((found: { id: string }) => found.id)).toEqual([order.order_id])
      expect(await noticeShipBy(container, hub().account("default"), { now: deadline - HOUR })).toEqual({ near: 1, passed: 0 })
      expect(await noticeShipBy(container, hub().account("default"), { now: deadline })).toEqual({ near: 0, passed: 1 })
    })

    it("tells the feed once while an order still to ship nears its ship-by date, and once it has passed, by the clock it is given", async () => {
      const [near, passed, later, newOne, shipped] = await importedOrders(5, { approved: true })
      await keep(near.id, "MKT-NEAR", T + 2 * HOUR)
      await keep(passed.id, "MKT-PASSED", T - HOUR)
      await keep(later.id, "MKT-LATER", T + 26 * HOUR)
      await keep(newOne.id, "MKT-NEW", T + HOUR)
      await keep(shipped.id, "MKT-SHIPPED", T + HOUR)
      // Not the merchant's to ship now: one not paid yet, one shipped.
      await hub().updateHubOrders({ id: newOne.id, status_type: "NEW" })
      await hub().updateHubOrders({ id: shipped.id, status_type: "SHIPPED" })
      const feed = async () => {
        const { data } = await api.get("/admin/notifications?limit=100&fields=*", headers)
        return (data.notifications as Array<{ data: { title: string; description: string } }>).map((notice) => notice.data.title).filter((title) => title.includes("MKT-"))
      }
      const account = hub().account("default")

      expect(await noticeShipBy(container, account, { now: T })).toEqual({ near: 1, passed: 1 })
      expect((await feed()).sort()).toEqual([
        `Marketplace order ${near.code} (marketplace number MKT-NEAR) must ship by Jun 3, 2030, 5:00 PM UTC`,
        `Marketplace order ${passed.code} (marketplace number MKT-PASSED) is past its ship-by date`,
      ].sort())
      // Again at the same moment, or a minute on: nothing new.
      await noticeShipBy(container, account, { now: T })
      await noticeShipBy(container, account, { now: T + 60_000 })
      expect(await feed()).toHaveLength(2)

      // Three hours on: the first has passed, the later one is within the 24 hours.
      expect(await noticeShipBy(container, account, { now: T + 3 * HOUR })).toEqual({ near: 1, passed: 2 })
      const titles = await feed()
      expect(titles).toHaveLength(4)
      expect(titles).toContain(`Marketplace order ${near.code} (marketplace number MKT-NEAR) is past its ship-by date`)
      expect(titles.filter((title) => title.includes("MKT-LATER"))).toEqual([`Marketplace order ${later.code} (marketplace number MKT-LATER) must ship by Jun 4, 2030, 5:00 PM UTC`])
      expect(titles.some((title) => title.includes("MKT-NEW") || title.includes("MKT-SHIPPED"))).toBe(false)

      // Shipped meanwhile: never told it passed. A deadline the hub moves is told anew.
      await hub().updateHubOrders({ id: later.id, status_type: "SHIPPED" })
      await keep(passed.id, "MKT-PASSED", T + 10 * HOUR)
      expect(await noticeShipBy(container, account, { now: T + 40 * HOUR })).toEqual({ near: 0, passed: 2 })
      const after = await feed()
      expect(after.filter((title) => title.includes("MKT-LATER"))).toHaveLength(1)
      expect(after.filter((title) => title.includes("MKT-PASSED"))).toHaveLength(2)
    })
  },
})
