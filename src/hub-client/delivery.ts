/*
 * Who carries a hub order (docs/hub-public-facts.md, The hub's own delivery): the order's
 * `calculation_type` names the marketplace's own delivery (`b2wentregacorreios`: carried by Correios;
 * `b2wentregadirect`: by Direct, or shipped from the marketplace's warehouse when `shipping_method` is
 * "B2W Fulfillment"); any other value is the merchant's own carrier. Pure: the order card and the
 * moves offered read it (framework-free, as the rest of the hub client: the admin reads it too).
 */
import { z } from "zod"

export const HUB_DELIVERIES = ["correios", "direct", "fulfillment", "own"] as const
export type HubDelivery = (typeof HUB_DELIVERIES)[number]

/** The order's words for its delivery, as kept on its record (each at most 200 characters, never personal data). */
export type HubDeliveryFacts = { calculation_type: string | null; shipping_method: string | null; shipping_carrier: string | null }

const fact = z
  .string()
  .transform((value) => value.trim().slice(0, 200))
  .transform((value) => value || null)
  .nullable()
  .catch(null)

/** The delivery facts a listed hub order carries (a field of another shape is none). */
export function hubDeliveryFacts(listed: Record<string, unknown>): HubDeliveryFacts {
  return {
    calculation_type: fact.parse(listed.calculation_type ?? null),
    shipping_method: fact.parse(listed.shipping_method ?? null),
    shipping_carrier: fact.parse(listed.shipping_carrier ?? null),
  }
}

export function hubDeliveryOf(facts: Pick<HubDeliveryFacts, "calculation_type" | "shipping_method">): HubDelivery {
  const type = facts.calculation_type?.toLowerCase()
  if (type === "b2wentregacorreios") return "correios"
  if (type === "b2wentregadirect") return facts.shipping_method?.toLowerCase() === "b2w fulfillment" ? "fulfillment" : "direct"
  return "own"
}

/**
 * Whether the marketplace carries the order: the merchant invoices (and may cancel) it, and the hub
 * moves it to shipped and delivered itself; a shipment or delivery from the merchant is not its.
 */
export const marketplaceCarries = (delivery: HubDelivery): boolean => delivery !== "own"
