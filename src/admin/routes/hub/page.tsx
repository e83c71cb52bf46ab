import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowsPointingOut } from "@medusajs/icons"
import { Container, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { ConnectionSection } from "../../components/connection-section"
import { NeedsYouSection } from "../../components/needs-you-section"
import { HubAccountProvider } from "../../lib/hub-account"
import { hubBreadcrumb, useHubTranslation } from "../../lib/i18n"

const linkClass = "text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-compact-small-plus"

/** Where the daily work and the settings live, each page one click away. */
const Places = () => {
  const { t } = useHubTranslation("page")
  const places = [
    { to: "/hub-orders", label: t("pages.orders.menu"), where: t("overview.underOrders") },
    { to: "/hub-products", label: t("pages.products.menu"), where: t("overview.underProducts") },
    { to: "/settings/hub", label: t("overview.settings"), where: t("overview.inSettings") },
  ]
  return (
    <Container className="flex flex-wrap gap-x-6 gap-y-2 px-6 py-4" data-testid="hub-places">
      {places.map((place) => (
        <Text size="small" key={place.to} className="text-ui-fg-subtle">
          <Link to={place.to} className={linkClass}>
            {place.label}
          </Link>{" "}
          {place.where}
        </Text>
      ))}
    </Container>
  )
}

/**
 * The Marketplace hub page: a short overview of what needs the merchant today (each line a link to
 * where it is done), the connection in a line, and where the rest lives: the orders and their
 * delivery under Orders, publication and refusals under Products, the settings under Settings.
 */
const HubPage = () => (
  <HubAccountProvider>
    <div className="flex flex-col gap-y-3">
      <ConnectionSection />
      <NeedsYouSection />
      <Places />
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
  breadcrumb: hubBreadcrumb("page.menu"),
}

export default HubPage
