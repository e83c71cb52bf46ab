import { DEFAULT_ACCOUNT } from "../modules/hub/accounts"

/*
 * How a Medusa order says which hub account it came from. Two accounts may each have an order of one
 * code; an order of `default` says nothing more than its code, as every order from before accounts
 * does, so a single-account store's orders stay as they were.
 */

/** The metadata beside `hub_order_code`: the account, unless `default`. */
export function hubAccountMetadata(account: string | undefined): { hub_account?: string } {
  return account && account !== DEFAULT_ACCOUNT ? { hub_account: account } : {}
}

/** The account a Medusa order's metadata names (`default` when none). */
export function hubAccountOfMetadata(metadata: Record<string, unknown> | null | undefined): string {
  return typeof metadata?.hub_account === "string" ? metadata.hub_account : DEFAULT_ACCOUNT
}

/**
 * The number Medusa's admin shows for the order (`custom_display_id`, unique in the store): the hub
 * code, followed by the account when not `default` (`Loja-1 (brand-b)`), so Medusa's search still
 * finds the code.
 */
export function hubOrderNumber(code: string, account: string | undefined): string {
  return account && account !== DEFAULT_ACCOUNT ? `${code} (${account})` : code
}
