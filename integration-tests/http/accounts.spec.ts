import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { HUB_MODULE } from "../../src/modules/hub"
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
        await hub.account("brand-b").client.listStatuses()
        expect(second.hub!.requestLog().filter((entry) => entry.path === "/statuses").map((entry) => entry.status)).toEqual([200])
        expect(sandbox.hub.requestLog().filter((entry) => entry.path === "/statuses")).toEqual([])
        expect(hub.account("brand-b").client.figures().byEndpoint["GET /statuses"].answers["200"]).toBe(1)
        expect(hub.client.figures().byEndpoint["GET /statuses"]).toBeUndefined()
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
    })
  },
})
