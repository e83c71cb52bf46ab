import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowsPointingOut } from "@medusajs/icons"
import { ConnectionSection } from "../../components/connection-section"
import { OrderImportSection } from "../../components/order-import-section"
import { StockSyncSection } from "../../components/stock-sync-section"

/** The hub page: the connection's health, the order import and the stock sync, each with its action. */
const HubPage = () => (
  <div className="flex flex-col gap-y-3">
    <ConnectionSection />
    <OrderImportSection />
    <StockSyncSection />
  </div>
)

export const config = defineRouteConfig({
  label: "Marketplace hub",
  icon: ArrowsPointingOut,
})

export default HubPage
