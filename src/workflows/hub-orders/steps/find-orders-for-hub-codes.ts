import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import { isDefaultAccount } from "../../../modules/hub/accounts"

/*
 * How the import knows a Medusa order is one it made. Never by the order's metadata: a storefront
 * customer writes a cart's metadata and completing the cart copies it onto the order (issue 50).
 * The plugin cannot write its own record in the order module's transaction, so it gives the order an
 * id of its own choosing, derived from its hub order record's: the one thing written with the order
 * that only the plugin sets (a customer's order gets Medusa's random id). A second create of one hub
 * order then fails on the primary key too.
 */

/** The Medusa order id a hub order record's import gives its order: `order_` and the record's ULID. */
export function hubMedusaOrderId(hubOrderId: string): string {
  return `order_${hubOrderId.replace(/^hubord_/, "")}`
}

/** The metadata beside `hub_order_code`, shown to the merchant (never read back): the account, unless `default`. */
export function hubAccountMetadata(account: string): { hub_account?: string } {
  return !isDefaultAccount(account) ? { hub_account: account } : {}
}

export type HubOrderOfCode = { hubOrderId: string; hubOrderCode: string }

/**
 * The Medusa orders an earlier, interrupted import already created for these hub orders (found by the
 * id the import gave them), by code, so a retry completes them instead of creating second ones.
 */
export const findOrdersForHubCodesStep = createStep("find-orders-for-hub-codes", async (hubOrders: HubOrderOfCode[], { container }) => {
  const codeById = new Map(hubOrders.map(({ hubOrderId, hubOrderCode }) => [hubMedusaOrderId(hubOrderId), hubOrderCode]))
  const orders = codeById.size ? await container.resolve(Modules.ORDER).listOrders({ id: [...codeById.keys()] }, { select: ["id"], take: null }) : []
  const byCode: Record<string, string> = {}
  for (const order of orders) byCode[codeById.get(order.id)!] = order.id
  return new StepResponse(byCode)
})
