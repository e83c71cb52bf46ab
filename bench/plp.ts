/*
 * bench/plp: a PLP of 100 orders grouped, and its PDF streamed with bounded memory (issue 40), the
 * hub client against the sandbox hub over loopback HTTP (no store: the streaming is the client's).
 *
 *   npm run bench:plp            (200 streams of the PLP's PDF)
 *   npm run bench:plp -- --quick (20)
 *
 * The sandbox hub runs in this process with every bucket at 1,000 a second (the hub's limits are not
 * what is measured). BENCH_PLP_ORDERS (100) Correios orders are placed, approved by the marketplace and
 * invoiced by key through the client; then, through the client:
 *   - every page of `to_group` (20 a page, up to the first short one), and the group of all of them
 *     into one PLP, each timed;
 *   - the PLP's PDF streamed BENCH_PLP_STREAMS times (200; 20 with `--quick`) one after the other into
 *     a writable that counts and drops the bytes: the time per stream, the streams whose bytes differ
 *     from the document's size (its Content-Length; goal 0), and the live heap after a full GC before
 *     and after them (goal: growth <= 20 MB), beside the resident set's peak growth (sampled every 50 ms);
 *   - each order's label PDF streamed once: labels per second;
 *   - a large document: the sandbox's PLP is a few KB, so a plain HTTP server on loopback answers
 *     `GET /shipments/b2w/view` with a PDF of BENCH_PLP_LARGE_BYTES (200,000,000) bytes, written from one
 *     reused chunk as the socket drains, and a second client (`maxDocumentBytes` 1 GiB) streams
 *     `plpDocument` through: the resident set's peak growth meanwhile (goal <= 100 MB: never held whole)
 *     and MB/s.
 * Run with --expose-gc (as the npm script does) for the heap figures to be a live heap's.
 */
import http from "node:http"
import type { AddressInfo } from "node:net"
import { Writable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { HubClient, uniformRateLimits, type HubDocument } from "../src/hub-client"
import { sampleNfeKey, sampleTestOrder, startSandboxHub } from "../src/sandbox"
import { figure, info, percentile } from "./lib/figures"
import { mb, sampleMemory } from "./lib/memory"
import { runBench } from "./lib/store"

const QUICK = process.argv.includes("--quick")
const ORDERS = Number(process.env.BENCH_PLP_ORDERS ?? 100)
const STREAMS = Number(process.env.BENCH_PLP_STREAMS ?? (QUICK ? 20 : 200))
const LARGE_BYTES = Number(process.env.BENCH_PLP_LARGE_BYTES ?? 200_000_000)
const SKU = "SKU-1"
/** Orders per page of `to_group`, as the hub lists them. */
const PAGE_SIZE = 20
/** The reused chunk the large document is written from. */
const CHUNK_BYTES = 64 * 1024

const log = (message: string) => console.error(`[bench:plp] ${message}`)
const msSince = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6

/** A writable that counts the bytes written to it and keeps none. */
class CountingSink extends Writable {
  bytes = 0
  _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    this.bytes += chunk.length
    done()
  }
}

/** A document's bytes, streamed to the end and dropped: how many there were. */
async function drain(document: HubDocument): Promise<number> {
  const sink = new CountingSink()
  await pipeline(document.body, sink)
  return sink.bytes
}

async function main() {
  const hub = await startSandboxHub({ rateLimits: uniformRateLimits(1000) })
  const client = new HubClient({ baseUrl: hub.url, ...hub.credentials, sandbox: true, rateLimits: uniformRateLimits(1000) })
  const large = await startLargePdfServer(LARGE_BYTES)
  const largeClient = new HubClient({
    baseUrl: large.url,
    userEmail: "bench@example.com",
    apiKey: "bench",
    accountManagerKey: "bench",
    maxDocumentBytes: 1_073_741_824,
    requestDeadlineMs: 600_000,
    rateLimits: uniformRateLimits(1000),
  })
  try {
    // ---- The orders: placed, approved by the marketplace, invoiced by key through the client ----
    hub.upsertProducts([{ sku: SKU, qty: ORDERS * 10, name: "Produto 1", price: 100 }])
    const placed: string[] = []
    for (let index = 0; index < ORDERS; index++) {
      const { code } = hub.createOrder({ ...sampleTestOrder({ items: [{ id: SKU, qty: 1 }] }), calculation_type: "b2wentregacorreios" })
      hub.marketplaceApprove(code)
      await client.invoiceOrder(code, { key: sampleNfeKey(index + 1) })
      placed.push(code)
    }
    log(`${ORDERS} orders placed, approved and invoiced`)

    // ---- to_group, every page ----
    const listStarted = process.hrtime.bigint()
    const toGroup: string[] = []
    let pages = 0
    for (let page = 1; ; page++) {
      const orders = await client.delivery.ordersToGroup(page)
      pages++
      toGroup.push(...orders.map((order) => order.code))
      if (orders.length < PAGE_SIZE) break
    }
    const listMs = msSince(listStarted)
    if (toGroup.length !== ORDERS || new Set(toGroup).size !== ORDERS) throw new Error(`to_group listed ${toGroup.length} orders (${new Set(toGroup).size} distinct) of ${ORDERS}`)

    // ---- Grouped into one PLP ----
    const groupStarted = process.hrtime.bigint()
    const { plpId } = await client.delivery.group(toGroup)
    const groupMs = msSince(groupStarted)
    if (!plpId) throw new Error("the group's answer named no PLP")
    const plp = (await client.delivery.plps()).find((entry) => entry.id === plpId)
    if (plp?.orders.length !== ORDERS) throw new Error(`PLP ${plpId} holds ${plp?.orders.length} orders, not ${ORDERS}`)
    log(`PLP ${plpId}: ${ORDERS} orders`)

    // ---- The PLP's PDF, streamed STREAMS times ----
    const streamMs: number[] = []
    const sizes = new Set<number>()
    let wrongSize = 0
    let declaredSize: number | undefined
    const { memory: streamsMemory } = await sampleMemory(async () => {
      for (let index = 0; index < STREAMS; index++) {
        const started = process.hrtime.bigint()
        const document = await client.delivery.plpDocument(plpId)
        const bytes = await drain(document)
        streamMs.push(msSince(started))
        declaredSize ??= document.contentLength
        sizes.add(bytes)
        if (document.contentLength === undefined || bytes !== document.contentLength) wrongSize++
      }
    })
    const pdfBytes = [...sizes][0]
    log(`${STREAMS} streams of the PLP's PDF (${pdfBytes} bytes)`)

    // ---- Each order's label, streamed once ----
    const labelsStarted = process.hrtime.bigint()
    let labelBytes = 0
    for (const code of placed) {
      const label = await client.delivery.label(code)
      if (!label) throw new Error(`order ${code} has no label`)
      labelBytes += await drain(label)
    }
    const labelsMs = msSince(labelsStarted)

    // ---- A large document through the client ----
    const largeStarted = process.hrtime.bigint()
    let largeDeclared: number | undefined
    const { result: largePassed, memory: largeMemory } = await sampleMemory(async () => {
      const document = await largeClient.delivery.plpDocument("1")
      largeDeclared = document.contentLength
      return drain(document)
    })
    const largeMs = msSince(largeStarted)
    if (largePassed !== LARGE_BYTES || largeDeclared !== LARGE_BYTES) throw new Error(`the large document passed ${largePassed} bytes of ${LARGE_BYTES} (declared ${largeDeclared})`)
    log(`the large document: ${LARGE_BYTES} bytes in ${(largeMs / 1000).toFixed(1)} s`)

    const sorted = [...streamMs].sort((a, b) => a - b)
    const mean = streamMs.reduce((sum, ms) => sum + ms, 0) / streamMs.length
    const os = require("node:os")
    console.log(
      `# bench/plp — ${new Date().toISOString()}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}; ${ORDERS} Correios orders grouped into one PLP, ` +
        `its PDF streamed ${STREAMS} times, ${ORDERS} labels, a ${(LARGE_BYTES / 1e6).toFixed(0)} MB document; the hub client against the sandbox hub over loopback${global.gc ? "" : " (no --expose-gc: heap figures without a full GC)"}`
    )
    info("plp: to_group, every page", `${listMs.toFixed(1)} ms`, `${pages} pages for ${toGroup.length} orders`)
    info("plp: group of all the orders", `${groupMs.toFixed(1)} ms`, `PLP ${plpId}, ${ORDERS} orders in one POST`)
    info("plp: time per PDF stream", `${mean.toFixed(2)} ms`, `p50 ${percentile(sorted, 0.5).toFixed(2)} ms, p95 ${percentile(sorted, 0.95).toFixed(2)} ms, ${STREAMS} streams of ${pdfBytes} bytes`)
    figure("plp: PDF streams whose bytes differ from the document's size", wrongSize, { at: "=", target: 0 }, {
      digits: 0,
      detail: `Content-Length ${declaredSize}, ${STREAMS} streams of ${[...sizes].join(", ")} bytes`,
    })
    figure("plp: live heap growth after the PDF streams", mb(streamsMemory.heapAfter - streamsMemory.heapBefore), { at: "<=", target: 20, unit: "MB" }, {
      detail: `after a full GC: ${mb(streamsMemory.heapBefore).toFixed(1)} -> ${mb(streamsMemory.heapAfter).toFixed(1)} MB over ${STREAMS} streams`,
    })
    info("plp: resident memory peak growth during the PDF streams", `${mb(streamsMemory.rssPeak - streamsMemory.rssBefore).toFixed(1)} MB`, `${mb(streamsMemory.rssBefore).toFixed(0)} MB before`)
    info("plp: labels streamed per second", `${(ORDERS / (labelsMs / 1000)).toFixed(1)}/s`, `${ORDERS} label PDFs, ${labelBytes} bytes, in ${labelsMs.toFixed(0)} ms, one after the other`)
    figure(`plp: resident memory growth while a ${(LARGE_BYTES / 1e6).toFixed(0)} MB PDF streamed`, mb(largeMemory.rssPeak - largeMemory.rssBefore), { at: "<=", target: 100, unit: "MB" }, {
      detail: `peak ${mb(largeMemory.rssPeak).toFixed(0)} MB over ${mb(largeMemory.rssBefore).toFixed(0)} MB before, sampled every 50 ms; ${largePassed} bytes passed`,
    })
    info("plp: large PDF streamed", `${(LARGE_BYTES / 1e6 / (largeMs / 1000)).toFixed(0)} MB/s`, `${largePassed} bytes in ${(largeMs / 1000).toFixed(2)} s through the client's bound (maxDocumentBytes 1 GiB)`)
  } finally {
    await client.close()
    await largeClient.close()
    await large.close()
    await hub.stop()
  }
}

/**
 * A plain HTTP server on loopback that answers `GET /shipments/b2w/view` with a PDF of `bytes` bytes
 * (a header, one reused chunk of filler as the socket drains, a trailer), and 404 to anything else.
 */
async function startLargePdfServer(bytes: number) {
  const head = Buffer.from("%PDF-1.4\n%bench\n", "latin1")
  const tail = Buffer.from("\n%%EOF\n", "latin1")
  const filler = Buffer.alloc(CHUNK_BYTES, " ")
  if (bytes < head.length + tail.length) throw new Error(`a document of ${bytes} bytes is too small`)
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost")
    if (req.method !== "GET" || url.pathname !== "/shipments/b2w/view") {
      res.writeHead(404, { "content-type": "application/json" })
      res.end(JSON.stringify({ message: "not found" }))
      return
    }
    res.writeHead(200, { "content-type": "application/pdf", "content-length": String(bytes) })
    res.write(head)
    let left = bytes - head.length - tail.length
    const write = () => {
      while (left > 0) {
        const piece = left >= filler.length ? filler : filler.subarray(0, left)
        left -= piece.length
        if (!res.write(piece)) {
          res.once("drain", write)
          return
        }
      }
      res.end(tail)
    }
    write()
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

runBench(main)
