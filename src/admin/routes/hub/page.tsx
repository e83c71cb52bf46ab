import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowsPointingOut } from "@medusajs/icons"
import { getI18n } from "react-i18next"
import { DeliverySection } from "../../components/delivery-section"
import { MappingSection } from "../../components/mapping-section"
import { MarketplaceRefusalsSection } from "../../components/marketplace-refusals-section"
import { PricesSection } from "../../components/prices-section"
import { PublicationSection } from "../../components/publication-section"
import { ConnectionSection } from "../../components/connection-section"
import { HubAccountProvider } from "../../lib/hub-account"
import { NeedsYouSection } from "../../components/needs-you-section"
import { OrderImportSection } from "../../components/order-import-section"
import { CatalogueSyncSection } from "../../components/catalogue-sync-section"
import { TrafficChart } from "../../components/traffic-chart"

/**
 * The hub page: the connection's health in a line (its details closed) with the hub account shown
 * (a choice when the store has several, remembered), then what needs the merchant (or that nothing
 * does), then the order import and the stock sync with their lists and actions, the catalogue's
 * publication, what the marketplaces refused after the hub took it, the account's mapping of hub fields and categories, its price rules, the marketplace's own delivery (PLPs, collections), then the last day's traffic.
 */
const HubPage = () => (
  <HubAccountProvider>
    <div className="flex flex-col gap-y-3">
      <ConnectionSection />
      <NeedsYouSection />
      <OrderImportSection />
      <CatalogueSyncSection />
      <PublicationSection />
      <MarketplaceRefusalsSection />
      <MappingSection />
      <PricesSection />
      <DeliverySection />
      <TrafficChart />
    </div>
  </HubAccountProvider>
)

export const config = defineRouteConfig({
  // A key of src/admin/i18n, in the admin user's language.
  label: "marketplaceHub.page.menu",
  translationNs: "translation",
  icon: ArrowsPointingOut,
})

/** The page's breadcrumb in Medusa's header, in the admin user's language. */
export const handle = {
  breadcrumb: () => getI18n().t("marketplaceHub.page.menu"),
}

export default HubPage
