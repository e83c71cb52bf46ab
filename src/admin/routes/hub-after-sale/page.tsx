import { defineRouteConfig } from "@medusajs/admin-sdk"
import { AfterSaleSection } from "../../components/after-sale-section"
import { HubPageHeader } from "../../components/hub-page-header"
import { HubAccountProvider } from "../../lib/hub-account"
import { hubBreadcrumb, useHubTranslation } from "../../lib/i18n"

/** Under Orders: the marketplace's customer service tickets and their chats (docs/after-sale.md). */
const HubAfterSalePage = () => {
  const { t } = useHubTranslation("afterSale")
  return (
    <HubAccountProvider>
      <div className="flex flex-col gap-y-3">
        <HubPageHeader testId="hub-after-sale-page" heading={t("heading")} description={t("description")} />
        <AfterSaleSection />
      </div>
    </HubAccountProvider>
  )
}

export const config = defineRouteConfig({
  label: "marketplaceHub.afterSale.menu",
  translationNs: "translation",
  nested: "/orders",
})

export const handle = {
  breadcrumb: hubBreadcrumb("afterSale.menu"),
}

export default HubAfterSalePage
