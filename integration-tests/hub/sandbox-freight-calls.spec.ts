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
  /** Each request's `x-sandbox-sent-at` header and the port its connection came from. */
  const arrivals: Array<{ sentAt: string | undefined; port: number | undefined }> = []
  let release: () => void = () => undefined

  beforeAll(async () => {
    hub = await startSandboxHub()
    store = createServer((req, res) => {
      let text = ""
      req.on("data", (chunk) => (text += chunk))
      req.on("end", async () => {
        arrivals.push({ sentAt: req.headers["x-sandbox-sent-at"] as string | undefined, port: req.socket.remotePort })
        try {
          received.push(JSON.parse(text))
        } catch {
          received.push(text)
        }
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
    // A poller asks for the later runs, without their answers.
    const later = await fetch(`${hub.url}/_sandbox/freight-calls?after=${started.body.id}&results=false`).then((response) => response.json())
    expect(later.runs).toEqual([{ id: legacy.body.id, url: `${storeUrl}/missing`, contract: "legacy", done: true }])
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

  it("starts several callers at once, each on a connection of its own kept for its run, and sends a body as given", async () => {
    received.length = 0
    arrivals.length = 0
    const started = await control("POST", { url: `${storeUrl}/bad`, contract: "partner", cep: "01310-100", items: [{ sku: "A" }], times: 2, callers: 3, body: "{}" })
    expect(started.body.ids).toHaveLength(3)
    expect(started.body.id).toBe(started.body.ids[0])
    let runs: Array<{ id: number; done: boolean; results: Array<{ sentAt: number }> }> = []
    await eventually(async () => {
      const { body } = await control("GET")
      runs = (body.runs as typeof runs).filter((run) => started.body.ids.includes(run.id))
      expect(runs.map((run) => run.done)).toEqual([true, true, true])
    })
    expect(received).toEqual([{}, {}, {}, {}, {}, {}])
    // Each result's sentAt is the header the store received (the machine's monotonic clock, shared by its processes).
    const portOf = new Map(arrivals.map((arrival) => [arrival.sentAt, arrival.port]))
    const ports = runs.map((run) => run.results.map((result) => portOf.get(result.sentAt.toFixed(3))))
    for (const [first, second] of ports) {
      expect(first).toEqual(expect.any(Number))
      // A caller's two requests on the connection it opened with the first.
      expect(second).toBe(first)
    }
    // Three callers, three connections.
    expect(new Set(ports.map(([first]) => first)).size).toBe(3)
  })

  it("reports the caller's own CPU and event loop delay since the last reset", async () => {
    const first = await fetch(`${hub.url}/_sandbox/freight-calls/load?reset=true`).then((response) => response.json())
    expect(first).toEqual({ ms: expect.any(Number), cpuMs: expect.any(Number), loopP99Ms: expect.any(Number), loopMaxMs: expect.any(Number) })
    const after = await fetch(`${hub.url}/_sandbox/freight-calls/load`).then((response) => response.json())
    // Counted again from the reset (the first counted since the sandbox started, before the earlier tests).
    expect(after.ms).toBeLessThan(first.ms)
    const bad = await fetch(`${hub.url}/_sandbox/freight-calls/load?reset=maybe`)
    expect(bad.status).toBe(422)
  })
})
