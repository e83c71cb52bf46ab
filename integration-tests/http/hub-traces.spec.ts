import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { trace } from "@opentelemetry/api"
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base"
import { sampleTestOrder } from "../../src/sandbox"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

// What a store's instrumentation.ts does with registerOtel, with an exporter the test can read.
const exporter = new InMemorySpanExporter()
trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }))

const sandbox = sandboxHubForStore()

medusaIntegrationTestRunner({
  testSuite: ({ getContainer }) => {
    let container: MedusaContainer

    beforeEach(async () => {
      container = getContainer()
      sandbox.hub.reset()
      sandbox.hub.upsertProducts([{ sku: "SKU-1", qty: 10, name: "Camiseta", price: 59.9 }])
      await seedStore(container, { products: [{ sku: "SKU-1", stocked: 10 }] })
    })

    it("an import's hub requests are spans: bucket, method, path template, attempt, budget wait, status; no credential or code", async () => {
      const hubOrder = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      exporter.reset()
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ imported: 1 })

      const spans = exporter.getFinishedSpans().filter((span) => span.name.startsWith("hub "))
      const listing = spans.find((span) => span.name === "hub GET /orders")
      expect(listing?.attributes).toEqual({
        "hub.bucket": "GET /orders",
        "http.request.method": "GET",
        "hub.endpoint": "GET /orders",
        "hub.attempt": 1,
        "hub.budget_wait_ms": expect.any(Number),
        "http.response.status_code": 200,
      })
      expect(spans.map((span) => span.name)).toContain("hub GET /statuses")
      const attributes = JSON.stringify(spans.map((span) => [span.name, span.attributes]))
      expect(attributes).not.toContain(sandbox.hub.credentials.apiKey)
      expect(attributes).not.toContain(sandbox.hub.credentials.accountManagerKey)
      expect(attributes).not.toContain(hubOrder.code)
    })
  },
})
