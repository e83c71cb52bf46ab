import http from "node:http"
import { AddressInfo } from "node:net"
import { HubIncompleteListingError, HubInvalidResponseError, HubRateLimitedError, HubUnavailableError } from "../../src/hub-client"
import { sampleTestOrder, type SandboxHub } from "../../src/sandbox"
import { clientAgainstSandbox } from "../helpers/hub-client-sandbox"

/*
 * What a hub, or a gateway in front of it, can do to the plugin, bounded (docs/production.md, "What
 * the plugin bounds"): the client against the sandbox hub over loopback HTTP, the sandbox switched to
 * misbehave (src/sandbox/misbehaviour.ts). Outcomes and counts are asserted, never durations; a
 * client without the bounds waits for a day or reads for ever, so each test has a short timeout.
 */

jest.setTimeout(20_000)

const MB = 1_048_576

describe("the hub client bounds what the hub can do to it", () => {
  const { hub: currentHub, clientFor } = clientAgainstSandbox()
  let hub: SandboxHub
  beforeEach(() => {
    hub = currentHub()
  })

  it("`Retry-After: 86400` pauses the account for rateLimitMaxPauseMs at most, the figures show until when, and sending resumes", async () => {
    const CAP = 1_000
    const client = clientFor({ rateLimitMaxPauseMs: CAP, maxRetries: 0 })
    hub.misbehave({ retryAfter: { seconds: 86_400, times: 1 } })
    const refused = await client.listStatuses().catch((error) => error)
    expect(refused).toBeInstanceOf(HubRateLimitedError)
    expect(refused.retryAt).toBeLessThanOrEqual(Date.now() + CAP)
    // What the hub page shows as "paused after a 429 (until when)".
    const shown = client.figures().pausedUntil
    if (shown !== null) expect(Date.parse(shown)).toBeLessThanOrEqual(Date.now() + CAP)
    // Without the cap this waits a day.
    expect((await client.listStatuses()).statuses.length).toBeGreaterThan(0)
    expect(hub.requestLog().map((entry) => entry.status)).toEqual([429, 200])
  })

  it("a 50 MB answer ends in an error naming the size, is cut off early, and the client goes on", async () => {
    const client = clientFor({ maxRetries: 0 })
    hub.misbehave({ hugeBody: { bytes: 50 * MB, times: 1, bucket: "GET /products" } })
    const before = process.memoryUsage()
    let peak = 0
    const sampler = setInterval(() => {
      const now = process.memoryUsage()
      peak = Math.max(peak, now.heapUsed + now.arrayBuffers - before.heapUsed - before.arrayBuffers)
    }, 5)
    const error = await client.listProducts().catch((failure) => failure)
    clearInterval(sampler)
    expect(error).toBeInstanceOf(HubInvalidResponseError)
    expect(error.message).toContain(`longer than ${8 * MB} bytes (maxResponseBytes)`)
    console.info(`50 MB answer: ${(hub.misbehaviour().hugeBytesWritten / MB).toFixed(1)} MB written by the hub, memory peak +${(peak / MB).toFixed(1)} MB`)
    // The sandbox stopped writing soon after the client hung up: far from all 50 MB went out.
    expect(hub.misbehaviour().hugeBytesWritten).toBeLessThan(30 * MB)
    expect(peak).toBeLessThan(45 * MB)
    // Healthy: the next read is answered as usual.
    expect((await client.listProducts()).products).toHaveLength(5)
  })

  it("an answer declaring more than maxResponseBytes is refused before its body is read", async () => {
    const client = clientFor({ maxRetries: 0, maxResponseBytes: MB })
    hub.misbehave({ hugeBody: { bytes: 50 * MB, declareLength: true, times: 1 } })
    const error = await client.getProduct("SKU-1").catch((failure) => failure)
    expect(error).toBeInstanceOf(HubInvalidResponseError)
    expect(error.message).toContain(`declares ${50 * MB} bytes, more than ${MB} (maxResponseBytes)`)
    expect(hub.misbehaviour().hugeBytesWritten).toBeLessThan(20 * MB)
    expect((await client.getProduct("SKU-1"))?.sku).toBe("SKU-1")
  })

  it("a `next` cursor that never ends: the walk ends whole once it has read the total the hub announced", async () => {
    hub.upsertProducts(Array.from({ length: 145 }, (_, i) => ({ sku: `SKU-E${String(i).padStart(3, "0")}`, qty: 1 })))
    const client = clientFor()
    hub.misbehave({ endlessCursor: true })
    const seen: string[] = []
    for await (const product of client.allProducts()) seen.push(product.sku)
    // 150 products in two pages (the second's `next` the endless one): no third request.
    expect(seen).toHaveLength(150)
    expect(hub.requestLog().filter((entry) => entry.bucket === "GET /products")).toHaveLength(2)
  })

  it("a walk stops after maxProductPages as incomplete, with what it read", async () => {
    hub.upsertProducts(Array.from({ length: 145 }, (_, i) => ({ sku: `SKU-E${String(i).padStart(3, "0")}`, qty: 1 })))
    const client = clientFor({ maxProductPages: 1 })
    const seen: string[] = []
    const error = await (async () => {
      for await (const product of client.allProducts()) seen.push(product.sku)
    })().catch((failure) => failure)
    expect(error).toBeInstanceOf(HubIncompleteListingError)
    expect(error.message).toContain("read only in part")
    expect(error.message).toContain("after 1 pages (maxProductPages)")
    expect(seen).toHaveLength(100)
    expect(hub.requestLog().filter((entry) => entry.bucket === "GET /products")).toHaveLength(1)
  })

  it("a body that drips ends by requestDeadlineMs: a read is retried as after a timeout, a move is never resent and its outcome is unknown", async () => {
    // The idle timeout (500 ms) never fires: a byte comes every 50 ms.
    const client = clientFor({ requestTimeoutMs: 500, requestDeadlineMs: 1_000, maxRetries: 1 })
    hub.misbehave({ dripBody: { everyMs: 50, bucket: "GET /products" } })
    const read = await client.listProducts().catch((failure) => failure)
    expect(read).toBeInstanceOf(HubUnavailableError)
    expect(read.message).toContain("no complete answer within the request deadline (requestDeadlineMs, 1000 ms)")
    expect(read.outcomeUnknown).toBe(false)
    expect(hub.requestLog().filter((entry) => entry.bucket === "GET /products")).toHaveLength(2)

    const order = hub.createOrder(sampleTestOrder({ channel: "Loja Exemplo", items: [{ id: "SKU-1", qty: 1 }] }))
    hub.misbehave({ dripBody: { everyMs: 50, bucket: "POST /orders" } })
    const move = await client.cancelOrder(order.code).catch((failure) => failure)
    expect(move).toBeInstanceOf(HubUnavailableError)
    expect(move.outcomeUnknown).toBe(true)
    expect(hub.requestLog().filter((entry) => entry.bucket === "POST /orders")).toHaveLength(1)
    hub.misbehave({ dripBody: null })
    expect((await client.listProducts()).products).toHaveLength(5)
  })

  it("a PDF that drips (a label, a PLP) is cut off by requestDeadlineMs, not held for the idle timeout, and the client goes on", async () => {
    // The idle timeout (500 ms) never fires: a byte comes every 50 ms; the deadline (1 s) covers the body too.
    const client = clientFor({ requestTimeoutMs: 500, requestDeadlineMs: 1_000, maxRetries: 0 })
    hub.misbehave({ dripBody: { everyMs: 50, contentType: "pdf", times: 1, bucket: "GET /orders/{code}" } })
    const label = await client.delivery.label("Loja Exemplo-1")
    const read = await readAll(label!.body).catch((failure) => failure)
    expect(read).toBeInstanceOf(HubUnavailableError)
    expect(read.message).toContain("no complete answer within the request deadline (requestDeadlineMs, 1000 ms)")
    hub.misbehave({ dripBody: { everyMs: 50, contentType: "pdf", times: 1, bucket: "GET /shipments" } })
    const plp = await client.delivery.plpDocument("98945320").catch((failure) => failure)
    expect(plp).not.toBeInstanceOf(Error)
    expect(await readAll(plp.body).catch((failure) => failure)).toBeInstanceOf(HubUnavailableError)
    expect((await client.listProducts()).products).toHaveLength(5)
  })

  it("a 3xx is an error that says so, never a success, and is never followed", async () => {
    const elsewhere = await countingServer()
    try {
      const client = clientFor({ maxRetries: 2 })
      hub.misbehave({ redirect: { status: 302, location: `${elsewhere.url}/products` } })
      const push = await client.updateProduct("SKU-1", { qty: 3 }).catch((failure) => failure)
      expect(push).toBeInstanceOf(HubInvalidResponseError)
      expect(push.status).toBe(302)
      expect(push.message).toContain(`the hub answered 302, a redirect to ${elsewhere.url}, which is never followed`)
      // Not read as an empty queue, nor an acknowledged entry.
      await expect(client.nextQueuedOrder()).rejects.toThrow(HubInvalidResponseError)
      await expect(client.acknowledgeQueuedOrder("Loja Exemplo-1")).rejects.toThrow(HubInvalidResponseError)
      hub.misbehave({ redirect: { status: 308, location: `${elsewhere.url}/products` } })
      await expect(client.listProducts()).rejects.toThrow("the hub answered 308")
      expect(elsewhere.requests).toBe(0)
      expect(hub.getProduct("SKU-1")?.qty).toBe(10)
      // Not retried: one request each.
      expect(hub.requestLog()).toHaveLength(4)
      for (const secret of Object.values(hub.credentials)) expect(push.message).not.toContain(secret)
    } finally {
      await elsewhere.close()
    }
  })

  it("the sandbox lists an order twice on a page when told (for the listing's own tests)", async () => {
    hub.seedOrders(3, 1)
    hub.misbehave({ duplicateOrderCodes: 1 })
    const { orders } = await clientFor().listOrders()
    const codes = orders.map((order) => order.code)
    expect(codes).toHaveLength(4)
    expect(codes[3]).toBe(codes[0])
  })
})

/** A server standing for another host: counts what reaches it. */
async function countingServer() {
  let requests = 0
  const server = http.createServer((_req, res) => {
    requests++
    res.end("{}")
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get requests() {
      return requests
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A stream read to its end, or its error. */
async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}
