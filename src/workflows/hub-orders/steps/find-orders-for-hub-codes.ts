import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import { DEFAULT_ACCOUNT, isDefaultAccount } from "../../../modules/hub/accounts"

/*
 * How a Medusa order says which hub account it came from. Two accounts may each have an order of one
 * code; an order of `default` says nothing more than its code, as every order from before accounts
 * does, so a single-account store's orders stay as they were.
 */

/** The metadata beside `hub_order_code`: the account, unless `default`. */
export function hubAccountMetadata(account: string): { hub_account?: string } {
  return !isDefaultAccount(account) ? { hub_account: account } : {}
}

/** The account a Medusa order's metadata names: `default`'s orders name none (as every order from before accounts). */
function hubAccountOfMetadata(metadata: Record<string, unknown> | null | undefined): string {
  return typeof metadata?.hub_account === "string" ? metadata.hub_account : DEFAULT_ACCOUNT
}

/**
 * The Medusa orders an earlier, interrupted import already created for these hub codes of one account
 * (the code, and the account, are in the order's metadata from its first write), by code, so a retry
 * completes them instead of creating second ones.
 */
export const findOrdersForHubCodesStep = createStep(
  "find-orders-for-hub-codes",
  async ({ account, codes }: { account: string; codes: string[] }, { container }) => {
    const orderModule = container.resolve(Modules.ORDER)
    const orders = await orderModule.listOrders({ metadata: { hub_order_code: codes } } as never, { select: ["id", "metadata"], take: null })
    const byCode: Record<string, string> = {}
    for (const order of orders) {
      if (hubAccountOfMetadata(order.metadata) === account) byCode[String(order.metadata?.hub_order_code)] ??= order.id
    }
    return new StepResponse(byCode)
  }
)
