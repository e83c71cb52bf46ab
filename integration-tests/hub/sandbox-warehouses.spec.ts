import { DEFAULT_RATE_LIMITS } from "../../src/hub-client/endpoints"
import { MAX_SANDBOX_STORE_BATCH } from "../../src/sandbox/warehouses"
import { sandboxOverHttp, testOrder } from "../helpers/sandbox-http"

/*
 * The sandbox's warehouses (docs/hub-public-facts.md, *Stock per warehouse*; src/sandbox/warehouses.ts)
 * over loopback HTTP: CDs set through the control routes, each with its own stock per SKU, written by
 * the per-SKU and batch endpoints, strict about bodies; an unknown CD is a 404, CD 98 is never a store;
 * test orders whose lines name a CD; the stores' limits.
 */

jest.setTimeout(60_000)

describe("the sandbox hub's warehouses", () => {
  const { hub: currentHub, call } = sandboxOverHttp()
  const control = (method: string, path: string, body?: unknown) => call(method, `/_sandbox${path}`, { body, auth: {} })

  beforeEach(async () => {
    expect((await control("PUT", "/stores", { codes: ["01", "02"] })).body).toEqual({ codes: ["01", "02"] })
  })

  it("keeps each CD's stock apart, by SKU: a batch, a SKU added, a SKU changed", async () => {
    expect((await call("POST", "/stores/01/batch", { body: { skus: [{ code: "SKU-1", qty: 7, cross_docking: 2 }, { code: "SKU-2", qty: 0 }] } })).status).toBe(204)
    expect((await call("POST", "/stores/02/skus", { body: { sku: { code: "SKU-1", qty: 3 } } })).status).toBe(204)
    expect((await call("PUT", "/stores/02/skus/SKU-1", { body: { store_id: "02", sku_code: "SKU-1", sku: { qty: 5 } } })).status).toBe(204)
    // A batch changes what a CD holds too.
    expect((await call("POST", "/stores/01/batch", { body: { skus: [{ code: "SKU-2", qty: 4 }] } })).status).toBe(204)

    expect((await control("GET", "/stores/01")).body).toEqual({ code: "01", skus: { "SKU-1": { qty: 7, cross_docking: 2 }, "SKU-2": { qty: 4 } } })
    expect(currentHub().warehouseStock("02")).toEqual({ code: "02", skus: { "SKU-1": { qty: 5 } } })
    // The default CD's stock is the product's, untouched by /stores.
    expect(currentHub().getProduct("SKU-1")?.qty).toBe(10)
  })

  it("answers 404 for a CD the account does not have, and refuses CD 98, which /products feeds", async () => {
    const unknown = await call("POST", "/stores/77/batch", { body: { skus: [{ code: "SKU-1", qty: 1 }] } })
    expect(unknown).toMatchObject({ status: 404, body: { error: "Store 77 not found" } })
    expect((await call("PUT", "/stores/77/skus/SKU-1", { body: { store_id: "77", sku_code: "SKU-1", sku: { qty: 1 } } })).status).toBe(404)
    expect((await control("GET", "/stores/77")).status).toBe(404)
    const defaultCd = await call("POST", "/stores/98/batch", { body: { skus: [{ code: "SKU-1", qty: 1 }] } })
    expect(defaultCd.status).toBe(422)
    expect(defaultCd.body.error).toMatch(/default CD.*\/products/)
    expect((await control("PUT", "/stores", { codes: ["98"] })).status).toBe(400)
  })

  it("is strict about bodies, naming the field, and takes a batch whole or not at all", async () => {
    const refused = async (method: string, path: string, body: unknown) => {
      const reply = await call(method, path, { body })
      expect(reply.status).toBe(422)
      return reply.body.error as string
    }
    expect(await refused("POST", "/stores/01/batch", { skus: [{ code: "SKU-1", qty: -1 }] })).toBe("skus.0.qty: must not be negative")
    expect(await refused("POST", "/stores/01/batch", { skus: [{ code: "SKU-1", qty: 1.5 }] })).toBe("skus.0.qty: must be a whole number of units")
    expect(await refused("POST", "/stores/01/batch", { skus: [{ code: "SKU-1", qty: 1, price: 9 }] })).toMatch(/^skus\.0: /)
    expect(await refused("POST", "/stores/01/batch", { skus: [] })).toBe("skus: must hold at least one SKU")
    expect(await refused("POST", "/stores/01/batch", { sku: [{ code: "SKU-1", qty: 1 }] })).toMatch(/^skus: /)
    // A SKU the hub does not hold, or one given twice: nothing of the batch is taken.
    expect(await refused("POST", "/stores/01/batch", { skus: [{ code: "SKU-1", qty: 1 }, { code: "NAO-EXISTE", qty: 1 }] })).toBe('skus.1.code: "NAO-EXISTE" is not a product of this account')
    expect(await refused("POST", "/stores/01/batch", { skus: [{ code: "SKU-1", qty: 1 }, { code: "SKU-1", qty: 2 }] })).toBe('skus.1.code: "SKU-1" is given twice')
    const tooMany = Array.from({ length: MAX_SANDBOX_STORE_BATCH + 1 }, (_, index) => ({ code: `SKU-${index}`, qty: 1 }))
    expect(await refused("POST", "/stores/01/batch", { skus: tooMany })).toBe(`skus: must hold at most ${MAX_SANDBOX_STORE_BATCH} SKUs`)
    expect(currentHub().warehouseStock("01")).toEqual({ code: "01", skus: {} })

    // A SKU is added by POST and changed by PUT; the PUT names its CD and SKU again, as the path does.
    expect((await call("PUT", "/stores/01/skus/SKU-1", { body: { store_id: "01", sku_code: "SKU-1", sku: { qty: 1 } } })).status).toBe(404)
    expect((await call("POST", "/stores/01/skus", { body: { sku: { code: "SKU-1", qty: 1 } } })).status).toBe(204)
    expect(await refused("POST", "/stores/01/skus", { sku: { code: "SKU-1", qty: 2 } })).toMatch(/in store 01 already/)
    expect(await refused("PUT", "/stores/01/skus/SKU-1", { store_id: "02", sku_code: "SKU-1", sku: { qty: 2 } })).toBe('store_id: "02" is not the store of the path (01)')
    expect(await refused("PUT", "/stores/01/skus/SKU-1", { store_id: "01", sku_code: "SKU-2", sku: { qty: 2 } })).toBe('sku_code: "SKU-2" is not the SKU of the path (SKU-1)')
    expect(currentHub().warehouseStock("01")?.skus).toEqual({ "SKU-1": { qty: 1 } })
  })

  it("makes test orders whose lines name a CD", async () => {
    const order = currentHub().createOrder({ ...testOrder(), items: [{ id: "SKU-1", qty: 1, remote_store_id: "02" }, { id: "SKU-2", qty: 1 }] })
    const read = await call("GET", `/orders/${order.code}`)
    expect(read.body.items.map((item: { id: string; remote_store_id?: string }) => [item.id, item.remote_store_id ?? null])).toEqual([
      ["SKU-1", "02"],
      // A line naming none is the default CD's, as a real hub's realistic answers write it.
      ["SKU-2", "98"],
    ])
  })

  it("counts stores requests at their published limits: POST and PUT 9 a window, GET 1", async () => {
    expect(["GET", "POST", "PUT"].map((method) => DEFAULT_RATE_LIMITS[`${method} /stores`])).toEqual([
      { limit: 1, windowMs: 1000 },
      { limit: 9, windowMs: 1000 },
      { limit: 9, windowMs: 1000 },
    ])
    const hub = currentHub()
    hub.setRateLimits({ "POST /stores": { ...DEFAULT_RATE_LIMITS["POST /stores"], windowMs: 3_600_000 }, default: { limit: 1000, windowMs: 1000 } })
    const statuses: number[] = []
    for (let index = 0; index < 10; index++) statuses.push((await call("POST", "/stores/01/batch", { body: { skus: [{ code: "SKU-1", qty: index }] } })).status)
    expect(statuses).toEqual([...Array(9).fill(204), 429])
    expect(hub.warehouseStock("01")?.skus["SKU-1"]).toEqual({ qty: 8 })
  })
})
