import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { HubOrderTarget } from "../mapping/hub-order"
import type { HubAccountOptions } from "../modules/hub/accounts"
import { hubStockLocations } from "./hub-stock-locations"

export type ResolvedHubOrderTarget = HubOrderTarget & {
  stockLocationId: string
  /** The region's countries (lower case): a shipping address elsewhere is set aside. */
  countryCodes: string[]
}

/**
 * Where hub orders land: the options' ids, or else the store's defaults (its default sales channel
 * and region; the reservation location of `hubStockLocations`). Read on every run, so a merchant's
 * change of defaults applies without a restart.
 */
export async function resolveHubOrderTarget(container: MedusaContainer, options: HubAccountOptions): Promise<ResolvedHubOrderTarget> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [{ salesChannelId, reservationLocationId }, { data: stores }] = await Promise.all([
    hubStockLocations(container, options),
    query.graph({ entity: "store", fields: ["id", "default_region_id"] }),
  ])
  const regionId = options.regionId ?? stores[0]?.default_region_id
  if (!salesChannelId || !regionId) {
    throw new Error("hub orders have no sales channel or region: set the `salesChannelId` and `regionId` options, or the store's defaults")
  }

  const [{ data: regions }, { data: channels }] = await Promise.all([
    query.graph({ entity: "region", fields: ["id", "currency_code", "countries.iso_2"], filters: { id: regionId } }),
    query.graph({ entity: "sales_channel", fields: ["id"], filters: { id: salesChannelId } }),
  ])
  if (!regions[0]) throw new Error(`the region ${regionId} for hub orders does not exist`)
  if (!channels[0]) throw new Error(`the sales channel ${salesChannelId} for hub orders does not exist`)
  if (!reservationLocationId) {
    throw new Error(`no stock location serves the sales channel ${salesChannelId}: link one, or set the \`stockLocationId\` option`)
  }
  return {
    regionId,
    salesChannelId,
    currencyCode: regions[0].currency_code as string,
    countryCodes: (regions[0].countries ?? []).flatMap((country: { iso_2?: string | null } | null) => (country?.iso_2 ? [country.iso_2.toLowerCase()] : [])),
    stockLocationId: reservationLocationId,
    shippingOptionId: options.shippingOptionId,
    interestItemTitle: options.interestItemTitle,
  }
}
