/*
 * bench/sac: what reading the marketplace's customer service costs in hub requests (docs/after-sale.md,
 * issue 61): BENCH_SAC_TICKETS (200) tickets with a buyer's message on the sandbox at the published
 * limits (SAC GET 9/s), walked by the hub client's cursor: the listing's requests per page (goal: one),
 * tickets per listing request, and the time to read them all new (listing, then each one's chats, lines
 * and refunds, as src/sync/sac.ts reads a ticket new to the store).
 *
 *   node -r ts-node/register bench/sac.ts [--notice]
 *
 * Then the time from a buyer's message on the hub to its notice in Medusa's admin feed, in the production
 * shape (integration-tests/helpers/store-processes.ts: a server and a worker, `medusa start`, the jobs
 * on, Redis): BENCH_SAC_MESSAGES (3) buyers each opening a ticket at a random moment of the minute, the
 * store's read running as scheduled (`sacEveryMinutes`, 1 by default); the longest beside its goal (the
 * poll interval + 5 s). Not part of `npm test`.
 */
import { randomInt } from "node:crypto"
import { setTimeout as sleep } from "node:timers/promises"
import { StoreProcesses, waitFor } from "../integration-tests/helpers/store-processes"
import { HubClient } from "../src/hub-client"
import { sampleTestOrder, startSandboxHub } from "../src/sandbox"
import { figure, info } from "./lib/figures"
import { runBench } from "./lib/store"

const TICKETS = Number(process.env.BENCH_SAC_TICKETS ?? 200)
const MESSAGES = Number(process.env.BENCH_SAC_MESSAGES ?? 3)
/** The account's `sacEveryMinutes` default (src/modules/hub/options.ts): the poll interval the goal allows, plus 5 s. */
const POLL_MS = 60_000
const log = (message: string) => console.error(`[bench:sac] ${message}`)

async function readCost() {
  const hub = await startSandboxHub()
  hub.upsertProducts([{ sku: "SKU-1", qty: 1000, name: "Camiseta", price: 50, status: "enabled" }])
  const order = hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] })).code
  for (let index = 0; index < TICKETS; index++) hub.openSacTicket({ order_code: order, message: { content: `Mensagem ${index}` } })
  const client = new HubClient({ baseUrl: hub.url, ...hub.credentials, sandbox: true })
  try {
    hub.resetRequestLog()
    const started = Date.now()
    let pages = 0
    let tickets = 0
    for await (const page of client.sac.all()) {
      pages++
      tickets += page.tickets.length
      for (const ticket of page.tickets) await Promise.all([client.sac.chats(ticket.code), client.sac.items(ticket.code), client.sac.refunds(ticket.code)])
    }
    const seconds = (Date.now() - started) / 1000
    const listing = hub.requestLog().filter((entry) => entry.path.split("?")[0] === "/sac")
    const refused = hub.requestLog().filter((entry) => entry.status === 429).length
    const met = figure("SAC listing requests per page", listing.length / pages, { at: "<=", target: 1 }, { detail: `${listing.length} requests, ${pages} pages` })
    info("tickets per listing request", (tickets / listing.length).toFixed(1), `${tickets} tickets`)
    info("all new, read whole (listing + chats, lines, refunds each)", `${seconds.toFixed(1)} s`, `${hub.requestLog().length} requests at 9/s, ${refused} answered 429`)
    return met
  } finally {
    await client.close()
    await hub.stop()
  }
}

/** A buyer's message on the hub -> its notice in the admin feed (the notification's idempotency key names the ticket). */
async function messageToNotice() {
  const store = await StoreProcesses.setUp({ name: "bench-sac", products: [{ sku: "SAC-1", stocked: 100 }], env: { LOG_LEVEL: "warn" } })
  try {
    await store.add("server", "server")
    await store.add("worker", "worker")
    await store.startAll()
    const order = store.hub.createOrder(sampleTestOrder({ items: [{ id: "SAC-1", qty: 1 }] })).code
    const waits: number[] = []
    for (let index = 0; index < MESSAGES; index++) {
      // At a random moment of the minute, so the samples meet the schedule anywhere in its interval.
      await sleep(randomInt(1_000, POLL_MS))
      const written = Date.now()
      const ticket = store.hub.openSacTicket({ order_code: order, message: { content: `Olá, é a mensagem ${index + 1}` } }).code
      await waitFor(`the notice of ticket ${ticket}`, async () => ((await store.sql(`select 1 from notification where channel = 'feed' and idempotency_key like $1`, [`%sac-message:${ticket}:%`])).length ? true : undefined), POLL_MS * 3, 200)
      waits.push(Date.now() - written)
      log(`ticket ${ticket}: its notice ${((Date.now() - written) / 1000).toFixed(1)} s after the buyer wrote`)
    }
    const longest = Math.max(...waits)
    info("a buyer's message -> its feed notice, each", waits.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(", "), `${MESSAGES} tickets, sacEveryMinutes 1, a server and a worker`)
    return figure("a buyer's message -> its feed notice, longest", longest / 1000, { at: "<=", target: (POLL_MS + 5_000) / 1000, unit: "s" }, { detail: "the poll interval + 5 s" })
  } finally {
    await store.tearDown()
  }
}

runBench(async () => {
  // --notice: the second part alone.
  const read = process.argv.includes("--notice") || (await readCost())
  const noticed = await messageToNotice()
  if (!read || !noticed) throw new Error("a goal was missed")
})
