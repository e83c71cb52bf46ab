import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Container, Heading, Text } from "@medusajs/ui"
import { getI18n } from "react-i18next"
import { AccountSelect } from "../../../components/account-select"
import { FreightActivity } from "../../../components/freight/freight-activity"
import { FreightDeliveryDays } from "../../../components/freight/freight-delivery-days"
import { FreightEndpoint } from "../../../components/freight/freight-endpoint"
import { FreightTry } from "../../../components/freight/freight-try"
import { useFreight, useFreightText } from "../../../lib/freight"
import { errorMessage } from "../../../lib/format"
import { HubAccountProvider, useHubAccount } from "../../../lib/hub-account"

const Freight = () => {
  const { t } = useFreightText()
  const { account } = useHubAccount()
  const settings = useFreight(account)
  return (
    <div className="flex flex-col gap-y-3" data-testid="freight-page">
      <Container className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading>{t("heading")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">{t("intro")}</Text>
        </div>
        <AccountSelect />
      </Container>
      {settings.error && <Text className="text-ui-fg-error">{errorMessage(settings.error)}</Text>}
      {settings.data && (
        <>
          <FreightEndpoint settings={settings.data} />
          <FreightDeliveryDays settings={settings.data} />
          <FreightTry account={account} />
          <FreightActivity settings={settings.data} />
        </>
      )}
    </div>
  )
}

/** Settings → Marketplace freight: each account's freight quotes in the merchant's words (docs/freight.md); their time figures on the Diagnostics page. */
const FreightSettingsPage = () => (
  <HubAccountProvider>
    <Freight />
  </HubAccountProvider>
)

export const config = defineRouteConfig({
  label: "marketplaceHub.freight.menu",
  translationNs: "translation",
})

export const handle = {
  breadcrumb: () => getI18n().t("marketplaceHub.freight.menu"),
}

export default FreightSettingsPage
