import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import { resolveHubOrderTarget } from "../../src/queries/hub-order-target"
import { hubStockLocations } from "../../src/queries/hub-stock-locations"
import type HubModuleService from "../../src/modules/hub/service"
import { type SandboxHub, sandboxAccountCredentials, startSandboxHub } from "../../src/sandbox"
import { adminHeaders } from "../helpers/admin"
import { sandboxHubForStore } from "../helpers/sandbox-store"

jest.setTimeout(120_000)

/*
 * A store with two hub accounts (option `accounts`, HUB_ACCOUNTS in the development store): each has
 * its own hub client, credentials and budget, and the admin reads each one's connection by id. Two
 * sandbox hubs over loopback HTTP, one per account.
 */

const second: { hub?: SandboxHub } = {}
beforeAll(async () => {
  second.hub = await startSandboxHub({ credentials: sandboxAccountCredentials("brand-b") })
  process.env.HUB_ACCOUNTS = JSON.stringify([{ id: "brand-b", baseUrl: second.hub.url, ...second.hub.credentials, salesChannelId: "sc_01BRANDB" }])
})
afterAll(async () => {
  delete process.env.HUB_ACCOUNTS
  await second.hub?.stop()
})
const sandbox = sandboxHubForStore()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    describe("several hub accounts", () => {
      it("each account has its own client: its requests go to its own hub, with its own credentials, counted apart", async () => {
        const hub: HubModuleService = getContainer().resolve(HUB_MODULE)
        expect(hub.accountIds).toEqual(["default", "brand-b"])
        await hub.account("brand-b").orders.statuses()
        expect(second.hub!.requestLog().filter((entry) => entry.path === "/statuses").map((entry) => entry.status)).toEqual([200])
        expect(sandbox.hub.requestLog().filter((entry) => entry.path === "/statuses")).toEqual([])
        expect(hub.account("brand-b").figures().byEndpoint["GET /statuses"].answers["200"]).toBe(1)
        expect(hub.account("default").figures().byEndpoint["GET /statuses"]).toBeUndefined()
      })

      it("the admin reads each account's connection and hourly traffic by id, never a credential; an unknown id is a 400 naming it", async () => {
        const headers = await adminHeaders(getContainer())
        const own = await api.get("/admin/hub/connection", headers)
        expect(own.data).toMatchObject({ connection: { account: "default", hubOrigin: new URL(sandbox.hub.url).origin }, accounts: ["default", "brand-b"] })
        const b = await api.get("/admin/hub/connection?account=brand-b", headers)
        expect(b.data.connection).toMatchObject({ account: "brand-b", hubOrigin: new URL(second.hub!.url).origin, sandbox: true })
        const body = JSON.stringify([own.data, b.data])
        for (const secret of [...Object.values(sandbox.hub.credentials), ...Object.values(second.hub!.credentials)]) expect(body).not.toContain(secret)

        const unknown = await api.get("/admin/hub/connection?account=brand-x", headers).catch((error: { response: { status: number; data: { message: string } } }) => error.response)
        expect(unknown.status).toBe(400)
        expect(unknown.data.message).toContain("account: no hub account brand-x in this store (its accounts: default, brand-b)")
        const traffic = async (account: string) => (await api.get(`/admin/hub/traffic?account=${account}`, headers)).data.traffic as Array<{ endpoint: string; requests: number }>
        expect((await traffic("brand-b")).filter((row) => row.endpoint === "GET /statuses").map((row) => row.requests)).toEqual([1])
        expect((await traffic("default")).filter((row) => row.endpoint === "GET /statuses")).toEqual([])
        const unknownTraffic = await api.get("/admin/hub/traffic?account=brand-x", headers).catch((error: { response: { status: number; data: { message: string } } }) => error.response)
        expect(unknownTraffic.status).toBe(400)
        expect(unknownTraffic.data.message).toContain("no hub account brand-x")
        const malformed = await api.get("/admin/hub/connection?account=Brand%20X", headers).catch((error: { response: { status: number; data: { message: string } } }) => error.response)
        expect(malformed.status).toBe(400)
        expect(malformed.data.message).toContain("account must be the id of one of the store's hub accounts")
      })

      it("an account naming the store's default sales channel and one naming none sell one channel: both are stopped, naming each other", async () => {
        const container = getContainer()
        const hub: HubModuleService = container.resolve(HUB_MODULE)
        const salesChannels = container.resolve(Modules.SALES_CHANNEL)
        const storeModule = container.resolve(Modules.STORE)
        const [store] = await storeModule.listStores({}, { select: ["id", "default_sales_channel_id"] })
        // brand-b names sc_01BRANDB and default names none: make sc_01BRANDB the store's default channel.
        await salesChannels.createSalesChannels({ id: "sc_01BRANDB", name: "Brand B" } as never)
        await storeModule.updateStores(store.id, { default_sales_channel_id: "sc_01BRANDB" })
        try {
          for (const account of ["default", "brand-b"]) {
            const { options } = hub.account(account)
            await expect(hubStockLocations(container, options)).rejects.toThrow("default and brand-b both sell sales channel sc_01BRANDB")
            await expect(resolveHubOrderTarget(container, options)).rejects.toThrow("the store's default sales channel")
          }
        } finally {
          await storeModule.updateStores(store.id, { default_sales_channel_id: store.default_sales_channel_id })
        }
        // Back on channels of their own, each account reads its own again.
        expect((await hubStockLocations(container, hub.account("default").options)).salesChannelId).toBe(store.default_sales_channel_id)
        expect((await hubStockLocations(container, hub.account("brand-b").options)).salesChannelId).toBe("sc_01BRANDB")
      })

      it("each account's runs are its own: begun, held and ended through its records, none writes the other's", async () => {
        const hub: HubModuleService = getContainer().resolve(HUB_MODULE)
        const [a, b] = [hub.account("default").records.runs, hub.account("brand-b").records.runs]
        const hour = 3_600_000
        const runId = await a.beginImportRun("listing", new Date(Date.now() + hour))
        const reconciliationId = await a.beginCatalogueReconciliation()
        expect((await a.importRunHistory({ limit: 10, offset: 0 })).lines.map((line) => line.id)).toEqual([runId])
        expect((await b.importRunHistory({ limit: 10, offset: 0 })).count).toBe(0)
        // A reconciliation just begun is what the schedule reads: not due for its account, due for the other.
        expect(await a.isCatalogueReconciliationDue()).toBe(false)
        expect(await b.isCatalogueReconciliationDue()).toBe(true)
        expect(await a.isQueueListingDue(new Date())).toBe(false)
        expect(await b.isQueueListingDue(new Date())).toBe(true)

        // The other account's records, given these ids, write nothing.
        await b.holdImportRun(runId, new Date(Date.now() + 2 * hour))
        await b.endCatalogueReconciliation(reconciliationId, { error: "not mine", leakedOrders: 9, warehouses: {} })
        const [run] = await hub.listHubImportRuns({ id: runId })
        const [reconciliation] = await hub.listHubCatalogueReconciliations({ id: reconciliationId })
        expect(run.held_until!.getTime()).toBeLessThan(Date.now() + 1.5 * hour)
        expect(reconciliation).toMatchObject({ finished_at: null, error: null, leaked_orders: 0 })

        // Its own do; a finished run's lease is not moved on by a hold that comes after its end.
        await a.endCatalogueReconciliation(reconciliationId, { error: null, leakedOrders: 2, warehouses: { "02": { seen: 5, differing: 1 } } })
        expect((await hub.listHubCatalogueReconciliations({ id: reconciliationId }))[0]).toMatchObject({ error: null, leaked_orders: 2, warehouses: { "02": { seen: 5, differing: 1 } } })
        expect((await hub.listHubCatalogueReconciliations({ id: reconciliationId }))[0].finished_at).not.toBeNull()
        const later = new Date(Date.now() + 2 * hour)
        await a.holdImportRun(runId, later)
        expect((await hub.listHubImportRuns({ id: runId }))[0].held_until!.getTime()).toBe(later.getTime())
        await hub.finishHubImportRun(runId, { seen: 0, duration_ms: 1, error: null, drained: false }, { imported: 0, updated: 0, set_aside: 0 })
        await a.holdImportRun(runId, new Date(Date.now() + 3 * hour))
        expect((await hub.listHubImportRuns({ id: runId }))[0].held_until!.getTime()).toBeLessThanOrEqual(later.getTime())
      })

      it("each account's moves are its own: an order's history, the moves to settle, record again or send again, a recording's error, none reads or writes the other's", async () => {
        const hub: HubModuleService = getContainer().resolve(HUB_MODULE)
        const [a, b] = [hub.account("default").records.moves, hub.account("brand-b").records.moves]
        // The same order code on both hubs.
        const claim = async (account: string, hubOrderId: string, kind: string, claimKey?: string) =>
          (await hub.claimHubOrderMove({ account, hubOrderId, code: "70001", kind, request: { kind }, claimKey }))!.id
        const since = new Date(Date.now() - 60_000)

        // A card move of each whose answer was lost: each account's history and its moves to settle hold its own.
        const [lostA, lostB] = [await claim("default", "hubord_a", "ship"), await claim("brand-b", "hubord_b", "ship")]
        await hub.finishHubOrderMove(lostA, { state: "unknown" }, null)
        await hub.finishHubOrderMove(lostB, { state: "unknown" }, null)
        expect((await a.ofOrder("70001", 50)).map((move) => move.id)).toEqual([lostA])
        expect((await a.unknown(10)).map((move) => move.id)).toEqual([lostA])
        expect((await b.unknown(10)).map((move) => move.id)).toEqual([lostB])

        // A card move the hub took, not recorded in Medusa yet: to record again in its account only; the other's records write nothing.
        const taken = await claim("default", "hubord_a", "deliver")
        await hub.finishHubOrderMove(taken, { state: "done" }, null)
        expect((await a.unrecorded(since, 10)).map((move) => move.id)).toEqual([taken])
        expect(await b.unrecorded(since, 10)).toEqual([])
        await b.recordMedusaError(taken, null)
        expect((await a.unrecorded(since, 10)).map((move) => move.id)).toEqual([taken])
        await a.recordMedusaError(taken, null)
        expect(await a.unrecorded(since, 10)).toEqual([])

        // Medusa's fulfillments' moves: one the hub refused has ended for its account's key only; one that failed before sending is to send again.
        const refused = await claim("default", "hubord_a", "ship", "ship:ful_1")
        await hub.finishHubOrderMove(refused, { state: "refused", error: "refused" }, null)
        expect((await a.endedByKey("ship:ful_1"))?.id).toBe(refused)
        expect(await b.endedByKey("ship:ful_1")).toBeNull()
        const failed = await claim("brand-b", "hubord_b", "deliver", "deliver:ful_2")
        await hub.finishHubOrderMove(failed, { state: "failed", error: "unreachable" }, null)
        expect((await b.unsent(since, 10)).map((move) => move.id)).toEqual([failed])
        expect(await a.unsent(since, 10)).toEqual([])
      })

      it("each account's SAC instances are its own: claimed one live a ticket, moved on and read through its records, none reads or writes the other's", async () => {
        const hub: HubModuleService = getContainer().resolve(HUB_MODULE)
        const [a, b] = [hub.account("default").records.sac, hub.account("brand-b").records.sac]
        const request = { action: { id: "RETURN" } }
        const claimed = await a.claimInstance({ ticket_code: "T-1", action: "RETURN", order_id: "order_a", request })
        expect(claimed).toMatchObject({ ticket_code: "T-1", state: "sending", request })
        // One live instance a ticket in its account; the same code in the other account is its own ticket.
        expect(await a.claimInstance({ ticket_code: "T-1", action: "CANCEL", order_id: "order_a", request })).toBeNull()
        const theirs = await b.claimInstance({ ticket_code: "T-1", action: "CANCEL", order_id: "order_b", request })
        expect(theirs).toMatchObject({ action: "CANCEL" })

        // The other account's records, given this id, read and write nothing.
        expect(await b.instance(claimed!.id)).toBeNull()
        expect(await b.changeInstance(claimed!.id, { state: "failed", error: "not mine" })).toBeNull()
        expect((await a.instance(claimed!.id))!.state).toBe("sending")
        expect((await b.instancesOf(["T-1"])).map((row) => row.id)).toEqual([theirs!.id])

        // Its own do, and say what was there before; a failed one frees the ticket for the next.
        expect(await a.changeInstance(claimed!.id, { state: "sent", hub_instance: { id: "9" }, hub_status: "PENDING" })).toMatchObject({ state: "sending", hub_instance: null })
        expect(await a.instance(claimed!.id)).toMatchObject({ state: "sent", hub_instance: { id: "9" }, hub_status: "PENDING" })
        await a.changeInstance(claimed!.id, { state: "failed" })
        expect(await a.claimInstance({ ticket_code: "T-1", action: "EXCHANGE", order_id: "order_a", request })).toMatchObject({ action: "EXCHANGE" })
        expect((await a.instancesOf(["T-1"])).map((row) => row.action)).toEqual(["EXCHANGE", "RETURN"])
      })

      it("each account's marketplace refusals are its own: recorded, read, cleared and a recording undone through its records, none touches the other's", async () => {
        const hub: HubModuleService = getContainer().resolve(HUB_MODULE)
        const [a, b] = [hub.account("default").records.marketplaceRefusals, hub.account("brand-b").records.marketplaceRefusals]
        const refusal = (entityId: string, errorCode: string) => ({ entityId, errorCategoryCode: "IMG", errorCode, message: "Imagem pequena", name: null, solution: null, occurrences: 1, lastOccurrence: null })
        const seenAt = new Date()
        expect(await a.record("products", [refusal("SKU-1", "E1"), refusal("SKU-2", "E1")], seenAt)).toHaveLength(2)
        expect(await b.record("products", [refusal("SKU-1", "E1")], seenAt)).toHaveLength(1)
        expect((await a.open("products", ["SKU-1", "SKU-2"])).map((row) => row.entity_id).sort()).toEqual(["SKU-1", "SKU-2"])
        expect(await a.page("products", { limit: 1, offset: 0 })).toMatchObject({ count: 2, rows: [expect.objectContaining({ message: "Imagem pequena" })] })

        // The other account's records, given these ids, clear nothing; its own clear only what they name.
        const [mine] = await a.open("products", ["SKU-1"])
        await b.clear([mine.id])
        expect(await a.open("products", ["SKU-1"])).toHaveLength(1)
        await a.clear([mine.id])
        expect(await a.open("products", ["SKU-1"])).toEqual([])
        expect(await b.open("products", ["SKU-1"])).toHaveLength(1)

        // A recording undone removes what it added, of its account only.
        await a.forgetAdded("products", [refusal("SKU-2", "E1"), refusal("SKU-1", "E1")])
        expect((await a.page("products", { limit: 10, offset: 0 })).count).toBe(0)
        expect((await b.page("products", { limit: 10, offset: 0 })).count).toBe(1)
      })
    })
  },
})
