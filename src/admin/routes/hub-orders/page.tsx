import { defineRouteConfig } from "@medusajs/admin-sdk"
import { DeliverySection } from "../../components/delivery-section"
import { HubOrdersListSection } from "../../components/hub-orders-list-section"
import { HubPageHeader } from "../../components/hub-page-header"
import { OrderImportSection } from "../../components/order-import-section"
import { HubAccountProvider } from "../../lib/hub-account"
import { hubBreadcrumb, useHubTranslation } from "../../lib/i18n"

/** Under Orders: the marketplace orders (all of them; coming in: the import, its runs, the orders that need the merchant) and the marketplace's own delivery. */
const HubOrdersPage = () => {
  const { t } = useHubTranslation("page")
  return (
    <HubAccountProvider>
      <div className="flex flex-col gap-y-3">
        <HubPageHeader testId="hub-orders-page" heading={t("pages.orders.heading")} description={t("pages.orders.description")} />
        <HubOrdersListSection />
        <OrderImportSection />
        <DeliverySection />
      </div>
    </HubAccountProvider>
  )
}

export const config = defineRouteConfig({
  label: "marketplaceHub.page.pages.orders.menu",
  translationNs: "translation",
  nested: "/orders",
})

export const handle = {
  breadcrumb: hubBreadcrumb("page.pages.orders.menu"),
}

export default HubOrdersPage
