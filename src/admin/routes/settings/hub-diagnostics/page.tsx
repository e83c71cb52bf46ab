import { ConnectionDiagnostics } from "../../../components/connection-diagnostics"
import { FreightDiagnostics } from "../../../components/freight/freight-diagnostics"
import { HubPageHeader } from "../../../components/hub-page-header"
import { TrafficChart } from "../../../components/traffic-chart"
import { HubAccountProvider } from "../../../lib/hub-account"
import { hubBreadcrumb, useHubTranslation } from "../../../lib/i18n"

/**
 * Settings → Marketplace hub → Diagnostics: the requests, their answers, the rate limits and the
 * traffic per endpoint, the freight quotes' time figures (a developer's page; no menu item). A sibling of settings/hub, not its child:
 * Medusa renders a nested route inside its parent's outlet, which a page has not.
 */
const HubDiagnosticsPage = () => {
  const { t } = useHubTranslation("page")
  return (
    <HubAccountProvider>
      <div className="flex flex-col gap-y-3">
        <HubPageHeader testId="hub-diagnostics-page" heading={t("pages.diagnostics.heading")} description={t("pages.diagnostics.description")} />
        <ConnectionDiagnostics />
        <TrafficChart />
        <FreightDiagnostics />
      </div>
    </HubAccountProvider>
  )
}

export const handle = {
  breadcrumb: hubBreadcrumb("page.pages.diagnostics.heading"),
}

export default HubDiagnosticsPage
