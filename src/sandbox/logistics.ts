/*
 * The hub's own delivery, as the sandbox plays it (docs/hub-public-facts.md, The hub's own delivery):
 * the marketplace's logistics ship an order (one parcel of everything, a Correios track) and deliver
 * it, through the same move rules as the merchant's moves, so a shipment waits for the invoice.
 */
import { createHash } from "node:crypto"
import { STANDARD_STATUS_CODES, type HubOrder } from "../hub-client/schemas"
import type { SandboxShipment } from "./move-bodies"
import type { SandboxHubState } from "./state"

export function shipByHub(state: SandboxHubState, code: string, shipment: Partial<SandboxShipment> = {}): HubOrder {
  const order = state.getOrder(code)
  const items = (Array.isArray(order?.items) ? order.items : []).map((item) => ({ sku: String((item as { id?: unknown }).id), qty: Number((item as { qty?: unknown }).qty) }))
  // A track code of its own per parcel, the same in every run.
  const parcels = Array.isArray(order?.shipments) ? order.shipments.length : 0
  const digits = BigInt(`0x${createHash("sha256").update(`${code}:${parcels}`).digest("hex").slice(0, 12)}`).toString().padStart(9, "0").slice(0, 9)
  const trackCode = `BR${digits}BR`
  return state.ship(code, STANDARD_STATUS_CODES.SHIPPED, {
    items,
    track: { code: trackCode, carrier: "Correios", method: "Americanas Entrega", url: `https://rastreamento.correios.example/${trackCode}` },
    ...shipment,
  })
}

export function deliverByHub(state: SandboxHubState, code: string): HubOrder {
  return state.deliver(code, STANDARD_STATUS_CODES.DELIVERED, {})
}
