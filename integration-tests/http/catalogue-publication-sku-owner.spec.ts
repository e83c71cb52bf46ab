import type { Knex } from "knex"
import { createProductVariantsWorkflow, updateProductsWorkflow } from "@medusajs/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { pushHubProductsWorkflow } from "../../src/workflows/catalogue/push-hub-products"
import { eventually } from "../helpers/eventually"
import { createHubProduct, type NewProduct } from "../helpers/publication-products"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(240_000)

/*
 * A hub SKU is reserved for one product per account before the hub is read or written (issue 50):
 * every SKU of the body, its variations' too, whatever state its publication is in; a variation added
 * to a product the hub holds already is reserved before it is sent (issue 60). The sandbox hub
 * over loopback HTTP; a failed push waits a minute, so a lost create stays unsettled until asked again.
 */
const sandbox = sandboxHubForStore({}, { HUB_PUBLISH_PRODUCTS: "true", HUB_CATALOGUE_LEASE_MS: "2000", HUB_CATALOGUE_RETRY_DELAY_MS: "60000" })

type Problems = Array<{ field: string; message: string }>

medusaIntegrationTestRunner({
  testSuite: ({ getContainer }) => {
    let container: MedusaContainer
    let hub: HubModuleService
    let store: Awaited<ReturnType<typeof seedStore>>

    const requests = (method: string, path: string) => sandbox.hub.requestLog().filter((entry) => entry.method === method && entry.path === path)
    const createProduct = (product: NewProduct) => createHubProduct(container, { salesChannelId: store.salesChannel.id, stockLocationId: store.stockLocation.id }, product)
    const publicationOf = async (productId: string) => (await hub.listHubProductPublications({ product_id: productId }))[0]
    // A round run here: the account's own flusher waits out the retry delay after a round that all failed.
    const publishUntil = (check: () => Promise<void>) =>
      eventually(async () => {
        await pushHubProductsWorkflow(container).run({ input: { account: "default" } }).catch(() => undefined)
        await check()
      })
    const heldBy = (sku: string, title: string, productId: string) => `${sku} is the hub product of another product of this store, "${title}" (${productId})`
    const configurable = (title: string, hubSku: string, skus: [string, string]): NewProduct => ({
      title,
      metadata: { hub_sku: hubSku },
      options: [{ title: "Cor", values: ["Azul", "Verde"] }],
      variants: [
        { sku: skus[0], stocked: 1, options: { Cor: "Azul" } },
        { sku: skus[1], stocked: 1, options: { Cor: "Verde" } },
      ],
    })

    beforeEach(async () => {
      container = getContainer()
      hub = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      sandbox.hub.setFaults({})
      store = await seedStore(container, { products: [] })
      sandbox.hub.resetRequestLog()
    })

    it("two products pushed in one round, one's hub SKU the other's variation SKU: one is published, the other not publishable naming it, and the hub gets one create", async () => {
      const kit = await createProduct({ ...configurable("Conjunto", "CONJ", ["CONJ-AZUL", "CONJ-VERDE"]), status: "draft" })
      const blue = await createProduct({ ...configurable("Conjunto azul", "CONJ-AZUL", ["AZUL-P", "AZUL-G"]), status: "draft" })
      // Published while nothing listened, so one round claims both (the first publication's sweep).
      await eventually(async () => expect(await hub.listHubProductPublications({ product_id: [kit, blue] })).toEqual([]))
      await container.resolve(ContainerRegistrationKeys.PG_CONNECTION).raw(`update product set status = 'published' where id = any(?)`, [[kit, blue]])
      expect(await hub.account("default").records.publications.mark([kit, blue], { onlyNew: true })).toBe(2)
      await publishUntil(async () => expect([(await publicationOf(kit)).state, (await publicationOf(blue)).state].sort()).toEqual(["not_publishable", "published"]))
      const kitHolds = (await publicationOf(kit)).state === "published"
      const [holder, title, other] = kitHolds ? [kit, "Conjunto", blue] : [blue, "Conjunto azul", kit]
      expect(await publicationOf(other)).toMatchObject({ accepted: null, linked: false })
      expect((await publicationOf(other)).problems as unknown as Problems).toEqual([{ field: "sku", message: expect.stringContaining(heldBy("CONJ-AZUL", title, holder)) }])
      expect(requests("POST", "/products")).toHaveLength(1)
      expect(sandbox.hub.getProduct(kitHolds ? "CONJ" : "CONJ-AZUL")?.name).toBe(title)
      expect(sandbox.hub.getProduct(kitHolds ? "CONJ-AZUL" : "CONJ")).toBeUndefined()
    })

    it("a product whose create answer was lost keeps its SKU: a second product with it never links to that hub product, and the first's retry publishes it", async () => {
      sandbox.hub.setFaults({ loseAnswerRate: 1 })
      const mug = await createProduct({ title: "Caneca", variants: [{ sku: "CANECA", stocked: 2 }] })
      await eventually(async () => expect(await publicationOf(mug)).toMatchObject({ outcome_unknown: true, accepted: null }))
      sandbox.hub.setFaults({})
      expect(sandbox.hub.getProduct("CANECA")?.name).toBe("Caneca")
      sandbox.hub.resetRequestLog()

      const set = await createProduct(configurable("Canecas em cores", "CANECA", ["CANECA-AZUL", "CANECA-VERDE"]))
      await publishUntil(async () => expect(await publicationOf(set)).toMatchObject({ state: "not_publishable", accepted: null, linked: false }))
      expect((await publicationOf(set)).problems as unknown as Problems).toEqual([{ field: "sku", message: expect.stringContaining(heldBy("CANECA", "Caneca", mug)) }])
      expect(requests("GET", "/products/CANECA")).toEqual([])

      // The lost create's own retry holds the SKU still: it reads the hub and takes the product it made.
      await hub.account("default").records.publications.ask(mug, { publishNow: true })
      await publishUntil(async () => expect(await publicationOf(mug)).toMatchObject({ state: "published", sku: "CANECA", outcome_unknown: false, linked: false }))
      await hub.account("default").records.publications.ask(set, { publishNow: true })
      await publishUntil(async () => expect(await publicationOf(set)).toMatchObject({ state: "not_publishable", due_at: null, accepted: null }))
      expect(sandbox.hub.getProduct("CANECA")).toMatchObject({ name: "Caneca" })
      expect(sandbox.hub.getProduct("CANECA")?.variations ?? []).toEqual([])
      expect(requests("POST", "/products/CANECA/variations")).toEqual([])
    })

    it("a variation added to a published product, its SKU another product's hub product: reserved before it is sent, so nothing is sent for it and the product is not publishable naming the holder; the rest of the edit goes", async () => {
      const green = await createProduct(configurable("Conjunto verde", "KIT-VERDE", ["VERDE-P", "VERDE-G"]))
      const kit = await createProduct({
        title: "Kit",
        metadata: { hub_sku: "KIT" },
        options: [{ title: "Cor", values: ["Azul", "Rosa", "Verde"] }],
        variants: [
          { sku: "KIT-AZUL", stocked: 1, options: { Cor: "Azul" } },
          { sku: "KIT-ROSA", stocked: 1, options: { Cor: "Rosa" } },
        ],
      })
      await publishUntil(async () => expect([(await publicationOf(green)).state, (await publicationOf(kit)).state]).toEqual(["published", "published"]))
      const greenOnHub = sandbox.hub.getProduct("KIT-VERDE")
      sandbox.hub.resetRequestLog()

      await createProductVariantsWorkflow(container).run({
        input: { product_variants: [{ product_id: kit, title: "Verde", sku: "KIT-VERDE", options: { Cor: "Verde" }, manage_inventory: true, prices: [{ currency_code: "brl", amount: 79.9 }] }] },
      })
      await updateProductsWorkflow(container).run({ input: { selector: { id: kit }, update: { title: "Kit novo" } } })
      await publishUntil(async () => {
        expect(await publicationOf(kit)).toMatchObject({ state: "not_publishable", sku: "KIT" })
        expect(sandbox.hub.getProduct("KIT")?.name).toBe("Kit novo")
      })
      const publication = await publicationOf(kit)
      expect(publication.problems as unknown as Problems).toEqual([{ field: "sku", message: expect.stringContaining(heldBy("KIT-VERDE", "Conjunto verde", green)) }])
      expect((publication.accepted as { variations: Array<{ sku: string }> }).variations.map((variation) => variation.sku).sort()).toEqual(["KIT-AZUL", "KIT-ROSA"])
      expect(requests("POST", "/products/KIT/variations")).toEqual([])
      expect(sandbox.hub.getProduct("KIT")?.variations?.map((variation) => variation.sku).sort()).toEqual(["KIT-AZUL", "KIT-ROSA"])
      expect(sandbox.hub.getProduct("KIT-VERDE")).toEqual(greenOnHub)
      const knex: Knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      expect(await knex("hub_sku_owner").where({ sku: "KIT-VERDE" }).whereNull("deleted_at").pluck("product_id")).toEqual([green])
    })

    it("two workers reserving one SKU for two products at the same moment: the unique index lets exactly one hold it", async () => {
      const { records } = hub.account("default")
      const knex: Knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const waiting = async () =>
        Number(
          (
            await knex.raw(`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%hub_sku_owner%'`)
          ).rows[0].n
        )
      for (const [first, second] of [
        [["RACE-1"], ["RACE-1"]],
        [["RACE-2", "RACE-3"], ["RACE-3", "RACE-2"]],
      ]) {
        // The table held still until both reservations wait on it, so they meet in PostgreSQL, not one after the other.
        const gate = await knex.transaction()
        let answers: Promise<Array<{ sku: string; productId: string } | null>>
        try {
          await gate.raw(`lock table hub_sku_owner in exclusive mode`)
          answers = Promise.all([records.takeHubSkus("prod_race_a", first, { keepOthers: true }), records.takeHubSkus("prod_race_b", second, { keepOthers: true })])
          await eventually(async () => expect(await waiting()).toBe(2))
        } finally {
          await gate.commit()
        }
        const [a, b] = await answers
        const holders = await knex("hub_sku_owner").whereIn("sku", first).select("sku", "product_id")
        expect(new Set(holders.map((row: { product_id: string }) => row.product_id)).size).toBe(1)
        expect(holders).toHaveLength(first.length)
        const winner = holders[0].product_id
        expect(winner === "prod_race_a" ? [a, b] : [b, a]).toEqual([null, { sku: [...first].sort()[0], productId: winner }])
        // Asked again, each gets the same answer: the holder's own reservation is idempotent.
        expect(await records.takeHubSkus(winner, first, { keepOthers: true })).toBeNull()
      }
    })
  },
})
