import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  createInventoryLevelsWorkflow,
  createReservationsWorkflow,
  linkProductsToSalesChannelWorkflow,
} from "@medusajs/medusa/core-flows"
import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import { adminHeaders } from "../helpers/admin"
import { addSalesChannelWithLocation, hubAccountsForStore } from "../helpers/hub-accounts"
import { eventually, waitUntil } from "../helpers/eventually"
import { productUpdatesFor, sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

/*
 * The catalogue of a store with two hub accounts: `default` sells the store's default sales channel
 * (its distribution centre), `brand-b` its own channel with its own stock location. A SKU sold on both
 * channels is pushed to each hub with that channel's available quantity; each account's pushes go
 * through its own flusher, client and budget. Two sandbox hubs over loopback HTTP.
 */

const BRAND_B_CHANNEL = "sc_01BRANDB"
const accountHubs = hubAccountsForStore([{ id: "brand-b", salesChannelId: BRAND_B_CHANNEL }])
const sandbox = sandboxHubForStore()

type AxiosFailure = { response: { status: number; data: { message: string } } }

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let hub: HubModuleService
    let store: Awaited<ReturnType<typeof seedStore>>
    let brandBLocationId: string
    const hubA = () => sandbox.hub
    const hubB = () => accountHubs.get("brand-b")!

    beforeEach(async () => {
      container = getContainer()
      hub = container.resolve(HUB_MODULE)
      for (const sandboxHub of [hubA(), hubB()]) {
        sandboxHub.reset()
        sandboxHub.upsertProducts([
          { sku: "AMBOS", qty: 0 },
          { sku: "SO-A", qty: 0 },
        ])
      }
      // AMBOS sells on both channels; SO-A on the default one only.
      store = await seedStore(container, {
        products: [
          { sku: "AMBOS", stocked: 10 },
          { sku: "SO-A", stocked: 5 },
        ],
      })
      // Brand B's channel (the id its account names) with its own location, stocking AMBOS alone.
      brandBLocationId = await addSalesChannelWithLocation(container, { salesChannelId: BRAND_B_CHANNEL, name: "Marca B" })
      await createInventoryLevelsWorkflow(container).run({
        input: { inventory_levels: [{ inventory_item_id: store.inventoryItemsBySku["AMBOS"], location_id: brandBLocationId, stocked_quantity: 4 }] },
      })
      await linkProductsToSalesChannelWorkflow(container).run({ input: { id: BRAND_B_CHANNEL, add: [store.variantsBySku["AMBOS"].product_id as string] } })
      await expectOnHubs({ A: { AMBOS: 10, "SO-A": 5 }, B: { AMBOS: 4 } })
    })

    /** Each hub holds these quantities and neither account has anything left to send. */
    async function expectOnHubs(expected: { A: Record<string, number>; B: Record<string, number> }) {
      await eventually(async () => {
        for (const [sku, qty] of Object.entries(expected.A)) expect([sku, hubA().getProduct(sku)?.qty]).toEqual([sku, qty])
        for (const [sku, qty] of Object.entries(expected.B)) expect([sku, hubB().getProduct(sku)?.qty]).toEqual([sku, qty])
        expect(await hub.account("default").records.catalogueBacklog()).toBe(0)
        expect(await hub.account("brand-b").records.catalogueBacklog()).toBe(0)
      })
    }

    const setStocked = (locationId: string, stocked: number) =>
      container.resolve(Modules.INVENTORY).updateInventoryLevels([{ inventory_item_id: store.inventoryItemsBySku["AMBOS"], location_id: locationId, stocked_quantity: stocked }])

    it("a SKU sold on both channels goes to each hub with its own channel's available quantity; a SKU of one channel to its hub only", async () => {
      // Seeded in beforeEach: AMBOS 10 on hub A (the distribution centre), 4 on hub B (brand B's shop).
      expect(hubA().getProduct("AMBOS")?.qty).toBe(10)
      expect(hubB().getProduct("AMBOS")?.qty).toBe(4)
      // SO-A is not brand B's: its hub is never sent it, and brand B's outbox has no row of it.
      expect(productUpdatesFor(hubB(), "SO-A")).toEqual([])
      expect(hubB().getProduct("SO-A")?.qty).toBe(0)
      const rows = await hub.listHubCatalogueChanges({}, { select: ["account", "sku", "available_quantity", "state"] })
      expect(rows.map(({ account, sku, available_quantity, state }) => `${account} ${sku} ${available_quantity} ${state}`).sort()).toEqual([
        "brand-b AMBOS 4 sent",
        "default AMBOS 10 sent",
        "default SO-A 5 sent",
      ])
      // Each account's figures count its own pushes.
      const figuresB = await hub.account("brand-b").records.catalogueFigures()
      expect(figuresB).toMatchObject({ account: "brand-b", backlog: 0, skusInError: [] })
      expect(figuresB.pushesByHour.reduce((sum, hour) => sum + hour.sent, 0)).toBe(productUpdatesFor(hubB(), "AMBOS").filter((entry) => typeof entry.status === "number" && entry.status < 300).length)
    })

    it("a reservation at brand B's location lowers brand B's hub only", async () => {
      const putsOnA = productUpdatesFor(hubA(), "AMBOS").length
      await createReservationsWorkflow(container).run({
        input: { reservations: [{ inventory_item_id: store.inventoryItemsBySku["AMBOS"], location_id: brandBLocationId, quantity: 3 }] },
      })
      await expectOnHubs({ A: { AMBOS: 10 }, B: { AMBOS: 1 } })
      // Hub A's quantity did not change, so it was sent nothing.
      expect(productUpdatesFor(hubA(), "AMBOS")).toHaveLength(putsOnA)

      // And the default account's stock moves its hub only.
      const putsOnB = productUpdatesFor(hubB(), "AMBOS").length
      await setStocked(store.stockLocation.id, 7)
      await expectOnHubs({ A: { AMBOS: 7 }, B: { AMBOS: 1 } })
      expect(productUpdatesFor(hubB(), "AMBOS")).toHaveLength(putsOnB)
    })

    it("a SKU taken out of brand B's channel is zeroed on brand B's hub and stays on hub A", async () => {
      await linkProductsToSalesChannelWorkflow(container).run({ input: { id: BRAND_B_CHANNEL, remove: [store.variantsBySku["AMBOS"].product_id as string] } })
      await expectOnHubs({ A: { AMBOS: 10, "SO-A": 5 }, B: { AMBOS: 0 } })
    })

    it("a SKU renamed on a product both channels sell: each hub has the old SKU zeroed and the new one with its own channel's quantity", async () => {
      for (const sandboxHub of [hubA(), hubB()]) sandboxHub.upsertProducts([{ sku: "AMBOS-2", qty: 0 }])
      const variant = store.variantsBySku["AMBOS"]
      const headers = await adminHeaders(container)
      await api.post(`/admin/products/${variant.product_id}/variants/${variant.id}`, { sku: "AMBOS-2" }, headers)
      // Each account finds the SKU it last held from the variant named, and reads the new one itself.
      await expectOnHubs({ A: { AMBOS: 0, "AMBOS-2": 10 }, B: { AMBOS: 0, "AMBOS-2": 4 } })
      expect(productUpdatesFor(hubB(), "SO-A")).toEqual([])
    })

    it("brand B's reconciliation walks brand B's hub alone, under its own lock and figures; an unknown account is a 400 naming it", async () => {
      const headers = await adminHeaders(container)
      // Someone edits AMBOS on brand B's hub; hub A holds the truth.
      hubB().upsertProducts([{ sku: "AMBOS", qty: 99 }])
      const listingsOfA = hubA().requestLog().filter((entry) => entry.method === "GET" && entry.path === "/products").length
      const { data } = await api.post("/admin/hub/catalogue/reconcile?account=brand-b", { wait: true }, headers)
      // SO-A, a store product outside brand B's channel, is equal there (0): only AMBOS differs.
      expect(data.reconciliation).toMatchObject({ account: "brand-b", seen: 2, differing: 1, unknown: 0, error: null })
      await expectOnHubs({ A: { AMBOS: 10 }, B: { AMBOS: 4 } })
      expect(hubA().requestLog().filter((entry) => entry.method === "GET" && entry.path === "/products")).toHaveLength(listingsOfA)

      const catalogueB = (await api.get("/admin/hub/catalogue?account=brand-b", headers)).data
      expect(catalogueB.catalogue).toMatchObject({ account: "brand-b", lastReconciliation: { id: data.reconciliation.id, seen: 2, differing: 1, fixed: 1 } })
      expect(catalogueB.accounts).toEqual(["default", "brand-b"])
      expect((await api.get("/admin/hub/catalogue", headers)).data.catalogue).toMatchObject({ account: "default", lastReconciliation: null })

      for (const path of ["/admin/hub/catalogue?account=brand-x", "/admin/hub/catalogue/skus-in-error?account=brand-x"]) {
        const unknown = await api.get(path, headers).catch((error: AxiosFailure) => error.response)
        expect([path, unknown.status]).toEqual([path, 400])
        expect(unknown.data.message).toContain("no hub account brand-x in this store (its accounts: default, brand-b)")
      }
      const unknownRun = await api.post("/admin/hub/catalogue/reconcile?account=brand-x", { wait: true }, headers).catch((error: AxiosFailure) => error.response)
      expect(unknownRun.status).toBe(400)
      expect(unknownRun.data.message).toContain("no hub account brand-x")
    })

    it("a 429 storm on brand B's hub does not hold up the default account's pushes", async () => {
      // Every PUT to brand B's hub answers 429 with a 30 s Retry-After: its budget pauses.
      hubB().misbehave({ retryAfter: { seconds: 30, times: 1_000, bucket: "PUT /products" } })
      await setStocked(brandBLocationId, 6)
      await waitUntil("brand B's hub refusing a push for its rate limit", () =>
        productUpdatesFor(hubB(), "AMBOS").some((entry) => entry.status === 429)
      )
      // While brand B waits out its pause, a change of the default account's stock reaches hub A
      // before that pause is over: brand B has sent nothing since its one 429.
      await setStocked(store.stockLocation.id, 8)
      await eventually(() => expect(hubA().getProduct("AMBOS")?.qty).toBe(8), 15_000)
      const statusesOfB = productUpdatesFor(hubB(), "AMBOS").map((entry) => entry.status)
      expect(statusesOfB.slice(statusesOfB.indexOf(429))).toEqual([429])
      expect(hubB().getProduct("AMBOS")?.qty).toBe(4)
      expect(await hub.account("brand-b").records.catalogueBacklog()).toBe(1)
    })
  },
})
