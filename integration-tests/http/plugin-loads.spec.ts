import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { adminHeaders } from "../helpers/admin"
import { sandboxHubForStore } from "../helpers/sandbox-store"

jest.setTimeout(120_000)

const sandbox = sandboxHubForStore()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    describe("the development store with the plugin", () => {
      it("boots with the hub module, whose client reaches the sandbox hub", async () => {
        const hub: HubModuleService = getContainer().resolve(HUB_MODULE)
        const statuses = await hub.account("default").hub.listStatuses()
        expect(statuses.map((status) => status.type)).toEqual(
          expect.arrayContaining(["NEW", "APPROVED", "CANCELED", "INVOICED", "SHIPPED", "DELIVERED", "SHIPMENT_EXCEPTION"])
        )
        expect(sandbox.hub.requestLog().some((entry) => entry.path === "/statuses" && entry.status === 200)).toBe(true)
      })

      it("shows the connection's health to an admin, without any credential", async () => {
        const hub: HubModuleService = getContainer().resolve(HUB_MODULE)
        await hub.account("default").hub.listStatuses()
        const response = await api.get("/admin/hub/connection", await adminHeaders(getContainer()))
        expect(response.status).toBe(200)
        expect(response.data.connection.hubOrigin).toBe(new URL(sandbox.hub.url).origin)
        expect(response.data.connection.figures.byEndpoint["GET /statuses"].answers["200"]).toBeGreaterThanOrEqual(1)
        const body = JSON.stringify(response.data)
        for (const secret of Object.values(sandbox.hub.credentials)) {
          expect(body).not.toContain(secret)
        }
      })

      it("refuses the health route to an anonymous caller", async () => {
        const response = await api.get("/admin/hub/connection").catch((error: { response: { status: number } }) => error.response)
        expect(response.status).toBe(401)
      })
    })
  },
})
