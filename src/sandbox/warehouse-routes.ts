/*
 * The hub's warehouse endpoints (docs/hub-public-facts.md, *Stock per warehouse*) and their control
 * routes: under /_sandbox/ the account's CDs set (as the hub's panel creates them) and a CD's stock read.
 * The state decides (warehouses.ts).
 */
import { SandboxHubError } from "./errors"
import type { Route } from "./http"
import type { SandboxWarehouses } from "./warehouses"

export function warehouseRoutes(warehouses: SandboxWarehouses): Route[] {
  return [
    { method: "POST", path: "/stores/:code/skus", handle: ({ params, body }) => (warehouses.add(params.code, body()), { status: 204 }) },
    { method: "PUT", path: "/stores/:code/skus/:sku", handle: ({ params, body }) => (warehouses.update(params.code, params.sku, body()), { status: 204 }) },
    { method: "POST", path: "/stores/:code/batch", handle: ({ params, body }) => (warehouses.batch(params.code, body()), { status: 204 }) },
  ]
}

export function warehouseControlRoutes(warehouses: SandboxWarehouses): Route[] {
  return [
    // {"codes": ["01", "02"]}: the account's CDs besides "98", replacing those there were.
    { method: "PUT", path: "/stores", handle: ({ body }) => ({ status: 200, body: { codes: warehouses.setStores(body()) } }) },
    { method: "GET", path: "/stores", handle: () => ({ status: 200, body: { codes: warehouses.codes() } }) },
    {
      method: "GET",
      path: "/stores/:code",
      handle: ({ params }) => {
        const view = warehouses.view(params.code)
        if (!view) throw new SandboxHubError(404, `Store ${params.code} not found`)
        return { status: 200, body: view }
      },
    },
  ]
}
