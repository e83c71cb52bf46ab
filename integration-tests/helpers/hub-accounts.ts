import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStockLocationsWorkflow, linkSalesChannelsToStockLocationWorkflow } from "@medusajs/medusa/core-flows"
import { type SandboxHub, sandboxAccountCredentials, startSandboxHub } from "../../src/sandbox"

/** A hub account beside `default` for a spec's store: its id, the sales channel it names, and (to test a revoked key) the key it is configured with instead of its hub's. */
export type AddedAccount = { id: string; salesChannelId: string; apiKey?: string; /** Any other option of the account's own. */ options?: Record<string, unknown> }

/**
 * Starts a sandbox hub per added account (credentials of its own) before the Medusa test runner boots
 * the store, and names them in HUB_ACCOUNTS (medusa-config.ts reads it). Call at the top of a spec,
 * before `medusaIntegrationTestRunner`; the hubs are in the returned map by account id once `beforeAll` ran.
 */
export function hubAccountsForStore(accounts: AddedAccount[]): Map<string, SandboxHub> {
  const hubs = new Map<string, SandboxHub>()
  beforeAll(async () => {
    for (const { id } of accounts) hubs.set(id, await startSandboxHub({ credentials: sandboxAccountCredentials(id) }))
    process.env.HUB_ACCOUNTS = JSON.stringify(
      accounts.map(({ id, salesChannelId, apiKey, options }) => ({ id, baseUrl: hubs.get(id)!.url, categoryServiceUrl: `${hubs.get(id)!.url}/category-service`, ...hubs.get(id)!.credentials, ...(apiKey ? { apiKey } : {}), salesChannelId, ...options }))
    )
  })
  afterAll(async () => {
    delete process.env.HUB_ACCOUNTS
    await Promise.all([...hubs.values()].map((hub) => hub.stop()))
  })
  return hubs
}

/**
 * An added account's sales channel (with the id its account names) and a stock location of its own
 * serving it, as a merchant sets one up; returns the location's id.
 */
export async function addSalesChannelWithLocation(container: MedusaContainer, { salesChannelId, name }: { salesChannelId: string; name: string }): Promise<string> {
  await container.resolve(Modules.SALES_CHANNEL).createSalesChannels({ id: salesChannelId, name } as { name: string })
  const { result: locations } = await createStockLocationsWorkflow(container).run({
    input: { locations: [{ name: `Loja ${name}`, address: { address_1: "Rua B 2", city: "Curitiba", country_code: "BR" } }] },
  })
  await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: locations[0].id, add: [salesChannelId] } })
  return locations[0].id
}
