import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../modules/hub"
import { accountSalesChannel, isDefaultAccount, type HubAccountOptions } from "../modules/hub/accounts"
import { HubPluginOptionsError, type HubWarehouse } from "../modules/hub/options"
import type HubModuleService from "../modules/hub/service"

/** A warehouse of the hub other than the default (as saved, else the option `warehouses`): its store code and the location whose stock it sells. */
export type HubWarehouseLocation = { code: string; locationId: string }

/** The hub's sales channel in this store and the stock locations that serve it. */
export type HubStockLocations = {
  /** The `salesChannelId` option, else the store's default sales channel; null when the store has none. */
  salesChannelId: string | null
  /**
   * The locations whose stock the default warehouse sells: those linked to the channel, and the
   * `stockLocationId` option (hub orders reserve there, so its reservations must count in the available
   * quantity), less those mapped to another warehouse (`warehouses`), whose stock is theirs alone.
   */
  locationIds: string[]
  /** Where hub orders reserve: the `stockLocationId` option, else the channel's first location not mapped to another warehouse. */
  reservationLocationId: string | null
  /** The other warehouses, each a location of the channel (docs/catalogue.md, *Warehouses*). */
  warehouses: HubWarehouseLocation[]
}

/**
 * The one reading of "the stock locations that serve the hub's sales channel", for the import (where
 * to reserve) and the available quantity (which levels count). Read each time, so a merchant's
 * change of defaults or channel locations applies without a restart. Throws, naming both accounts,
 * when a location of this account's is another's too (through Medusa's links between their sales
 * channels and locations, which the boot cannot see), unless the store set `sharedStockLocations`;
 * and when a mapped warehouse's location does not serve the account's channel. Each account's warehouses
 * are as saved in the admin, else its option's; `proposed`: this account's as a save would make them
 * (the save's check), read in their place.
 */
export async function hubStockLocations(container: MedusaContainer, options: HubAccountOptions, proposed?: HubWarehouse[]): Promise<HubStockLocations> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const hubModule = container.resolve<HubModuleService>(HUB_MODULE)
  const accounts = hubModule.accounts.map((account) => account.options)
  const [channels, mappings] = await Promise.all([accountSalesChannels(container, accounts), hubModule.warehousesOfAccounts()])
  const warehousesOf = (account: HubAccountOptions) => (account.id === options.id && proposed ? proposed : (mappings.get(account.id) ?? account.warehouses))
  // The options given win over the module's (a caller may pass an account's options as it changes them).
  const salesChannelId = options.salesChannelId ?? (channels.has(options.id) ? channels.get(options.id)! : await hubSalesChannelId(container, options))
  if (salesChannelId) channels.set(options.id, salesChannelId)
  const warehouses = warehousesOf(options).map(({ code, stockLocationId }) => ({ code, locationId: stockLocationId }))
  const mapped = new Set(warehouses.map((warehouse) => warehouse.locationId))
  if (!salesChannelId) {
    return { salesChannelId: null, locationIds: options.stockLocationId ? [options.stockLocationId] : [], reservationLocationId: options.stockLocationId ?? null, warehouses }
  }
  // Every account's channel in one read: a location linked to two of them is found at its first use.
  const channelIds = [...new Set([...channels.values()].filter((id): id is string => Boolean(id)))]
  const { data: channelLocations } = await query.graph({
    entity: "sales_channel_locations",
    fields: ["stock_location_id", "sales_channel_id"],
    filters: { sales_channel_id: channelIds },
  })
  const linkedTo = (channel: string | null) =>
    channelLocations.filter((link: { sales_channel_id: string }) => link.sales_channel_id === channel).map((link: { stock_location_id: string }) => link.stock_location_id)
  const linked = linkedTo(salesChannelId)
  warehouses.forEach((warehouse, index) => {
    if (!linked.includes(warehouse.locationId)) {
      throw new HubPluginOptionsError(
        `${accountPlace(options)}warehouses.${index}.stockLocationId: ${warehouse.locationId} (warehouse ${warehouse.code}) is not a stock location of sales channel ${salesChannelId}; link it to the channel, or map another`
      )
    }
  })
  if (!accounts[0]?.sharedStockLocations) {
    const ours = new Set([...linked, ...(options.stockLocationId ? [options.stockLocationId] : []), ...mapped])
    for (const other of accounts) {
      if (other.id === options.id) continue
      const theirs = [...linkedTo(channels.get(other.id) ?? null), ...(other.stockLocationId ? [other.stockLocationId] : []), ...warehousesOf(other).map((warehouse) => warehouse.stockLocationId)]
      const shared = theirs.find((location) => ours.has(location))
      if (shared) {
        const place = (id: string) => accounts.findIndex((account) => account.id === id)
        const [first, second] = place(other.id) < place(options.id) ? [other.id, options.id] : [options.id, other.id]
        throw new HubPluginOptionsError(
          `accounts: ${first} and ${second} both sell stock location ${shared} (their sales channels share it through Medusa's links, or an option names it), so both hubs would sell the same units; give each account's sales channel its own locations, or set sharedStockLocations: true if that is meant`
        )
      }
    }
  }
  const locationIds = [...new Set([...linked, ...(options.stockLocationId ? [options.stockLocationId] : [])])].filter((id) => !mapped.has(id))
  return { salesChannelId, locationIds, reservationLocationId: options.stockLocationId ?? locationIds[0] ?? null, warehouses }
}

const accountPlace = (options: HubAccountOptions) => (isDefaultAccount(options.id) ? "" : `accounts (${options.id}): `)

/** Each account's sales channel (`hubSalesChannelId`), the store read once at most. */
async function accountSalesChannels(container: MedusaContainer, accounts: HubAccountOptions[]): Promise<Map<string, string | null>> {
  if (accounts.every((account) => account.salesChannelId)) return new Map(accounts.map((account) => [account.id, account.salesChannelId ?? null]))
  const { data: stores } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "store", fields: ["default_sales_channel_id"] })
  const storeDefault = stores[0]?.default_sales_channel_id ?? null
  return new Map(accounts.map((account) => [account.id, accountSalesChannel(account, accounts, storeDefault)]))
}

/**
 * An account's sales channel: its `salesChannelId` option, else the store's default sales channel;
 * null when the store has none. Throws when another account of the store sells the same channel
 * (`accountSalesChannel`): read each time, so the store's default changing is seen at once.
 */
export async function hubSalesChannelId(container: MedusaContainer, options: HubAccountOptions): Promise<string | null> {
  const accounts = container.resolve<HubModuleService>(HUB_MODULE).accounts.map((account) => account.options)
  // Every account naming its channel: the boot has checked them apart, and the store is not read.
  if (accounts.every((account) => account.salesChannelId)) return options.salesChannelId ?? null
  const { data: stores } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "store", fields: ["default_sales_channel_id"] })
  return accountSalesChannel(options, accounts, stores[0]?.default_sales_channel_id ?? null)
}
