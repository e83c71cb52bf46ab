/*
 * bench/stock with two hub accounts (BENCH_ACCOUNTS=2): the second hub of `hub-sandbox --accounts 2`
 * as the store's account `account-2`, selling a sales channel of its own from a stock location of
 * its own, with the same products as the default channel; and the 429 storm on its hub during which
 * the default account's pushes are measured again.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  createInventoryLevelsWorkflow,
  createStockLocationsWorkflow,
  linkProductsToSalesChannelWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
} from "@medusajs/medusa/core-flows"
import { HubClient, type RateLimit } from "../../src/hub-client"
import type { SandboxRequestLogEntry } from "../../src/sandbox"
import { figure, info } from "./figures"
import { control, type SandboxProcess } from "./store"

export const SECOND_ACCOUNT = "account-2"
/** A fixed id, so HUB_ACCOUNTS names the channel before the seed creates it. */
const SECOND_CHANNEL = "sc_01BENCHACCOUNT2"
/** The pause the storm's 429s ask for: under the client's longest, so it is honoured and the stormed account sends little. */
const STORM_RETRY_AFTER_S = 5

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

/** Every product on a hub, read back with a client of the bench's own: a budget of its own (`rateLimits`) on the hub's account. */
export async function* hubProducts(sandbox: SandboxProcess, rateLimits: Record<string, RateLimit>) {
  const reader = new HubClient({
    baseUrl: sandbox.url,
    userEmail: sandbox.env.HUB_USER_EMAIL,
    apiKey: sandbox.env.HUB_API_KEY,
    accountManagerKey: sandbox.env.HUB_ACCOUNT_MANAGER_KEY,
    rateLimits,
  })
  try {
    yield* reader.allProducts()
  } finally {
    await reader.close()
  }
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

/** A 429 storm on one account's hub: when it began and ended, and when each change made during it was written (by SKU index). */
export type Storm = { account: string; from: number; to: number; changedAt: Map<number, number> }

/**
 * Runs `phase` while `stormed`'s hub answers every PUT /products with a 429 and a Retry-After, as a
 * hub in a storm (or a gateway in front of it) does; the storm ends once `phase` has resolved.
 */
export async function duringStorm(stormed: BenchHub, phase: () => Promise<Map<number, number>>): Promise<Storm> {
  const from = Date.now()
  // More 429s than a phase can ask for: the storm lasts until it is turned off.
  await control(stormed.sandbox, "PUT", "/misbehaviour", { retryAfter: { seconds: STORM_RETRY_AFTER_S, times: 1_000_000, bucket: "PUT /products" } })
  const changedAt = await phase()
  await control(stormed.sandbox, "PUT", "/misbehaviour", { retryAfter: null })
  return { account: stormed.account, from, to: Date.now(), changedAt }
}

/** A 429 answered while the storm lasted, on any hub: the storm's own on the stormed one, on another one what the storm must not cause. */
export function inStorm(storm: Storm | undefined, entry: SandboxRequestLogEntry): boolean {
  return storm !== undefined && entry.status === 429 && entry.at >= storm.from && entry.at < storm.to
}

type StormHubFigures = { account: string; p95LatencyMs: number; stormP95LatencyMs: number; stormRateLimited: number }

/**
 * The storm's figures: the other account's change -> hub p95 during it / without it (`pacedSkus`
 * changed at the same pace before it; goal <= 1.5: it keeps its p95) and its 429s meanwhile (goal
 * 0); the stormed account's 429s (more than 0: the storm took place) and its own changes' p95.
 */
export function stormFigures(name: string, storm: Storm, hubs: StormHubFigures[], pacedSkus: number): void {
  const other = hubs.find(({ account }) => account !== storm.account)!
  const during = `during ${storm.account}'s 429 storm`
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  figure(`${name}: change -> hub p95 ${during} / without it, ${other.account}`, other.stormP95LatencyMs / other.p95LatencyMs, { at: "<=", target: 1.5 }, {
    detail: `${seconds(other.stormP95LatencyMs)} during, ${seconds(other.p95LatencyMs)} without; ${storm.changedAt.size} and ${pacedSkus} SKUs changed at the same pace`,
  })
  figure(`${name}: 429 answers ${during}, ${other.account}`, other.stormRateLimited, { at: "<=", target: 0 }, { digits: 0 })
  const stormed = hubs.find(({ account }) => account === storm.account)!
  info(`${name}: 429 answers during its storm, ${storm.account}`, String(stormed.stormRateLimited), `Retry-After: ${STORM_RETRY_AFTER_S} s to every PUT /products for ${((storm.to - storm.from) / 1000).toFixed(1)} s; its own changes of that phase landed p95 ${seconds(stormed.stormP95LatencyMs)} after them`)
}
