import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../modules/hub"
import { accountSalesChannel, type HubAccountOptions } from "../modules/hub/accounts"
import type HubModuleService from "../modules/hub/service"

/** The hub's sales channel in this store and the stock locations that serve it. */
export type HubStockLocations = {
  /** The `salesChannelId` option, else the store's default sales channel; null when the store has none. */
  salesChannelId: string | null
  /**
   * The locations whose stock the hub sells: those linked to the channel, and the `stockLocationId`
   * option (hub orders reserve there, so its reservations must count in the available quantity).
   */
  locationIds: string[]
  /** Where hub orders reserve: the `stockLocationId` option, else the channel's first location. */
  reservationLocationId: string | null
}

/**
 * The one reading of "the stock locations that serve the hub's sales channel", for the import (where
 * to reserve) and the available quantity (which levels count). Read each time, so a merchant's
 * change of defaults or channel locations applies without a restart.
 */
export async function hubStockLocations(container: MedusaContainer, options: HubAccountOptions): Promise<HubStockLocations> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const salesChannelId = await hubSalesChannelId(container, options)
  if (!salesChannelId) {
    return { salesChannelId: null, locationIds: options.stockLocationId ? [options.stockLocationId] : [], reservationLocationId: options.stockLocationId ?? null }
  }
  const { data: channelLocations } = await query.graph({
    entity: "sales_channel_locations",
    fields: ["stock_location_id"],
    filters: { sales_channel_id: salesChannelId },
  })
  const linked = channelLocations.map((location: { stock_location_id: string }) => location.stock_location_id)
  const locationIds = [...new Set([...linked, ...(options.stockLocationId ? [options.stockLocationId] : [])])]
  return { salesChannelId, locationIds, reservationLocationId: options.stockLocationId ?? linked[0] ?? null }
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
