import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createInventoryLevelsWorkflow } from "@medusajs/medusa/core-flows"
import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import type { SandboxHub } from "../../src/sandbox"
import { adminHeaders } from "../helpers/admin"
import { eventually } from "../helpers/eventually"
import { addSalesChannelWithLocation, hubAccountsForStore } from "../helpers/hub-accounts"
import { productUpdatesFor, sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"
import { hubPriceRulesSchema } from "../../src/mapping/hub-price-rules"
import { flushCatalogueOutbox } from "../../src/sync/catalogue/catalogue-outbox"
import { applyPriceRulesChunk } from "../../src/sync/catalogue/price-rules"

jest.setTimeout(180_000)

/*
 * Marketplace prices (issue 41): each hub account's price rules make its hub's price from Medusa's
 * one price; saving rules sends exactly the SKUs whose hub price changed, on that account's hub alone.
 */
const BRAND_B_CHANNEL = "sc_01HUBPRICESB"
const accountHubs = hubAccountsForStore([{ id: "brand-b", salesChannelId: BRAND_B_CHANNEL }])
const sandbox = sandboxHubForStore({}, { HUB_CATALOGUE_FIELDS: "price,promotional_price,status" })

const SKUS = ["PR-CAM", "PR-CAL", "PR-CAN"] as const

type ApiAnswer = { status: number; data: any }

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let hubModule: HubModuleService
    let headers: Awaited<ReturnType<typeof adminHeaders>>
    let hubB: SandboxHub
    let store: Awaited<ReturnType<typeof seedStore>>
    let camisetas: string

    beforeEach(async () => {
      container = getContainer()
      hubModule = container.resolve(HUB_MODULE)
      hubB = accountHubs.get("brand-b")!
      for (const hub of [sandbox.hub, hubB]) {
        hub.reset()
        hub.upsertProducts(SKUS.map((sku) => ({ sku, qty: 0, price: 1 })))
      }
      store = await seedStore(container, { products: SKUS.map((sku) => ({ sku, stocked: 5, price: 100 })) })
      const location = await addSalesChannelWithLocation(container, { salesChannelId: BRAND_B_CHANNEL, name: "Marca B" })
      const link = container.resolve(ContainerRegistrationKeys.LINK)
      for (const sku of SKUS) {
        await link.create({ [Modules.PRODUCT]: { product_id: store.variantsBySku[sku].product_id }, [Modules.SALES_CHANNEL]: { sales_channel_id: BRAND_B_CHANNEL } })
      }
      await createInventoryLevelsWorkflow(container).run({
        input: { inventory_levels: SKUS.map((sku) => ({ inventory_item_id: store.inventoryItemsBySku[sku], location_id: location, stocked_quantity: 5 })) },
      })
      // A category tree: Roupas > Camisetas, the first SKU's product in Camisetas.
      const products = container.resolve(Modules.PRODUCT)
      const [roupas] = await products.createProductCategories([{ name: "Roupas", is_active: true }])
      const [camisetasCategory] = await products.createProductCategories([{ name: "Camisetas", is_active: true, parent_category_id: roupas.id }])
      camisetas = camisetasCategory.id
      await products.updateProducts(store.variantsBySku["PR-CAM"].product_id, { category_ids: [camisetas] })
      headers = await adminHeaders(container)
      await api.post("/admin/hub/stock/reconcile?account=default", { wait: true }, headers)
      await api.post("/admin/hub/stock/reconcile?account=brand-b", { wait: true }, headers)
      await eventually(() => {
        for (const hub of [sandbox.hub, hubB]) for (const sku of SKUS) expect(hub.getProduct(sku)).toMatchObject({ price: 100, promotional_price: 100 })
      })
      await eventually(async () => expect((await hubModule.account("default").records.catalogueFigures()).backlog + (await hubModule.account("brand-b").records.catalogueFigures()).backlog).toBe(0))
      sandbox.hub.resetRequestLog()
      hubB.resetRequestLog()
    })

    const saveRules = (account: string, rules: object): Promise<ApiAnswer> =>
      api.post(`/admin/hub/prices/rules?account=${account}`, rules, headers).catch((error: { response: ApiAnswer }) => error.response)
    // Every save applied to the catalogue (its walk over) and every change pushed, on both accounts.
    const settled = () =>
      eventually(async () => {
        for (const account of ["default", "brand-b"]) {
          const { records } = hubModule.account(account)
          expect(await records.settings.priceRulesProgress()).toBeNull()
          expect((await records.catalogueFigures()).backlog).toBe(0)
        }
      })
    const pricePuts = (sku: string) => sandbox.hub.requestLog().filter((entry) => entry.method === "PUT" && entry.path === `/products/${sku}` && JSON.stringify(entry.body ?? {}).includes(`"price"`))

    it("two accounts, one Medusa price: each hub gets its own rules' price; one account's rules never reach the other's hub", async () => {
      const saved = await saveRules("default", { markup_percent: 15, rounding: { kind: "ending", ending_cents: 90 } })
      expect(saved.status).toBe(200)
      expect(saved.data.rules).toMatchObject({ markup_percent: "15", rounding: { kind: "ending", ending_cents: 90 } })
      await eventually(() => {
        for (const sku of SKUS) expect(sandbox.hub.getProduct(sku)).toMatchObject({ price: 115.9, promotional_price: 115.9 })
      })
      await settled()
      // One request per SKU with the ruled prices (a stock change still settling may ride in it).
      const pricesSent = (sku: string) =>
        productUpdatesFor(sandbox.hub, sku).map((entry) => {
          const { price, promotional_price } = (entry.body as { product: Record<string, unknown> }).product
          return { price, promotional_price }
        })
      for (const sku of SKUS) expect(pricesSent(sku)).toEqual([{ price: 115.9, promotional_price: 115.9 }])
      // Brand B's hub may still be settling its own first sync; none of its requests carries default's price.
      expect(hubB.requestLog().filter((entry) => JSON.stringify(entry.body ?? {}).includes("115.9"))).toEqual([])
      for (const sku of SKUS) expect(hubB.getProduct(sku)).toMatchObject({ price: 100 })
      expect((await api.get("/admin/hub/prices/rules?account=brand-b", headers)).data.rules).toMatchObject({ markup_percent: "0" })
    })

    it("a category's rule: saving it sends exactly the SKUs whose hub price changed", async () => {
      await saveRules("default", { markup_percent: 10 })
      await eventually(() => expect(sandbox.hub.getProduct("PR-CAN")).toMatchObject({ price: 110 }))
      await settled()
      sandbox.hub.resetRequestLog()

      // Only Camisetas (under Roupas) changes: 19 % there, the default's 10 % elsewhere.
      await saveRules("default", { markup_percent: 10, categories: [{ category_id: camisetas, markup_percent: 19 }] })
      await eventually(() => expect(sandbox.hub.getProduct("PR-CAM")).toMatchObject({ price: 119 }))
      await settled()
      expect(sandbox.hub.requestLog().filter((entry) => entry.method === "PUT").map((entry) => entry.path)).toEqual(["/products/PR-CAM"])
      expect(sandbox.hub.getProduct("PR-CAL")).toMatchObject({ price: 110 })
      // The card names the rule that made each account's price: the category's on default, none on brand B.
      const card = await api.get(`/admin/hub/products/${store.variantsBySku["PR-CAM"].product_id}`, headers)
      const priceOn = (account: string) => card.data.publications.find((publication: { account: string }) => publication.account === account).prices[0]
      expect(priceOn("default")).toMatchObject({ hub_price: 119, medusa_price: 100, source: "region", rule: { kind: "category", category: "Camisetas" } })
      expect(priceOn("brand-b")).toMatchObject({ hub_price: 100, rule: { kind: "none" } })
    })

    it("says how far a save's walk went: how many SKUs while it goes, when it went through once it has", async () => {
      const saved = await saveRules("default", { markup_percent: 12 })
      expect(saved.status).toBe(200)
      // Answered at once: the walk has not begun, so nothing is said to have been applied.
      expect(saved.data).toMatchObject({ applying: { recorded: 0, skus: 3 }, applied: null })
      await settled()
      const after = await api.get("/admin/hub/prices/rules?account=default", headers)
      expect(after.data.applying).toBeNull()
      expect(after.data.applied).toEqual({ at: expect.any(String), skus: 3 })
    })

    it("a save is applied by a walk kept in PostgreSQL: a process killed after the save, or after a chunk, leaves the rest to the next flush, each SKU sent once", async () => {
      const { records } = hubModule.account("default")
      // The save's statement landed and the process died before its walk began.
      await records.settings.savePriceRules(hubPriceRulesSchema.parse({ markup_percent: 10 }))
      expect(await records.settings.priceRulesProgress()).toEqual({ recorded: 0, skus: 3 })
      // A walk of one chunk of two SKUs (in SKU order), then the process died again.
      expect(await applyPriceRulesChunk(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"), 2)).toMatchObject({ recorded: 2, done: false })
      expect(await records.settings.priceRulesProgress()).toEqual({ recorded: 2, skus: 3 })
      // The safety-net job's flush (any process) takes the walk up from there.
      await flushCatalogueOutbox(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      await settled()
      for (const sku of SKUS) {
        expect(sandbox.hub.getProduct(sku)).toMatchObject({ price: 110 })
        expect(pricePuts(sku)).toHaveLength(1)
      }
      // Brand B's hub may still be settling its own first sync; none of its requests carries default's price.
      expect(hubB.requestLog().filter((entry) => JSON.stringify(entry.body ?? {}).includes("110"))).toEqual([])
      for (const sku of SKUS) expect(hubB.getProduct(sku)).toMatchObject({ price: 100 })
    })

    it("a save made while a chunk is in flight starts the walk over: the older chunk cannot move the newer walk's place", async () => {
      const { records } = hubModule.account("default")
      await records.settings.savePriceRules(hubPriceRulesSchema.parse({ markup_percent: 10 }))
      const inFlight = await records.settings.priceRulesToApply(2)
      expect(inFlight?.skus).toEqual(["PR-CAL", "PR-CAM"])
      await records.settings.savePriceRules(hubPriceRulesSchema.parse({ markup_percent: 20 }))
      expect(await records.settings.advancePriceRules(inFlight!.version, "PR-CAM")).toBe(false)
      expect(await records.settings.priceRulesProgress()).toEqual({ recorded: 0, skus: 3 })
      await flushCatalogueOutbox(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      await settled()
      for (const sku of SKUS) expect(sandbox.hub.getProduct(sku)).toMatchObject({ price: 120 })
    })

    it("rules from a price list (a draft the shop never applies): its amount where it has one, the region's price elsewhere; an unknown list is a 400", async () => {
      const created = await api.post(
        "/admin/price-lists",
        { title: "Marketplace", description: "Prices for the hub", status: "draft", type: "override", prices: [{ variant_id: store.variantsBySku["PR-CAM"].id, amount: 130, currency_code: "brl" }] },
        headers
      )
      const listId: string = created.data.price_list.id
      const saved = await saveRules("default", { source: { kind: "price_list", price_list_id: listId }, markup_percent: 10 })
      expect(saved.status).toBe(200)
      await eventually(() => expect(sandbox.hub.getProduct("PR-CAM")).toMatchObject({ price: 143 }))
      await eventually(() => expect(sandbox.hub.getProduct("PR-CAL")).toMatchObject({ price: 110 }))
      await settled()
      // The shop's own price is untouched by the draft list.
      const card = await api.get(`/admin/hub/products/${store.variantsBySku["PR-CAM"].product_id}`, headers)
      expect(card.data.publications.find((publication: { account: string }) => publication.account === "default").prices[0]).toMatchObject({ medusa_price: 130, source: "price_list", hub_price: 143 })
      const unknown = await saveRules("default", { source: { kind: "price_list", price_list_id: "plist_NOSUCHLIST" } })
      expect(unknown.status).toBe(400)
      expect(unknown.data.message).toContain("source.price_list_id")
    })

    it("previews rules before saving them: each SKU's hub price now and after, the change and its steps, over the whole catalogue; nothing sent", async () => {
      const preview = await api.post("/admin/hub/prices/preview?account=default&limit=2", { markup_percent: -60 }, headers)
      expect(preview.data.summary).toEqual({ skus: 3, changing: 3, held: 0 })
      expect(preview.data.count).toBe(3)
      expect(preview.data.currency_code).toBe("brl")
      expect(preview.data.lines).toEqual([
        { sku: "PR-CAL", medusa_price: 100, hub_price: 100, price_after: 40, change_percent: -60, steps: 2, rule: { kind: "default" }, held: null, floor: null, unreadable_floor: null },
        { sku: "PR-CAM", medusa_price: 100, hub_price: 100, price_after: 40, change_percent: -60, steps: 2, rule: { kind: "default" }, held: null, floor: null, unreadable_floor: null },
      ])
      const floored = await api.post("/admin/hub/prices/preview?account=default", { floor: { kind: "amount", amount: 150 } }, headers)
      expect(floored.data.summary).toEqual({ skus: 3, changing: 0, held: 3 })
      expect(floored.data.lines[0]).toMatchObject({ price_after: null, held: "under_floor", floor: 150 })
      // Cost × factor: PR-CAM's cost is 80, 1.3 × 80 = 104 > 100 (held); the others have no cost: no floor.
      await container.resolve(Modules.PRODUCT).updateProductVariants(store.variantsBySku["PR-CAM"].id, { metadata: { cost: "80" } })
      const costed = await api.post("/admin/hub/prices/preview?account=default", { floor: { kind: "cost", key: "cost", factor: "1.3" } }, headers)
      expect(costed.data.summary).toEqual({ skus: 3, changing: 0, held: 1 })
      expect(costed.data.lines.find((line: { sku: string }) => line.sku === "PR-CAM")).toMatchObject({ held: "under_floor", floor: 104 })
      expect(sandbox.hub.requestLog().filter((entry) => entry.method === "PUT")).toEqual([])
      expect((await api.get("/admin/hub/prices/rules?account=default", headers)).data.rules).toMatchObject({ markup_percent: "0" })
    })

    it("a price under its floor is held, never sent, and the product card says so; bad rules are a 400 naming the field", async () => {
      await saveRules("default", { floor: { kind: "amount", amount: 150 } })
      await settled()
      expect(sandbox.hub.requestLog().filter((entry) => entry.method === "PUT" && JSON.stringify(entry.body).includes("price"))).toEqual([])
      expect(sandbox.hub.getProduct("PR-CAM")).toMatchObject({ price: 100 })
      const card = await api.get(`/admin/hub/products/${store.variantsBySku["PR-CAM"].product_id}`, headers)
      const onDefault = card.data.publications.find((publication: { account: string }) => publication.account === "default")
      expect(onDefault.currency_code).toBe("brl")
      expect(onDefault.prices).toEqual([expect.objectContaining({ sku: "PR-CAM", hub_price: 100, price: null, held: "under_floor", floor: 150 })])
      // The admin's feed tells it once: the walk's recording found the three held.
      const feed = async () => (await api.get("/admin/notifications?limit=100&fields=*", headers)).data.notifications as Array<{ data: { title: string; description: string } }>
      const held = async () => (await feed()).filter((notice) => notice.data.title.includes("held under their floor"))
      await eventually(async () => expect(await held()).toHaveLength(1))
      expect((await held())[0].data).toMatchObject({ title: "3 hub prices are held under their floor", description: expect.stringContaining("PR-CAL (floor 150.00), PR-CAM (floor 150.00), PR-CAN (floor 150.00)") })
      const bad = await saveRules("default", { markup_percent: "quinze" })
      expect(bad.status).toBe(400)
      expect(bad.data.message).toContain("markup_percent")
    })

    it("a floor read as merchants write it (issue 49): \"90,00\" is 90; one it cannot read (\"abc\") holds the price and the feed names the SKU and the value; a floor above the ceiling is a 400", async () => {
      const products = container.resolve(Modules.PRODUCT)
      const floors: Record<string, string> = { "PR-CAM": "abc", "PR-CAL": "90,00", "PR-CAN": "95,50" }
      for (const [sku, min_price] of Object.entries(floors)) await products.updateProductVariants(store.variantsBySku[sku].id, { metadata: { min_price } })
      // 100 - 7 % = 93: above PR-CAL's 90, under PR-CAN's 95,50; PR-CAM's floor cannot be read.
      const rules = { markup_percent: -7, floor: { kind: "metadata", key: "min_price" } }
      const preview = await api.post("/admin/hub/prices/preview?account=default", rules, headers)
      expect(preview.data.summary).toEqual({ skus: 3, changing: 1, held: 2 })
      const line = (sku: string) => preview.data.lines.find((found: { sku: string }) => found.sku === sku)
      expect(line("PR-CAM")).toMatchObject({ price_after: null, held: "floor_unreadable", floor: null, unreadable_floor: "abc" })
      expect(line("PR-CAL")).toMatchObject({ price_after: 93, held: null })
      expect(line("PR-CAN")).toMatchObject({ price_after: null, held: "under_floor", floor: 95.5 })

      expect((await saveRules("default", rules)).status).toBe(200)
      await eventually(() => expect(sandbox.hub.getProduct("PR-CAL")).toMatchObject({ price: 93 }))
      await settled()
      expect(pricePuts("PR-CAL")).toHaveLength(1)
      expect(pricePuts("PR-CAM")).toEqual([])
      expect(pricePuts("PR-CAN")).toEqual([])
      expect(sandbox.hub.getProduct("PR-CAM")).toMatchObject({ price: 100 })
      expect(sandbox.hub.getProduct("PR-CAN")).toMatchObject({ price: 100 })
      const card = await api.get(`/admin/hub/products/${store.variantsBySku["PR-CAM"].product_id}`, headers)
      const onDefault = card.data.publications.find((publication: { account: string }) => publication.account === "default")
      expect(onDefault.prices).toEqual([expect.objectContaining({ sku: "PR-CAM", hub_price: 100, price: null, held: "floor_unreadable", floor: null, unreadable_floor: "abc" })])
      // The feed names the SKU and the value it could not read (a variant's own recording may tell it apart first).
      const feed = async () => (await api.get("/admin/notifications?limit=100&fields=*", headers)).data.notifications as Array<{ data: { title: string; description: string } }>
      await eventually(async () => {
        const told = (await feed()).filter((notice) => notice.data.description.includes("PR-CAM"))
        expect(told).not.toEqual([])
        for (const notice of told) expect(notice.data.description).toContain('PR-CAM (floor "abc" cannot be read)')
        expect(told.some((notice) => notice.data.description.includes("PR-CAN (floor 95.50)"))).toBe(true)
      })

      const above = await saveRules("default", { floor: { kind: "amount", amount: 150 }, ceiling: 100 })
      expect(above.status).toBe(400)
      expect(above.data.message).toContain("floor.amount (150) must not be above the ceiling (100)")
      expect((await api.get("/admin/hub/prices/rules?account=default", headers)).data.rules).toMatchObject({ markup_percent: "-7" })
    })
  },
})
