import { Select, Text } from "@medusajs/ui"
import { useHubAccount } from "../lib/hub-account"
import { useHubTranslation } from "../lib/i18n"

/** The hub account the page shows, chosen among the store's: shown only when it has several. */
export const AccountSelect = () => {
  const { t } = useHubTranslation("page")
  const { account, accounts, nameOf, choose } = useHubAccount()
  if (accounts.length < 2) return null
  return (
    <div className="ml-auto flex items-center gap-x-2" data-testid="hub-account-select">
      <Text size="small" className="text-ui-fg-subtle whitespace-nowrap">
        {t("accounts.label")}
      </Text>
      <Select size="small" value={account} onValueChange={choose}>
        <Select.Trigger className="min-w-[10rem]" aria-label={t("accounts.label")}>
          <Select.Value />
        </Select.Trigger>
        <Select.Content>
          {accounts.map((id) => (
            <Select.Item key={id} value={id}>
              {nameOf(id)}
            </Select.Item>
          ))}
        </Select.Content>
      </Select>
    </div>
  )
}
