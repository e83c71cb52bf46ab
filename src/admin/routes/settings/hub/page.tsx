import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ConnectionSection } from "../../../components/connection-section"
import { MappingSection } from "../../../components/mapping-section"
import { PricesSection } from "../../../components/prices-section"
import { WarehousesSection } from "../../../components/warehouses-section"
import { HubAccountProvider } from "../../../lib/hub-account"
import { hubBreadcrumb } from "../../../lib/i18n"

/** Settings → Marketplace hub: each account's connection, its mapping of hub fields and categories, its price rules, its warehouses; Diagnostics one link away. */
const HubSettingsPage = () => (
  <HubAccountProvider>
    <div className="flex flex-col gap-y-3">
      <ConnectionSection settings />
      <MappingSection />
      <PricesSection />
      <WarehousesSection />
    </div>
  </HubAccountProvider>
)

export const config = defineRouteConfig({
  label: "marketplaceHub.page.menu",
  translationNs: "translation",
})

export const handle = {
  breadcrumb: hubBreadcrumb("page.menu"),
}

export default HubSettingsPage
