/*
 * The hub's delivery endpoints (docs/hub-public-facts.md, The hub's own delivery): a label by order,
 * and the PLPs and collections under `/shipments/b2w/`. `Accept: application/pdf` answers a PDF,
 * anything else JSON, as the record describes; the state decides the rest (marketplace-delivery.ts).
 */
import { SandboxHubError } from "./errors"
import { allowOnlyParams, readInteger, readSingle, type Answer, type Route, type RouteRequest } from "./http"
import type { SandboxHubState } from "./state"

const pdf = (bytes: Buffer): Answer => ({ status: 200, raw: bytes, headers: { "content-type": "application/pdf" } })
const wantsPdf = (request: RouteRequest) => request.accept.includes("application/pdf")

/** `offset`: the page, counted from 1. */
function readOffset(query: URLSearchParams): number {
  const offset = readInteger(query, "offset") ?? 1
  if (offset < 1) throw new SandboxHubError(400, "offset must be 1 or more")
  return offset
}

export function deliveryRoutes(state: SandboxHubState): Route[] {
  const delivery = state.delivery
  return [
    {
      method: "GET",
      path: "/orders/:code/shipment_labels",
      handle: (request) => (wantsPdf(request) ? pdf(delivery.labelPdf(request.params.code)) : { status: 200, body: delivery.labelData(request.params.code) }),
    },
    {
      method: "GET",
      path: "/shipments/b2w/to_group",
      handle: ({ query }) => {
        allowOnlyParams(query, ["offset", "warehouse_id"])
        return { status: 200, body: { orders: delivery.toGroup(readOffset(query)) } }
      },
    },
    { method: "GET", path: "/shipments/b2w", handle: () => ({ status: 200, body: delivery.list() }) },
    { method: "POST", path: "/shipments/b2w", handle: ({ body }) => ({ status: 201, body: delivery.group(body()) }) },
    { method: "DELETE", path: "/shipments/b2w", handle: ({ body }) => ({ status: 200, body: delivery.ungroup(body()) }) },
    {
      method: "GET",
      path: "/shipments/b2w/view",
      handle: (request) => {
        allowOnlyParams(request.query, ["plp_id"])
        const plpId = readSingle(request.query, "plp_id")
        if (!plpId) throw new SandboxHubError(400, "plp_id is required")
        return wantsPdf(request) ? pdf(delivery.viewPdf(plpId)) : { status: 200, body: delivery.viewData(plpId) }
      },
    },
    {
      method: "GET",
      path: "/shipments/b2w/collectables",
      handle: ({ query }) => {
        allowOnlyParams(query, ["requested", "offset", "warehouse_id"])
        const requested = readSingle(query, "requested")
        if (requested !== "true" && requested !== "false") throw new SandboxHubError(400, "requested is required: true or false")
        return { status: 200, body: { orders: delivery.collectables(requested === "true", readOffset(query)) } }
      },
    },
    { method: "POST", path: "/shipments/b2w/confirm_collection", handle: ({ body }) => ({ status: 201, body: delivery.requestCollection(body()) }) },
  ]
}
