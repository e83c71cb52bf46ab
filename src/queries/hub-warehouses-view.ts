import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { HubAccount } from "../modules/hub/hub-account"
import { hubSalesChannelId } from "./hub-stock-locations"

/** What Settings → Marketplace hub shows of an account's warehouses besides the default. */
export type HubWarehousesView = {
  account: string
  /** Saved in the admin; false: the option `warehouses` says them. */
  saved: boolean
  warehouses: Array<{ code: string; stock_location: { id: string; name: string | null }; pending: number; refused: number; refusal: string | null }>
  /** The stock locations of the account's sales channel a warehouse may sell from (not its `stockLocationId`, the default warehouse's). */
  locations: Array<{ id: string; name: string }>
}

/** An account's warehouses with their locations' names and their SKUs' state, and the locations one may map. */
export async function warehousesView(container: MedusaContainer, account: HubAccount): Promise<HubWarehousesView> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [{ warehouses, saved }, summaries, channelId] = await Promise.all([
    account.records.settings.warehouses(),
    account.records.warehouseStockSummary(),
    hubSalesChannelId(container, account.options),
  ])
  const links = channelId
    ? ((await query.graph({ entity: "sales_channel_locations", fields: ["stock_location_id"], filters: { sales_channel_id: channelId } })).data as Array<{ stock_location_id: string }>)
    : []
  const ids = [...new Set([...links.map((link) => link.stock_location_id), ...warehouses.map((warehouse) => warehouse.stockLocationId)])]
  const { data } = ids.length ? await query.graph({ entity: "stock_location", fields: ["id", "name"], filters: { id: ids } }) : { data: [] }
  const names = new Map((data as Array<{ id: string; name: string }>).map((location) => [location.id, location.name]))
  return {
    account: account.id,
    saved,
    warehouses: warehouses.map(({ code, stockLocationId }) => {
      const summary = summaries.find((entry) => entry.warehouse === code)
      return { code, stock_location: { id: stockLocationId, name: names.get(stockLocationId) ?? null }, pending: summary?.pending ?? 0, refused: summary?.refused ?? 0, refusal: summary?.refusal ?? null }
    }),
    locations: links
      .map((link) => link.stock_location_id)
      .filter((id) => id !== account.options.stockLocationId)
      .map((id) => ({ id, name: names.get(id) ?? id }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  }
}
