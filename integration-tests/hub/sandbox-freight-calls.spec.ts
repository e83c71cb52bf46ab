import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { startSandboxHub, type SandboxHub } from "../../src/sandbox"
import { eventually } from "../helpers/eventually"

jest.setTimeout(20_000)

/*
 * The sandbox as the hub calling a store's freight quote URL (src/sandbox/freight-caller.ts), over
 * loopback HTTP: a small server stands for the store and records what it was sent.
 */

describe("sandbox freight calls", () => {
  let hub: SandboxHub
  let store: Server
  let storeUrl: string
  const received: unknown[] = []
  let release: () => void = () => undefined

  beforeAll(async () => {
    hub = await startSandboxHub()
    store = createServer((req, res) => {
      let text = ""
      req.on("data", (chunk) => (text += chunk))
      req.on("end", async () => {
        received.push(JSON.parse(text))
        if (req.url?.endsWith("/held")) await new Promise<void>((resolve) => (release = resolve))
        res.writeHead(req.url?.endsWith("/missing") ? 404 : 200, { "content-type": "application/json" }).end(JSON.stringify({ ok: req.url }))
      })
    })
    await new Promise<void>((resolve) => store.listen(0, "127.0.0.1", resolve))
    storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    release()
    await hub.stop()
    await new Promise((resolve) => store.close(resolve))
  })

  const control = (method: string, body?: unknown) =>
    fetch(`${hub.url}/_sandbox/freight-calls`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) }).then(async (response) => ({ status: response.status, body: await response.json() }))

  it("sends each contract's body to the URL given and reports each answer with its time", async () => {
    received.length = 0
    const started = await control("POST", { url: `${storeUrl}/partner`, contract: "partner", cep: "01310-100", items: [{ sku: "A", quantity: 2, price: 50, weightKg: 1.5 }], times: 2 })
    expect(started.status).toBe(202)
    const legacy = await control("POST", { url: `${storeUrl}/missing`, contract: "legacy", cep: "01310-100", items: [{ sku: "B" }] })
    await eventually(async () => {
      const { body } = await control("GET")
      const runs = body.runs as Array<{ id: number; done: boolean; results: Array<{ status: number; ms: number; inTime: boolean; body: unknown }> }>
      expect(runs.map((run) => run.done)).toEqual([true, true])
      expect(runs[0].results.map((result) => [result.status, result.body])).toEqual([[200, { ok: "/partner" }], [200, { ok: "/partner" }]])
      expect(runs[1].id).toBe(legacy.body.id)
      expect(runs[1].results.map((result) => result.status)).toEqual([404])
      for (const result of runs.flatMap((run) => run.results)) expect(typeof result.ms).toBe("number")
    })
    expect(received).toEqual([
      { originZipCode: "", destinationZipCode: "01310100", products: [{ skuId: "A", sellerTenant: "sandbox", category: "", weight: 1.5, width: 0.1, height: 0.1, length: 0.1, quantity: 2, cost: 50 }] },
      { originZipCode: "", destinationZipCode: "01310100", products: [{ skuId: "A", sellerTenant: "sandbox", category: "", weight: 1.5, width: 0.1, height: 0.1, length: 0.1, quantity: 2, cost: 50 }] },
      { destinationZip: 1310100, volumes: [{ sku: "B", quantity: 1, price: 100, height: 0.1, length: 0.1, width: 0.1, weight: 1 }] },
    ])
  })

  it("a run in progress is listed as not done; a bad request names the field", async () => {
    const started = await control("POST", { url: `${storeUrl}/held`, contract: "partner", cep: "80010000", items: [{ sku: "C" }] })
    await eventually(() => expect(received.at(-1)).toMatchObject({ destinationZipCode: "80010000" }))
    const { body } = await control("GET")
    expect(body.runs.find((run: { id: number }) => run.id === started.body.id)).toMatchObject({ done: false, results: [] })
    release()
    // The sandbox names the first bad field, as its other control endpoints do.
    const valid = { url: storeUrl, contract: "partner", cep: "80010000", items: [{ sku: "C" }] }
    for (const [field, value] of [["url", "not a url"], ["contract", "other"], ["cep", "1"], ["items", []]] as const) {
      const bad = await control("POST", { ...valid, [field]: value })
      expect(bad.status).toBe(422)
      expect(bad.body.error).toMatch(new RegExp(`^${field}: `))
    }
  })
})
