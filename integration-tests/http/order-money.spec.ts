import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { sampleTestOrder } from "../../src/sandbox"
import type { SandboxTestOrderInput } from "../../src/sandbox/records"
import { adminHeaders } from "../helpers/admin"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

const sandbox = sandboxHubForStore()

/** The order: 2 x 44.90, shipping 12.50, instalment interest 7.35, a discount of 10.00; the buyer paid 99.65. */
function marketplaceOrder(overrides: Partial<SandboxTestOrderInput> = {}): SandboxTestOrderInput {
  return {
    ...sampleTestOrder({ items: [{ id: "SKU-1", qty: 2, original_price: 49.9, special_price: 44.9 }], shipping_cost: 12.5, interest: 7.35 }),
    discount: 10,
    parcels: 3,
    ...overrides,
  }
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let hubModule: HubModuleService
    let headers: Awaited<ReturnType<typeof adminHeaders>>
    let store: Awaited<ReturnType<typeof seedStore>>

    beforeEach(async () => {
      container = getContainer()
      hubModule = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      sandbox.hub.upsertProducts([
        { sku: "SKU-1", qty: 10, name: "Camiseta", price: 49.9 },
        { sku: "SKU-2", qty: 10, name: "Boné", price: 35 },
      ])
      store = await seedStore(container, { products: [{ sku: "SKU-1", stocked: 10 }, { sku: "SKU-2", stocked: 10 }] })
      headers = await adminHeaders(container)
    })

    /** The Medusa order of a hub order as Medusa's own order page reads it (GET /admin/orders/:id). */
    async function medusaOrder(code: string) {
      const [record] = await hubModule.listHubOrders({ code })
      expect(record?.order_id).toBeTruthy()
      const fields = "+summary,+payment_collections.payments.data,+payment_collections.payments.refunds.*,+payment_collections.payments.refunds.refund_reason.*,+items.adjustments.*,+shipping_methods.adjustments.*,+credit_lines.*"
      const { data } = await api.get(`/admin/orders/${record.order_id}?fields=${fields}`, headers)
      return data.order
    }

    async function reserved(sku: string) {
      const [level] = await container.resolve(Modules.INVENTORY).listInventoryLevels({ inventory_item_id: store.inventoryItemsBySku[sku] })
      return Number(level.reserved_quantity)
    }

    it("imports the order at the total the buyer paid: items at their price, shipping, the interest as a line, the discount as adjustments", async () => {
      const hubOrder = sandbox.hub.createOrder(marketplaceOrder())
      expect(hubOrder.total_ordered).toBe(99.65)
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ imported: 1, set_aside: 0 })

      const order = await medusaOrder(hubOrder.code)
      expect(order.total).toBe(99.65)
      expect(order.discount_total).toBe(10)
      expect(order.shipping_total).toBe(12.5)
      expect(order.item_total).toBe(87.15)
      const goods = order.items.find((item: { variant_sku?: string }) => item.variant_sku === "SKU-1")
      expect(goods).toMatchObject({ quantity: 2, unit_price: 44.9, compare_at_unit_price: 49.9, discount_total: 10, total: 79.8 })
      expect(goods.adjustments).toEqual([expect.objectContaining({ code: "HUB_DISCOUNT", amount: 10 })])
      const interest = order.items.find((item: { variant_id?: string | null }) => !item.variant_id)
      expect(interest).toMatchObject({ title: "Juros do parcelamento", quantity: 1, unit_price: 7.35, total: 7.35, metadata: { hub_charge: "interest" } })
      // The interest is a charge: nothing reserved for it, the goods reserved as always.
      expect(await reserved("SKU-1")).toBe(2)
      expect(order.summary.pending_difference).toBe(99.65)
    })

    it("approved: records the payment the hub reports (99.65 captured, its method and instalments on the payment); the order owes nothing", async () => {
      const hubOrder = sandbox.hub.createOrder(marketplaceOrder())
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      sandbox.hub.marketplaceApprove(hubOrder.code)
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ updated: 1 })

      const order = await medusaOrder(hubOrder.code)
      expect(order.payment_status).toBe("captured")
      expect(order.payment_collections).toHaveLength(1)
      expect(order.payment_collections[0]).toMatchObject({ amount: 99.65, captured_amount: 99.65 })
      expect(order.payment_collections[0].payments[0].data).toMatchObject({
        hub_payments: [{ method: "credit_card", value: 99.65, parcels: 3, status: "approved" }],
      })
      expect(order.summary).toMatchObject({ paid_total: 99.65, pending_difference: 0 })
    })

    it("approved with a payment the hub reports below the total: Medusa records what was paid and shows the rest as owed", async () => {
      const hubOrder = sandbox.hub.createOrder(marketplaceOrder())
      sandbox.hub.marketplaceApprove(hubOrder.code)
      const approved = sandbox.hub.getOrder(hubOrder.code)!
      sandbox.hub.insertRawOrder({ ...approved, payments: [{ ...(approved.payments![0] as object), value: 90 }] })
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))

      const order = await medusaOrder(hubOrder.code)
      expect(order.payment_collections[0]).toMatchObject({ amount: 90, captured_amount: 90 })
      expect(order.summary).toMatchObject({ paid_total: 90, pending_difference: 9.65 })
    })

    it("sets aside an order whose parts do not add up to total_ordered, naming both figures; a one-cent rounding is taken up", async () => {
      const wrong = sandbox.hub.createOrder(marketplaceOrder())
      sandbox.hub.insertRawOrder({ ...sandbox.hub.getOrder(wrong.code)!, total_ordered: 109.65 })
      const rounded = sandbox.hub.createOrder(marketplaceOrder({ customer: { ...sampleTestOrder().customer, email: "cent@example.com" } }))
      sandbox.hub.insertRawOrder({ ...sandbox.hub.getOrder(rounded.code)!, total_ordered: 99.64 })
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ imported: 1, set_aside: 1 })

      const [setAside] = await hubModule.listHubOrders({ code: wrong.code })
      expect(setAside.import_state).toBe("set_aside")
      expect(setAside.set_aside_reason).toContain("total_ordered 109.65 is not what its parts add up to, 99.65")
      expect(setAside.set_aside_reason).toContain("items 89.80 + shipping_cost 12.50 + interest 7.35 - discount 10.00")
      expect(await reserved("SKU-1")).toBe(2)

      const order = await medusaOrder(rounded.code)
      expect(order.total).toBe(99.64)
      expect(order.discount_total).toBe(10.01)
    })

    it("a paid order the marketplace cancels: the refund recorded with the plugin's reason, the order balanced, the stock released", async () => {
      const hubOrder = sandbox.hub.createOrder(marketplaceOrder())
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      sandbox.hub.marketplaceApprove(hubOrder.code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      sandbox.hub.marketplaceCancel(hubOrder.code)
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ updated: 1 })

      const order = await medusaOrder(hubOrder.code)
      expect(order.status).toBe("canceled")
      expect(order.payment_status).toBe("refunded")
      const [refund] = order.payment_collections[0].payments[0].refunds
      expect(refund).toMatchObject({ amount: 99.65, note: expect.stringContaining("canceled") })
      expect(refund.refund_reason).toMatchObject({ code: "hub_order_canceled", label: "Marketplace order canceled" })
      expect(order.summary).toMatchObject({ paid_total: 99.65, refunded_total: 99.65, pending_difference: 0 })
      expect(await reserved("SKU-1")).toBe(0)

      // Followed again (a redelivery, another run): nothing refunded twice.
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ updated: 0 })
      expect((await medusaOrder(hubOrder.code)).payment_collections[0].payments[0].refunds).toHaveLength(1)
    })

    it("a marketplace order is found by its hub code in Medusa's order list, which shows the code as the order's number", async () => {
      const hubOrder = sandbox.hub.createOrder(marketplaceOrder())
      sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-2", qty: 1 }], customer: { ...sampleTestOrder().customer, email: "outro@example.com" } }))
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      const { data } = await api.get(`/admin/orders?q=${encodeURIComponent(hubOrder.code)}&fields=id,custom_display_id,display_id`, headers)
      expect(data.orders).toEqual([expect.objectContaining({ custom_display_id: hubOrder.code })])
    })

    it("an order without interest or discount is as before: its product lines only, no adjustment, the total its items and shipping", async () => {
      const hubOrder = sandbox.hub.createOrder(
        sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }, { id: "SKU-2", qty: 2 }], shipping_cost: 15.5, interest: 0 })
      )
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      sandbox.hub.marketplaceApprove(hubOrder.code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))

      const order = await medusaOrder(hubOrder.code)
      expect(order.items).toHaveLength(2)
      expect(order.items.flatMap((item: { adjustments?: unknown[] }) => item.adjustments ?? [])).toEqual([])
      expect(order.total).toBe(135.4)
      expect(order.discount_total).toBe(0)
      expect(order.summary).toMatchObject({ paid_total: 135.4, pending_difference: 0 })
    })
  },
})
