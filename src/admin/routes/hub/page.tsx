import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowsPointingOut } from "@medusajs/icons"
import { ConnectionSection } from "../../components/connection-section"
import { OrderImportSection } from "../../components/order-import-section"
import { StockSyncSection } from "../../components/stock-sync-section"
import { TrafficChart } from "../../components/traffic-chart"

/** The hub page: the connection's health, the last day's traffic, the order import and the stock sync, each with its action. */
const HubPage = () => (
  <div className="flex flex-col gap-y-3">
    <ConnectionSection />
    <TrafficChart />
    <OrderImportSection />
    <StockSyncSection />
  </div>
)

export const config = defineRouteConfig({
  label: "Marketplace hub",
  icon: ArrowsPointingOut,
})

/** The page's breadcrumb in Medusa's header. */
export const handle = {
  breadcrumb: () => "Marketplace hub",
}

export default HubPage
