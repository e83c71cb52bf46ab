import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { adminHeaders } from "../helpers/admin"
import { sandboxHubForStore } from "../helpers/sandbox-store"

jest.setTimeout(120_000)

// The hub account behind this store is a production one (the plugin's `sandbox` option is off).
const sandbox = sandboxHubForStore({ sandboxAccount: false })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    it("refuses to create test orders, with a clear error, and sends nothing to the hub", async () => {
      const response = await api
        .post(
          "/admin/hub/test-orders",
          {
            order: {
              channel: "Loja Exemplo",
              items: [{ id: "SKU-1", qty: 1 }],
              customer: { name: "Ana Souza", email: "ana@example.com" },
              billing_address: { street: "Rua A", number: 1, city: "São Paulo", region: "SP", country: "BR", postcode: "01310100" },
              shipping_address: { street: "Rua A", number: 1, city: "São Paulo", region: "SP", country: "BR", postcode: "01310100" },
            },
            approve: true,
          },
          await adminHeaders(getContainer())
        )
        .catch((error: { response: { status: number; data: { message: string } } }) => error.response)
      expect(response.status).toBe(400)
      expect(response.data.message).toContain("allowed only on a test (sandbox) hub account")
      expect(sandbox.hub.requestLog().filter((entry) => entry.method === "POST")).toHaveLength(0)
    })
  },
})
