import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createApiKeysWorkflow, linkSalesChannelsToApiKeyWorkflow } from "@medusajs/medusa/core-flows"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { adminHeaders } from "../helpers/admin"
import { importTestOrder } from "../helpers/hub-order-import"
import { postLargeJson } from "../helpers/large-post"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(240_000)

/*
 * What the store's public side may not do (issue 50, Medium): a storefront customer writes a cart's
 * metadata, and completing the cart copies it onto the order, so a `hub_*` key there must neither pass
 * the store API nor, on an order that holds one anyway (placed before this version, or written by the
 * admin), make the import take that order for the hub's. And an upload nobody logged in for costs the
 * store nothing: the invoice-XML route reads its body after the admin's authentication, capped.
 */
const sandbox = sandboxHubForStore()

type ApiAnswer = { status: number; data: any }

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let hubModule: HubModuleService
    let store: Awaited<ReturnType<typeof seedStore>>
    let storeHeaders: { headers: Record<string, string> }

    beforeEach(async () => {
      container = getContainer()
      hubModule = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      sandbox.hub.upsertProducts([{ sku: "SKU-1", qty: 10, name: "Camiseta", price: 59.9 }])
      store = await seedStore(container, { products: [{ sku: "SKU-1", stocked: 10 }] })
      const { result: keys } = await createApiKeysWorkflow(container).run({ input: { api_keys: [{ title: "Loja", type: "publishable", created_by: "test" }] } })
      await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: keys[0].id, add: [store.salesChannel.id] } })
      storeHeaders = { headers: { "x-publishable-api-key": keys[0].token } }
    })

    const post = (path: string, body: object, headers = storeHeaders): Promise<ApiAnswer> =>
      api.post(path, body, headers).catch((error: { response?: ApiAnswer }) => {
        if (!error.response) throw error
        return error.response
      })

    async function ok(path: string, body: object, headers = storeHeaders) {
      const answer = await post(path, body, headers)
      if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.data)}`)
      return answer.data
    }

    /** A customer's cart of one SKU-1 with its shipping and a system payment session, through the store API, completed. */
    async function customerOrder(metadata: Record<string, unknown> = {}) {
      const { cart } = await ok("/store/carts", {
        region_id: store.region.id,
        email: "cliente@example.com",
        items: [{ variant_id: store.variantsBySku["SKU-1"].id, quantity: 1 }],
        shipping_address: { first_name: "Cli", last_name: "Ente", address_1: "Rua A 1", city: "São Paulo", postal_code: "01310100", country_code: "br" },
        metadata,
      })
      await ok(`/store/carts/${cart.id}/shipping-methods`, { option_id: store.shippingOption.id })
      const { payment_collection } = await ok("/store/payment-collections", { cart_id: cart.id })
      await ok(`/store/payment-collections/${payment_collection.id}/payment-sessions`, { provider_id: "pp_system_default" })
      const completed = await ok(`/store/carts/${cart.id}/complete`, {})
      expect(completed.type).toBe("order")
      return { cartId: cart.id as string, order: completed.order as { id: string; metadata: Record<string, unknown> | null } }
    }

    it("refuses hub_* metadata keys through the store's cart routes with a 400 naming the field; other metadata passes", async () => {
      const { code } = sandbox.hub.createOrder(importTestOrder([{ id: "SKU-1", qty: 1 }]))
      const created = await post("/store/carts", { region_id: store.region.id, metadata: { hub_order_code: code } })
      expect(created.status).toBe(400)
      expect(created.data.message).toContain("metadata.hub_order_code")

      const { cart } = await ok("/store/carts", { region_id: store.region.id, metadata: { gift: true } })
      expect(cart.metadata).toEqual({ gift: true })
      for (const [path, body, field] of [
        [`/store/carts/${cart.id}`, { metadata: { hub_account: "default" } }, "metadata.hub_account"],
        [`/store/carts/${cart.id}/line-items`, { variant_id: store.variantsBySku["SKU-1"].id, quantity: 1, metadata: { HUB_order_code: code } }, "metadata.HUB_order_code"],
        ["/store/carts", { region_id: store.region.id, items: [{ variant_id: store.variantsBySku["SKU-1"].id, quantity: 1, metadata: { hub_x: 1 } }] }, "items.0.metadata.hub_x"],
      ] as Array<[string, object, string]>) {
        const answer = await post(path, body)
        expect([path, answer.status]).toEqual([path, 400])
        expect([path, answer.data.message]).toEqual([path, expect.stringContaining(field)])
      }
      const { cart: after } = (await api.get(`/store/carts/${cart.id}`, storeHeaders)).data
      expect(after.metadata).toEqual({ gift: true })
      expect(after.items ?? []).toEqual([])
    })

    it("imports a hub order as its own Medusa order when a customer's order, placed through the store API, says its code in its metadata", async () => {
      const hubOrder = sandbox.hub.createOrder(importTestOrder([{ id: "SKU-1", qty: 2 }]))
      const { order: customers } = await customerOrder()
      // What the store API no longer lets through, as an order placed before it refused it holds it (written here by the admin API).
      const { headers } = await adminHeaders(container)
      await ok(`/admin/orders/${customers.id}`, { metadata: { hub_order_code: hubOrder.code } }, { headers })

      const summary = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(summary).toMatchObject({ imported: 1, set_aside: 0 })
      const [record] = await hubModule.listHubOrders({ code: hubOrder.code })
      expect(record).toMatchObject({ import_state: "imported" })
      expect(record.order_id).not.toBe(customers.id)
      const [own] = await container.resolve(Modules.ORDER).listOrders({ id: record.order_id! }, { relations: ["items"] })
      expect(own).toMatchObject({ email: "ana.souza@example.com", metadata: expect.objectContaining({ hub_order_code: hubOrder.code }) })
      expect(own.items!.filter((item) => item.variant_id).map((item) => [item.variant_sku, Number(item.quantity)])).toEqual([["SKU-1", 2]])
      // The customer's order is left as it was: no hub record points at it, nothing reserved for the hub's lines on it.
      expect(await hubModule.listHubOrders({ order_id: customers.id })).toEqual([])
      const [customersAfter] = await container.resolve(Modules.ORDER).listOrders({ id: customers.id }, { relations: ["items"] })
      expect(customersAfter.items!.map((item) => Number(item.quantity))).toEqual([1])
      const reservations = await container.resolve(Modules.INVENTORY).listReservationItems({ inventory_item_id: store.inventoryItemsBySku["SKU-1"] })
      expect(reservations.map((reservation) => Number(reservation.quantity)).sort()).toEqual([1, 2])
    })

    it("answers an unauthenticated 23 MB invoice-XML upload 401 before reading it, and an authenticated one past invoiceXmlMaxBytes 413 naming the limit", async () => {
      const url = `${api.defaults.baseURL}/admin/hub/orders/Loja-1/invoice-xml`
      const unauthenticated = await postLargeJson(url, { bytes: 23 * 1024 * 1024 })
      expect([401, 413]).toContain(unauthenticated.status)

      const { headers } = await adminHeaders(container)
      // The default invoiceXmlMaxBytes, 1,000,000, takes a body of at most 2,004,096 bytes as JSON escapes it.
      for (const chunked of [false, true]) {
        const over = await postLargeJson(url, { bytes: 2_004_097, headers, chunked })
        expect([chunked, over.status]).toEqual([chunked, 413])
        expect(JSON.parse(over.text)).toMatchObject({ message: expect.stringContaining("invoiceXmlMaxBytes"), problem: "too_large" })
      }
      // At the cap the body is read, and the XML is what is refused (too large, and not an NF-e).
      const within = await postLargeJson(url, { bytes: 2_004_096, headers })
      expect(within.status).toBe(400)
      expect(JSON.parse(within.text)).toMatchObject({ problem: "too_large" })
      const notJson = await post("/admin/hub/orders/Loja-1/invoice-xml", "xml=1" as never, { headers: { ...headers, "content-type": "text/plain" } })
      expect(notJson.status).toBe(400)
      expect(notJson.data.message).toContain("content-type")
    })
  },
})
