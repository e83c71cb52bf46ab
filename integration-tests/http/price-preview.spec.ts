import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { deleteProductsWorkflow } from "@medusajs/medusa/core-flows"
import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import type { SandboxHub } from "../../src/sandbox"
import { hubPriceRulesSchema, type HubPriceRules, type HubPriceRulesInput } from "../../src/mapping/hub-price-rules"
import type { HubProductFields } from "../../src/mapping/hub-product"
import { ruledVariantPrices } from "../../src/queries/hub-prices"
import { previewCatalogue, previewLine, type PricePreviewLine } from "../../src/queries/price-preview"
import { adminHeaders } from "../helpers/admin"
import { eventually } from "../helpers/eventually"
import { addSalesChannelWithLocation, hubAccountsForStore } from "../helpers/hub-accounts"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(240_000)

/*
 * The price preview over the whole catalogue (issue 51: one statement and one price calculation per
 * chunk) answers what the walk applying saved rules reads through Query, SKU by SKU: on a catalogue
 * with region prices, a region's own price, sale and override price lists (one expired), a draft list
 * the rules start from, categories, floors the rules can and cannot read, a deleted product, and a
 * second account pricing in another currency.
 */
const USD_CHANNEL = "sc_01HUBPREVIEWUSD"
const USD_REGION = "reg_01HUBPREVIEWUSD"
const accountHubs = hubAccountsForStore([{ id: "brand-usd", salesChannelId: USD_CHANNEL, options: { regionId: USD_REGION } }])
const sandbox = sandboxHubForStore({}, { HUB_CATALOGUE_FIELDS: "price,promotional_price,status" })

/** Each SKU's BRL price, and what else it has. */
const CATALOGUE = {
  "PV-01": 100, // in Camisetas (under Roupas); floor "90,00"; 20 USD
  "PV-02": 100, // in Roupas; floor "abc" (unreadable)
  "PV-03": 59.99, // cost 40
  "PV-04": 100, // and 95 for the BRL region alone
  "PV-05": 200, // on an active sale at 150; 40 USD, on sale at 30 USD
  "PV-06": 80, // on a sale that ended
  "PV-07": 120, // in an active override list at 110
  "PV-08": 100, // 130 in the draft list; on sale at 90
  "PV-09": 100, // floor 5000.5 (a number)
  "PV-10": 100, // its product deleted once on the hub
} as const
const SKUS = Object.keys(CATALOGUE) as Array<keyof typeof CATALOGUE>
const ACCOUNTS = ["default", "brand-usd"] as const

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let hubModule: HubModuleService
    let hubUsd: SandboxHub
    let headers: Awaited<ReturnType<typeof adminHeaders>>
    let roupas: string
    let camisetas: string
    let draftList: string

    beforeEach(async () => {
      container = getContainer()
      hubModule = container.resolve(HUB_MODULE)
      hubUsd = accountHubs.get("brand-usd")!
      for (const hub of [sandbox.hub, hubUsd]) {
        hub.reset()
        hub.upsertProducts(SKUS.map((sku) => ({ sku, qty: 0, price: 1 })))
      }
      const store = await seedStore(container, { products: SKUS.map((sku) => ({ sku, stocked: 5, price: CATALOGUE[sku] })) })
      const variant = (sku: string) => store.variantsBySku[sku]
      await container.resolve(Modules.REGION).createRegions({ id: USD_REGION, name: "United States", currency_code: "usd", countries: ["us"] } as { name: string; currency_code: string })
      await addSalesChannelWithLocation(container, { salesChannelId: USD_CHANNEL, name: "USD" })
      const link = container.resolve(ContainerRegistrationKeys.LINK)
      for (const sku of SKUS) await link.create({ [Modules.PRODUCT]: { product_id: variant(sku).product_id }, [Modules.SALES_CHANNEL]: { sales_channel_id: USD_CHANNEL } })

      const products = container.resolve(Modules.PRODUCT)
      const [roupasCategory] = await products.createProductCategories([{ name: "Roupas", is_active: true }])
      const [camisetasCategory] = await products.createProductCategories([{ name: "Camisetas", is_active: true, parent_category_id: roupasCategory.id }])
      roupas = roupasCategory.id
      camisetas = camisetasCategory.id
      await products.updateProducts(variant("PV-01").product_id, { category_ids: [camisetas] })
      await products.updateProducts(variant("PV-02").product_id, { category_ids: [roupas] })
      const metadata: Record<string, Record<string, unknown>> = { "PV-01": { min_price: "90,00" }, "PV-02": { min_price: "abc" }, "PV-03": { cost: "40" }, "PV-09": { min_price: 5000.5 } }
      for (const [sku, values] of Object.entries(metadata)) await products.updateProductVariants(variant(sku).id, { metadata: values })

      const { data: priced } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "product_variant", fields: ["sku", "price_set.id"], filters: { id: SKUS.map((sku) => variant(sku).id) } })
      const priceSet = (sku: string) => priced.find((found) => found.sku === sku)!.price_set!.id
      const pricing = container.resolve(Modules.PRICING)
      await pricing.addPrices([
        { priceSetId: priceSet("PV-01"), prices: [{ currency_code: "usd", amount: 20 }] },
        { priceSetId: priceSet("PV-04"), prices: [{ currency_code: "brl", amount: 95, rules: { region_id: store.region.id } }] },
        { priceSetId: priceSet("PV-05"), prices: [{ currency_code: "usd", amount: 40 }] },
      ])

      headers = await adminHeaders(container)
      const priceList = async (body: object) => (await api.post("/admin/price-lists", { description: "Preview", ...body }, headers)).data.price_list.id as string
      const price = (sku: string, amount: number, currency_code = "brl") => ({ variant_id: variant(sku).id, amount, currency_code })
      await priceList({ title: "Sale", status: "active", type: "sale", prices: [price("PV-05", 150), price("PV-05", 30, "usd"), price("PV-08", 90)] })
      await priceList({ title: "Ended", status: "active", type: "sale", starts_at: "2020-01-01T00:00:00Z", ends_at: "2021-01-01T00:00:00Z", prices: [price("PV-06", 50)] })
      await priceList({ title: "Override", status: "active", type: "override", prices: [price("PV-07", 110)] })
      draftList = await priceList({ title: "Marketplace", status: "draft", type: "override", prices: [price("PV-08", 130), price("PV-03", 70)] })

      // Both accounts' outbox rows, as the hubs took them; then one product deleted (its row stays).
      await api.post("/admin/hub/stock/reconcile?account=default", { wait: true }, headers)
      await api.post("/admin/hub/stock/reconcile?account=brand-usd", { wait: true }, headers)
      await settled()
      await deleteProductsWorkflow(container).run({ input: { ids: [variant("PV-10").product_id] } })
      await settled()
    })

    // Every outbox of both accounts empty.
    const settled = () =>
      eventually(async () => {
        for (const account of ACCOUNTS) {
          const { records } = hubModule.account(account)
          expect(await records.settings.priceRulesProgress()).toBeNull()
          expect((await records.catalogueFigures()).backlog).toBe(0)
        }
      })

    /** The preview as the walk's reading makes it: the account's outbox rows, Medusa read through Query (`ruledVariantPrices`) for them all. */
    const throughQuery = async (account: string, rules: HubPriceRules): Promise<{ currencyCode: string | null; lines: PricePreviewLine[] }> => {
      const { options } = hubModule.account(account)
      const rows = await hubModule.listHubCatalogueChanges({ account }, { select: ["sku", "variant_id", "accepted"], order: { sku: "ASC" }, take: null })
      const { currencyCode, prices } = await ruledVariantPrices(container, rows.flatMap((row) => (row.variant_id ? [row.variant_id] : [])), options, rules)
      const limit = { limitPercent: options.priceCutLimitPercent, marginPercent: options.priceCutMarginPercent }
      const hubPrice = (accepted: unknown) => (accepted as HubProductFields | null)?.price ?? null
      return { currencyCode, lines: rows.map((row) => previewLine({ sku: row.sku, hub_price: hubPrice(row.accepted) }, row.variant_id ? prices.get(row.variant_id) : undefined, limit)) }
    }
    const summaryOf = (lines: PricePreviewLine[]) => ({ skus: lines.length, changing: lines.filter((line) => !line.held && line.steps > 0).length, held: lines.filter((line) => line.held).length })

    const ruleSets = (): Array<[string, HubPriceRulesInput]> => [
      ["categories, an ending, the metadata floor", { markup_percent: 12, categories: [{ category_id: camisetas, markup_percent: 20 }, { category_id: roupas, markup_percent: -55 }], rounding: { kind: "ending", ending_cents: 90 }, floor: { kind: "metadata", key: "min_price" } }],
      ["the draft list, the cost floor, a ceiling, the sale as Medusa's", { source: { kind: "price_list", price_list_id: draftList }, markup_percent: 5, floor: { kind: "cost", key: "cost", factor: "1.3" }, ceiling: "150", sale_follows_rules: false }],
      ["a cut of 60 % under an amount floor", { markup_percent: -60, fixed_amount: "-0.01", floor: { kind: "amount", amount: "45" } }],
    ]

    it("answers, line by line, what Query reads for the walk: every account, every rule set, in chunks of any size", async () => {
      for (const [name, input] of ruleSets()) {
        const rules = hubPriceRulesSchema.parse(input)
        for (const account of ACCOUNTS) {
          const expected = await throughQuery(account, rules)
          expect(expected.lines).toHaveLength(SKUS.length)
          for (const chunk of [1, 3, 5_000]) {
            const preview = await previewCatalogue(container, hubModule.account(account), rules, { limit: 100, offset: 0 }, chunk)
            expect({ name, account, chunk, ...preview }).toEqual({ name, account, chunk, currencyCode: expected.currencyCode, count: SKUS.length, lines: expected.lines, summary: summaryOf(expected.lines) })
          }
          // Over HTTP, in two pages, each rule in the merchant's words.
          const names = new Map([[camisetas, "Camisetas"], [roupas, "Roupas"]])
          const inWords = (line: PricePreviewLine) => ({ ...line, rule: line.rule === null ? null : line.rule === "default" ? { kind: "default" } : { kind: "category", category: names.get(line.rule) } })
          for (const [offset, limit] of [[0, 4], [4, 100]]) {
            const answer = (await api.post(`/admin/hub/prices/preview?account=${account}&limit=${limit}&offset=${offset}`, input, headers)).data
            expect(answer).toEqual({ account, currency_code: expected.currencyCode, count: SKUS.length, limit, offset, summary: summaryOf(expected.lines), lines: expected.lines.slice(offset, offset + limit).map(inWords) })
          }
        }
      }
      // The catalogue is what the comparison needs it to be: each source of a price, each reason to hold one.
      const brl = await throughQuery("default", hubPriceRulesSchema.parse(ruleSets()[0][1]))
      const line = (sku: string) => brl.lines.find((found) => found.sku === sku)
      expect(brl.lines.map((found) => [found.sku, found.medusa_price])).toEqual([
        ["PV-01", 100], ["PV-02", 100], ["PV-03", 59.99], ["PV-04", 95], ["PV-05", 200], ["PV-06", 80], ["PV-07", 110], ["PV-08", 100], ["PV-09", 100], ["PV-10", null],
      ])
      expect(line("PV-01")).toMatchObject({ held: null, price_after: 120.9, rule: camisetas })
      expect(line("PV-02")).toMatchObject({ held: "floor_unreadable", unreadable_floor: "abc" })
      expect(line("PV-09")).toMatchObject({ held: "under_floor", floor: 5000.5 })
      expect(line("PV-10")).toMatchObject({ held: "no_price" })
      const listed = await throughQuery("default", hubPriceRulesSchema.parse(ruleSets()[1][1]))
      expect(listed.lines.find((found) => found.sku === "PV-08")).toMatchObject({ medusa_price: 130, price_after: 136.5 })
      const usd = await throughQuery("brand-usd", hubPriceRulesSchema.parse(ruleSets()[0][1]))
      expect(usd.currencyCode).toBe("usd")
      expect(usd.lines.filter((found) => found.medusa_price !== null).map((found) => found.sku)).toEqual(["PV-01", "PV-05"])
    })

    it("what the preview says would be sent is what the walk sends once the rules are saved", async () => {
      const input = ruleSets()[0][1]
      const { lines } = (await api.post("/admin/hub/prices/preview?account=default&limit=100", input, headers)).data as { lines: PricePreviewLine[] }
      expect((await api.post("/admin/hub/prices/rules?account=default", input, headers)).status).toBe(200)
      await settled()
      for (const line of lines) {
        // A price held, or none in the region, leaves the hub's as it was.
        const onHub = sandbox.hub.getProduct(line.sku)
        expect({ sku: line.sku, price: onHub?.price }).toEqual({ sku: line.sku, price: line.price_after ?? line.hub_price })
      }
    })
  },
})
