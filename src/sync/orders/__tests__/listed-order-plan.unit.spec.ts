import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { ListedHubOrder } from "../../../hub-client"
import { planHubOrder, type HubOrderRecordState } from "../../../mapping/plan-hub-order"
import { HUB_MODULE } from "../../../modules/hub"
import { SandboxHubState, sampleTestOrder, STANDARD_SANDBOX_STATUSES } from "../../../sandbox"
import { followHubOrderWorkflow } from "../../../workflows/hub-orders/follow-hub-order"
import { importHubOrdersWorkflow } from "../../../workflows/hub-orders/import-hub-orders"
import type { SharedListedOrder } from "../../../modules/hub/types"
import type { Lease } from "../../shared/lock"
import { HubOrderIntake } from "../hub-order-intake"
import { ProcessParts } from "../../../modules/hub/process-parts"

// planHubOrder counted, as it is: every caller reaches it through the module.
jest.mock("../../../mapping/plan-hub-order", () => {
  const actual = jest.requireActual("../../../mapping/plan-hub-order")
  return { ...actual, planHubOrder: jest.fn(actual.planHubOrder) }
})
// What a lane's handler does beyond planning (workflows, Medusa's queries) stands in: the test follows a listed order's plan and record.
jest.mock("../../../workflows/hub-orders/refresh-hub-statuses", () => ({
  refreshHubStatusesWorkflow: () => ({ run: async () => ({ result: catalogueOf() }) }),
}))
jest.mock("../../../workflows/hub-orders/import-hub-orders", () => ({ importHubOrdersWorkflow: jest.fn() }))
jest.mock("../../../workflows/hub-orders/follow-hub-order", () => ({ followHubOrderWorkflow: jest.fn() }))
jest.mock("../../../queries/hub-order-target", () => ({
  resolveHubOrderTarget: async () => ({ stockLocationId: "sloc_1", countryCodes: ["br"] }),
}))
jest.mock("../../../queries/variants-by-sku", () => ({ variantsBySku: async () => new Map() }))
jest.mock("../../../mapping/hub-order", () => ({ toMedusaOrder: () => ({ ok: true, customer: {}, order: {} }) }))
jest.mock("../../../mapping/hub-order-bounds", () => ({ hubOrderOutOfBounds: () => null }))

function catalogueOf(): Record<string, string> {
  return Object.fromEntries(STANDARD_SANDBOX_STATUSES.map((status) => [status.code, status.type]))
}

/** The hub module as the listing, the lanes and the handler use it, in memory; counts each order's record reads. */
function fakeHub(records: Map<string, HubOrderRecordState & { code: string }>) {
  const reads = new Map<string, number>()
  let shared: Array<{ id: string; run_id: string; code: string; listed: ListedHubOrder; planned: Record<string, unknown> | null; attempts: number; taken: boolean }> = []
  const done: Array<{ code: string; counts: Record<string, number> }> = []
  const crossed: SharedListedOrder[] = []
  const claims: string[] = []
  const parts = new ProcessParts()
  // The account's own records, as `hub.account(id).records` holds them.
  const accountRecords = {
    runs: { beginImportRun: async () => "run_1", holdImportRun: async () => undefined },
    statuses: { catalogue: async () => new Map(Object.entries(catalogueOf())) },
    orders: {
      byCodes: async (codes: string[]) => {
        for (const code of codes) reads.set(code, (reads.get(code) ?? 0) + 1)
        return codes.flatMap((code) => (records.has(code) ? [{ ...records.get(code)! }] : []))
      },
    },
    // What crosses the table is JSON, as PostgreSQL keeps it.
    shareListedHubOrders: async (runId: string, orders: SharedListedOrder[]) => {
      crossed.push(...(JSON.parse(JSON.stringify(orders)) as SharedListedOrder[]))
      for (const { listed, planned } of JSON.parse(JSON.stringify(orders)) as SharedListedOrder[]) shared.push({ id: `hublst_${listed.code}`, run_id: runId, code: listed.code, listed, planned, attempts: 0, taken: false })
    },
    takeListedHubOrders: async (_leaseMs: number, limit: number) =>
      shared
        .filter((order) => !order.taken)
        .slice(0, limit)
        .map((order) => Object.assign(order, { taken: true, attempts: order.attempts + 1 })),
    claimHubOrder: async (seen: { code: string }) => {
      claims.push(seen.code)
      return { id: `hubord_${seen.code}`, code: seen.code, import_state: "importing", attempts: 1, order_id: null }
    },
    setHubOrderAside: async (_seen: unknown, reason: string) => {
      throw new Error(`set aside: ${reason}`)
    },
  }
  const account = { id: "default", options: { importConcurrency: 1 }, records: accountRecords }
  const hub = {
    account: () => account,
    processPart: (name: string, make: () => object) => parts.get(name, make),
    listedHubOrdersDone: async (handled: Array<{ id: string; counts: Record<string, number> }>) => {
      for (const { id, counts } of handled) done.push({ code: shared.find((order) => order.id === id)!.code, counts })
      shared = shared.filter((order) => !handled.some((one) => one.id === order.id))
    },
    pendingListedHubOrders: async () => shared.length,
    withdrawListedHubOrders: async () => undefined,
    finishHubImportRun: async (_runId: string, run: { seen: number }, counts: Record<string, number>) => ({ seen: run.seen, ...counts }),
  }
  return { hub, account, reads, done, claims, crossed }
}

function containerOf(hub: unknown): MedusaContainer {
  const logger = { info: () => undefined, warn: () => undefined, error: () => undefined }
  const registrations: Record<string, unknown> = {
    [HUB_MODULE]: hub,
    [ContainerRegistrationKeys.LOGGER]: logger,
    [Modules.EVENT_BUS]: { emit: async () => undefined },
  }
  return { resolve: (key: string) => registrations[key] } as unknown as MedusaContainer
}

const lease: Lease = { lost: false, confirm: async () => true } as unknown as Lease

describe("a listed hub order through the listing, a lane and the handler", () => {
  it("is planned once and its record read once; imported and followed as planned", async () => {
    const sandbox = new SandboxHubState()
    sandbox.upsertProducts([{ sku: "SKU-1", qty: 10, name: "Camiseta", price: 59.9 }])
    // One imported order the marketplace approved since (to follow), one new order approved already (to import, then follow).
    const toFollow = sandbox.createOrder(sampleTestOrder())
    const toImport = sandbox.createOrder(sampleTestOrder())
    const newStatus = toFollow.status.code
    sandbox.approve(toFollow.code)
    sandbox.approve(toImport.code)
    const records = new Map([[toFollow.code, { code: toFollow.code, id: "hubord_follow", order_id: "order_follow", status_code: newStatus, import_state: "imported", applied_status_type: null }]])
    const { hub, account, reads, done, claims, crossed } = fakeHub(records)

    const followRuns = jest.fn(async () => ({ result: {} }))
    jest.mocked(followHubOrderWorkflow).mockReturnValue({ run: followRuns } as never)
    jest.mocked(importHubOrdersWorkflow).mockReturnValue({
      run: async ({ input }: { input: { hubOrders: Array<{ hubOrderId: string; hubOrderCode: string }> } }) => ({
        result: input.hubOrders.map((order) => ({ code: order.hubOrderCode, id: order.hubOrderId, order_id: "order_new", status_code: sandbox.getOrder(order.hubOrderCode)!.status.code, import_state: "imported", applied_status_type: null })),
      }),
    } as never)

    const container = containerOf(hub)
    const run = await HubOrderIntake.begin(container, account as never, "listing", lease)
    await run.prepare()
    await run.handle([sandbox.getOrder(toFollow.code)!, sandbox.getOrder(toImport.code)!] as unknown as ListedHubOrder[])
    await run.settle()

    // Once each: the listing plans and reads; the lane takes what it decided.
    const plannedCodes = jest.mocked(planHubOrder).mock.calls.map(([seen]) => seen.code)
    const times = (code: string) => ({ planned: plannedCodes.filter((planned) => planned === code).length, recordRead: reads.get(code) })
    expect({ toFollow: times(toFollow.code), toImport: times(toImport.code) }).toEqual({ toFollow: { planned: 1, recordRead: 1 }, toImport: { planned: 1, recordRead: 1 } })
    // The plan crosses beside the hub's order, never inside it: the order holds the hub's own fields alone.
    for (const { listed, planned } of crossed) {
      const hubFields = Object.keys(sandbox.getOrder(listed.code)!)
      expect(Object.keys(listed).filter((key) => !hubFields.includes(key))).toEqual([])
      expect(planned).toMatchObject({ plan: { action: expect.any(String) } })
    }
    expect(crossed.map(({ listed }) => listed.code).sort()).toEqual([toFollow.code, toImport.code].sort())

    // And carried out as before: the new order claimed and imported, both approvals followed, each outcome counted once.
    expect(claims).toEqual([toImport.code])
    expect(followRuns.mock.calls.map(([{ input }]: any) => ({ code: input.seen.code, hubOrderId: input.hubOrderId, plan: input.plan }))).toEqual([
      { code: toFollow.code, hubOrderId: "hubord_follow", plan: { action: "follow", recordStatus: true, applyStatus: "APPROVED", recheckStock: false } },
      { code: toImport.code, hubOrderId: `hubord_${toImport.code}`, plan: { action: "follow", recordStatus: false, applyStatus: "APPROVED", recheckStock: false } },
    ])
    expect(done).toEqual(
      expect.arrayContaining([
        { code: toFollow.code, counts: { imported: 0, updated: 1, set_aside: 0 } },
        { code: toImport.code, counts: { imported: 1, updated: 0, set_aside: 0 } },
      ])
    )
    expect(done).toHaveLength(2)
  })
})
