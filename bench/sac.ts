/*
 * bench/sac: what reading the marketplace's customer service costs in hub requests (docs/after-sale.md,
 * issue 61): BENCH_SAC_TICKETS (200) tickets with a buyer's message on the sandbox at the published
 * limits (SAC GET 9/s), walked by the hub client's cursor: the listing's requests per page (goal: one),
 * tickets per listing request, and the time to read them all new (listing, then each one's chats, lines
 * and refunds, as src/sync/sac.ts reads a ticket new to the store).
 *
 *   node -r ts-node/register bench/sac.ts
 *
 * The time from a buyer's message to its feed notice is bounded by the schedule, not measured here:
 * `sacEveryMinutes` (60 s) plus the read, the notice following the read's commit (after-sale.spec).
 */
import { HubClient } from "../src/hub-client"
import { sampleTestOrder, startSandboxHub } from "../src/sandbox"
import { figure, info } from "./lib/figures"

const TICKETS = Number(process.env.BENCH_SAC_TICKETS ?? 200)

async function main() {
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
    figure("SAC listing requests per page", listing.length / pages, { at: "<=", target: 1 }, { detail: `${listing.length} requests, ${pages} pages` })
    info("tickets per listing request", (tickets / listing.length).toFixed(1), `${tickets} tickets`)
    info("all new, read whole (listing + chats, lines, refunds each)", `${seconds.toFixed(1)} s`, `${hub.requestLog().length} requests at 9/s, ${refused} answered 429`)
  } finally {
    await client.close()
    await hub.stop()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
