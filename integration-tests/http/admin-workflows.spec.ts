import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { sampleTestOrder } from "../../src/sandbox"
import {
  askHubProductPublicationWorkflow,
  placeHubTestOrderWorkflow,
  recordMarketplaceRefusalsWorkflow,
  saveHubFieldMappingWorkflow,
  saveHubPriceRulesWorkflow,
} from "../../src/workflows"
import { adminHeaders } from "../helpers/admin"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

/*
 * Every admin change runs a workflow (issue 51): a store's hook on it is called, and a hook that
 * throws fails the change, whose steps put back what they wrote.
 */
const sandbox = sandboxHubForStore({}, { HUB_PUBLISH_PRODUCTS: "true" })

// A store's hook handlers (README, Extending); `refusing` names the one that throws next.
const seen: Array<{ hook: string; data: unknown }> = []
const refusing = { hook: null as string | null }
const handler = (hook: string) => (data: unknown) => {
  seen.push({ hook, data })
  if (refusing.hook === hook) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `${hook}: the store says no`)
}
saveHubFieldMappingWorkflow.hooks.fieldMappingSaved(handler("fieldMappingSaved"))
saveHubPriceRulesWorkflow.hooks.priceRulesSaved(handler("priceRulesSaved"))
askHubProductPublicationWorkflow.hooks.productPublicationAsked(handler("productPublicationAsked"))
placeHubTestOrderWorkflow.hooks.hubTestOrderPlaced(handler("hubTestOrderPlaced"))
recordMarketplaceRefusalsWorkflow.hooks.marketplaceRefusalsRecorded(handler("marketplaceRefusalsRecorded"))

type ApiAnswer = { status: number; data: any }

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let headers: Awaited<ReturnType<typeof adminHeaders>>
    const post = (path: string, body: object): Promise<ApiAnswer> => api.post(path, body, headers).catch((error: { response: ApiAnswer }) => error.response)

    beforeEach(async () => {
      container = getContainer()
      sandbox.hub.reset()
      seen.length = 0
      refusing.hook = null
      headers = await adminHeaders(container)
    })

    it("saving the mapping: the hook sees it; a hook that throws leaves the mapping as it was, saved or not", async () => {
      const none = (await api.get("/admin/hub/mapping", headers)).data
      expect(none).toMatchObject({ saved: false })
      refusing.hook = "fieldMappingSaved"
      const refusedFirst = await post("/admin/hub/mapping", { brand: { kind: "fixed", value: "Marca A" } })
      expect(refusedFirst).toMatchObject({ status: 400, data: { message: expect.stringContaining("the store says no") } })
      expect((await api.get("/admin/hub/mapping", headers)).data).toEqual(none)

      refusing.hook = null
      const saved = await post("/admin/hub/mapping", { brand: { kind: "fixed", value: "Marca A" } })
      expect(saved).toMatchObject({ status: 200, data: { saved: true, mapping: { brand: { value: "Marca A" } } } })
      expect(seen).toContainEqual({ hook: "fieldMappingSaved", data: expect.objectContaining({ account: "default", products: saved.data.products, mapping: expect.objectContaining({ brand: { kind: "fixed", value: "Marca A" } }) }) })

      refusing.hook = "fieldMappingSaved"
      expect((await post("/admin/hub/mapping", { brand: { kind: "fixed", value: "Marca B" } })).status).toBe(400)
      expect((await api.get("/admin/hub/mapping", headers)).data).toMatchObject({ saved: true, mapping: { brand: { value: "Marca A" } } })
    })

    it("saving price rules: the hook sees them; a hook that throws puts the earlier rules back, or none", async () => {
      const none = (await api.get("/admin/hub/prices/rules", headers)).data
      refusing.hook = "priceRulesSaved"
      expect(await post("/admin/hub/prices/rules", { markup_percent: 10 })).toMatchObject({ status: 400, data: { message: expect.stringContaining("the store says no") } })
      expect((await api.get("/admin/hub/prices/rules", headers)).data).toEqual(none)

      refusing.hook = null
      const saved = await post("/admin/hub/prices/rules", { markup_percent: 10 })
      expect(saved).toMatchObject({ status: 200, data: { rules: { markup_percent: "10" } } })
      expect(seen).toContainEqual({ hook: "priceRulesSaved", data: { account: "default", rules: expect.objectContaining({ markup_percent: "10" }) } })

      refusing.hook = "priceRulesSaved"
      expect((await post("/admin/hub/prices/rules", { markup_percent: 20 })).status).toBe(400)
      expect((await api.get("/admin/hub/prices/rules", headers)).data.rules).toEqual(saved.data.rules)
    })

    it("publish now and exclusion: the hook sees each ask; a hook that throws leaves the product's exclusion as it was", async () => {
      const store = await seedStore(container, { products: [{ sku: "WF-1", stocked: 3 }] })
      const productId = store.variantsBySku["WF-1"].product_id
      const excluded = await post(`/admin/hub/products/${productId}/exclusion`, { excluded: true })
      expect(excluded).toMatchObject({ status: 200, data: { product: { product_id: productId, excluded: true } } })
      expect(seen).toContainEqual({ hook: "productPublicationAsked", data: { account: "default", productId, ask: { excluded: true } } })

      refusing.hook = "productPublicationAsked"
      expect((await post(`/admin/hub/products/${productId}/exclusion`, { excluded: false })).status).toBe(400)
      const { data } = await api.get(`/admin/hub/products?product_id=${productId}`, headers)
      expect(data.products).toEqual([expect.objectContaining({ product_id: productId, excluded: true })])

      refusing.hook = null
      expect(await post(`/admin/hub/products/${productId}/publish`, {})).toMatchObject({ status: 202, data: { product: { product_id: productId } } })
      expect(seen).toContainEqual({ hook: "productPublicationAsked", data: { account: "default", productId, ask: { publishNow: true } } })
    })

    it("a test order: the hook sees the order placed, as the route answers it", async () => {
      sandbox.hub.upsertProducts([{ sku: "WF-2", qty: 5, price: 10 }])
      const placed = await post("/admin/hub/test-orders", { order: sampleTestOrder({ items: [{ id: "WF-2", qty: 1 }] }), approve: true })
      expect(placed).toMatchObject({ status: 201, data: { hub_order: { account: "default", status: { code: "payment_received" } } } })
      expect(sandbox.hub.getOrder(placed.data.hub_order.code)?.status.type).toBe("APPROVED")
      expect(seen).toEqual([{ hook: "hubTestOrderPlaced", data: placed.data.hub_order }])
    })

    it("*Read now* of what the marketplaces refused: the hook sees the page's new refusals; a hook that throws leaves none recorded", async () => {
      sandbox.hub.reportSyncError({ entity: "products", entity_id: "WF-3", error_code: "ean_missing", error_category_code: "link_products", message: "EAN obrigatório" })
      refusing.hook = "marketplaceRefusalsRecorded"
      expect(await post("/admin/hub/marketplace-refusals/read", {})).toMatchObject({ status: 400, data: { message: expect.stringContaining("the store says no") } })
      expect((await api.get("/admin/hub/marketplace-refusals", headers)).data.count).toBe(0)

      refusing.hook = null
      expect((await post("/admin/hub/marketplace-refusals/read", {})).data.read).toMatchObject({ products: 1, added: 1 })
      expect(seen).toContainEqual({
        hook: "marketplaceRefusalsRecorded",
        data: { account: "default", entity: "products", added: [expect.objectContaining({ entityId: "WF-3", errorCode: "ean_missing" })] },
      })
      expect((await api.get("/admin/hub/marketplace-refusals", headers)).data).toMatchObject({ count: 1, marketplace_refusals: [expect.objectContaining({ entity_id: "WF-3" })] })
    })
  },
})
