import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CatalogueSyncSection } from "../../components/catalogue-sync-section"
import { HubPageHeader } from "../../components/hub-page-header"
import { MarketplaceRefusalsSection } from "../../components/marketplace-refusals-section"
import { PublicationSection } from "../../components/publication-section"
import { HubAccountProvider } from "../../lib/hub-account"
import { hubBreadcrumb, useHubTranslation } from "../../lib/i18n"

/** Under Products: what the hub holds of the catalogue (catalogue sync, publication) and what the marketplaces refused. */
const HubProductsPage = () => {
  const { t } = useHubTranslation("page")
  return (
    <HubAccountProvider>
      <div className="flex flex-col gap-y-3">
        <HubPageHeader testId="hub-products-page" heading={t("pages.products.heading")} description={t("pages.products.description")} />
        <PublicationSection />
        <MarketplaceRefusalsSection />
        <CatalogueSyncSection />
      </div>
    </HubAccountProvider>
  )
}

export const config = defineRouteConfig({
  label: "marketplaceHub.page.pages.products.menu",
  translationNs: "translation",
  nested: "/products",
})

export const handle = {
  breadcrumb: hubBreadcrumb("page.pages.products.menu"),
}

export default HubProductsPage
