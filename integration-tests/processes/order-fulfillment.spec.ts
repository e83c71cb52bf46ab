import path from "node:path"
import { sampleTestOrder } from "../../src/sandbox"
import { StoreProcesses, waitFor } from "../helpers/store-processes"

/*
 * A shipment made in Medusa on a hub order, in the production shape: a server and two workers on
 * PostgreSQL and Redis (Medusa's Redis event bus, workflow engine and locking). The shipment is
 * made by a separate process (`medusa exec`, as Medusa's admin route would), its `shipment.created`
 * is handled by one of the workers, and then delivered again twice at once, so both workers may
 * run the plugin's workflow for the same fulfillment at the same moment. The hub gets one shipment.
 * Needs Redis at 127.0.0.1:6379 (HUB_TEST_REDIS_URL).
 */

const SHIP_SCRIPT = path.join(__dirname, "../helpers/ship-in-medusa-script.ts")
const MINUTE = 60_000

describe("a shipment made in Medusa reaches the hub once, with two workers and a redelivered event", () => {
  let store: StoreProcesses

  beforeAll(async () => {
    // The lenient hub ships an APPROVED order: no invoice needed first.
    store = await StoreProcesses.setUp({
      name: "order-fulfillment",
      products: [{ sku: "PF-1", stocked: 10 }, { sku: "PF-2", stocked: 10 }],
      sandbox: { moveRules: "lenient" },

    })
    await store.add("server", "server")
    await store.add("worker-1", "worker")
    await store.add("worker-2", "worker")
    await store.startAll()
  }, 5 * MINUTE)

  afterAll(async () => {
    await store?.tearDown()
  }, MINUTE)

  it("sends the hub shipment once, whichever worker handles which delivery of the event", async () => {
    const { code } = store.hub.createOrder(sampleTestOrder({ channel: "Loja Processos", items: [{ id: "PF-1", qty: 2 }, { id: "PF-2", qty: 1 }] }))
    store.hub.marketplaceApprove(code)
    const orderId = await waitFor(
      "the hub order imported by a worker's job",
      async () => (await store.sql<{ order_id: string | null }>("select order_id from hub_order where code = $1", [code]))[0]?.order_id ?? undefined,
      3 * MINUTE,
      1_000
    )

    const output = await store.exec(SHIP_SCRIPT, { HUB_SHIP_ORDER_ID: orderId, HUB_SHIP_TRACK: "BR-PROC-1" })
    const fulfillmentId = /fulfillment (ful_\w+)/.exec(output)?.[1]
    expect(fulfillmentId).toBeTruthy()
    const shipmentsPath = `/orders/${encodeURIComponent(code)}/shipments`
    const shipments = () => store.relayed.filter((request) => request.method === "POST" && request.path === shipmentsPath)
    await waitFor("the hub shipment", () => (shipments().length ? true : undefined), MINUTE)
    expect(store.hub.getOrder(code)?.shipments).toEqual([
      expect.objectContaining({ items: [{ sku: "PF-1", qty: 2 }, { sku: "PF-2", qty: 1 }], tracks: [expect.objectContaining({ code: "BR-PROC-1" })] }),
    ])
    // The workers handle events; the server sends nothing.
    expect(shipments().map((request) => request.label)).not.toContain("server")

    await store.exec(SHIP_SCRIPT, { HUB_EMIT_SHIPMENT_CREATED: fulfillmentId!, HUB_EMIT_TIMES: "2" })
    const claimKey = `ship:${fulfillmentId}`
    // Each delivery is handled by a worker (the one that runs second waits for the order's Redis lock),
    // and finds the fulfillment's claim ended: nothing sent.
    const handled = () => (store.get("worker-1").logs() + store.get("worker-2").logs()).split(`hub: fulfillment ${fulfillmentId}: `).slice(1)
    await waitFor("the event's three deliveries handled", () => (handled().length === 3 ? true : undefined), MINUTE)
    expect(handled().map((line) => line.split('"')[0]).sort()).toEqual(["on the hub already, nothing sent", "on the hub already, nothing sent", "sent to the hub"])
    expect(shipments()).toHaveLength(1)
    const moves = await store.sql<{ state: string; attempts: number }>("select state, attempts from hub_order_move where claim_key = $1", [claimKey])
    expect(moves).toEqual([{ state: "done", attempts: 1 }])
  }, 8 * MINUTE)
})
