import { sampleNfeKey } from "../../sandbox/sample-nfe"
import { HubSac } from "../sac"
import type { HubCall } from "../hub-call"
import type { HubTransport } from "../transport"

/*
 * The seller's instances (src/hub-client/sac.ts): the hub's answers read liberally (null, "" and missing
 * absent, each line and refund read alone, a bare list or under an envelope), the body checked before it
 * leaves, naming the field.
 */

function answering(bodies: Record<string, unknown[]>) {
  const calls: HubCall<unknown>[] = []
  const transport = {
    send: async (call: HubCall<unknown>) => {
      calls.push(call)
      const body = bodies[`${call.method} ${call.path}`]?.shift()
      return call.response ? call.response.parse(body) : undefined
    },
  }
  return { sac: new HubSac(transport as unknown as HubTransport), calls }
}

const request = {
  action: { id: "RETURN" as const },
  cause: { id: "ARP", reason: { id: "183" } },
  items: [{ id: "1", sku_id: "SKU-1", product_id: null, quantity: 1 }],
  refunds: [{ id: "CREDIT_CARD", group: "ORIGINAL_PAYMENT" }],
}

describe("HubSac instances", () => {
  it("reads a ticket's instances bare or under an envelope, each field liberally, a line or refund field that does not fit read as absent", async () => {
    const { sac } = answering({
      "GET /sac/7/instances": [
        { instances: [{ id: 12, action: "RETURN", status: "", start_task_date: null, items: [{ id: 1, sku_id: "SKU-1", quantity: "2" }, { quantity: -1 }], refunds: [{ id: "CREDIT_CARD", value: "59.90", status: "PENDING" }, { value: "muito" }] }] },
        [{ action: { id: "CANCEL", name: "Cancelamento" }, status: "CANCELLED" }],
      ],
    })
    expect(await sac.instances("7")).toEqual([
      {
        id: "12",
        action: "RETURN",
        status: null,
        startedAt: null,
        items: [{ id: "1", sku: "SKU-1", productId: null, name: null, quantity: 2 }, { id: null, sku: null, productId: null, name: null, quantity: null }],
        refunds: [{ id: "CREDIT_CARD", name: null, status: "PENDING", group: null, value: "59.90" }, { id: null, name: null, status: null, group: null, value: null }],
      },
    ])
    expect(await sac.instances("7")).toEqual([expect.objectContaining({ id: null, action: "CANCEL", status: "CANCELLED", items: [], refunds: [] })])
  })

  it("sends the record's fields and takes an answer that does not read as an instance as sent (null); a body missing a line is refused before it leaves", async () => {
    const { sac, calls } = answering({ "POST /sac/7/instances": [{ id: "3", action: { id: "RETURN" }, status: "PENDING" }, "ok"] })
    expect(await sac.openInstance("7", request, "invoice")).toMatchObject({ id: "3", action: "RETURN", status: "PENDING" })
    expect(calls[0]).toMatchObject({ method: "POST", path: "/sac/7/instances", body: request })
    expect(await sac.openInstance("7", request, "invoice")).toBeNull()
    await expect(sac.openInstance("7", { ...request, items: [] }, "invoice")).rejects.toThrow(/items/)
    expect(calls).toHaveLength(2)
  })

  it("sends the return NF-e under the account's field (the record names none), checked as an invoice's key before it leaves", async () => {
    const { sac, calls } = answering({ "POST /sac/7/instances": [{ id: "3" }, { id: "4" }] })
    const key = sampleNfeKey(77)
    await sac.openInstance("7", { ...request, return_invoice: { key } }, "invoice")
    await sac.openInstance("7", { ...request, return_invoice: { key, issue_date: "2026-11-20T10:00:00-03:00" } }, "nota_devolucao")
    expect(calls[0].body).toEqual({ ...request, invoice: { key } })
    expect(calls[1].body).toEqual({ ...request, nota_devolucao: { key, issue_date: "2026-11-20T10:00:00-03:00" } })
    await expect(sac.openInstance("7", { ...request, return_invoice: { key: `${key.slice(0, 43)}${(Number(key[43]) + 1) % 10}` } }, "invoice")).rejects.toThrow(/check digit/)
    expect(calls).toHaveLength(2)
  })
})
