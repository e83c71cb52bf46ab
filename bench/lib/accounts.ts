/*
 * bench/stock with two hub accounts (BENCH_ACCOUNTS=2): the second hub of `hub-sandbox --accounts 2`
 * as the store's account `account-2`, selling a sales channel of its own from a stock location of
 * its own, with the same products as the default channel.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  createInventoryLevelsWorkflow,
  createStockLocationsWorkflow,
  linkProductsToSalesChannelWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
} from "@medusajs/medusa/core-flows"
import type { SandboxProcess } from "./store"

export const SECOND_ACCOUNT = "account-2"
/** A fixed id, so HUB_ACCOUNTS names the channel before the seed creates it. */
const SECOND_CHANNEL = "sc_01BENCHACCOUNT2"

/**
 * One hub account as the bench drives and reads it: its sandbox hub (control routes, request log,
 * credentials), the stock location its sales channel sells from, and how many units more each SKU
 * has there than at the default account's location, so that one account's quantity pushed to the
 * other's hub shows as a mismatch.
 */
export type BenchHub = { account: string; sandbox: SandboxProcess; locationId: string; offset: number }

/** The store's HUB_ACCOUNTS: the sandbox's line, its account selling SECOND_CHANNEL. */
export function hubAccountsEnv(sandbox: SandboxProcess): { HUB_ACCOUNTS: string } {
  const [entry] = JSON.parse(sandbox.env.HUB_ACCOUNTS)
  return { HUB_ACCOUNTS: JSON.stringify([{ ...entry, salesChannelId: SECOND_CHANNEL }]) }
}

/** The second account's hub, addressed as the default one is: its own URL and credentials, in the same child process. */
export function secondSandbox(sandbox: SandboxProcess): SandboxProcess {
  const [entry] = JSON.parse(sandbox.env.HUB_ACCOUNTS)
  return {
    url: entry.baseUrl,
    env: { HUB_BASE_URL: entry.baseUrl, HUB_USER_EMAIL: entry.userEmail, HUB_API_KEY: entry.apiKey, HUB_ACCOUNT_MANAGER_KEY: entry.accountManagerKey },
    child: sandbox.child,
  }
}

/**
 * The second account's sales channel and its stock location, selling every product of `skus` (already
 * in the default channel), each stocked there at 0 as at the default location; resolves with the location.
 */
export async function seedSecondChannel(
  container: MedusaContainer,
  store: { variantsBySku: Record<string, { product_id?: string | null }>; inventoryItemsBySku: Record<string, string> },
  skus: string[]
): Promise<string> {
  await container.resolve(Modules.SALES_CHANNEL).createSalesChannels({ id: SECOND_CHANNEL, name: `Hub ${SECOND_ACCOUNT}` } as { name: string })
  const { result: locations } = await createStockLocationsWorkflow(container).run({
    input: { locations: [{ name: `CD ${SECOND_ACCOUNT}`, address: { address_1: "Rua do Estoque 2", city: "Campinas", country_code: "BR" } }] },
  })
  const locationId = locations[0].id
  await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: locationId, add: [SECOND_CHANNEL] } })
  await createInventoryLevelsWorkflow(container).run({
    input: { inventory_levels: skus.map((sku) => ({ inventory_item_id: store.inventoryItemsBySku[sku], location_id: locationId, stocked_quantity: 0 })) },
  })
  await linkProductsToSalesChannelWorkflow(container).run({ input: { id: SECOND_CHANNEL, add: skus.map((sku) => store.variantsBySku[sku].product_id as string) } })
  return locationId
}
