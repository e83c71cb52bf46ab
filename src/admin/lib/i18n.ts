import { getI18n, useTranslation } from "react-i18next"

/** The plugin's text for one part of the admin ("page", "card" or "product"), in the admin user's language (src/admin/i18n). */
export function useHubTranslation(part: "page" | "card" | "product") {
  return useTranslation("translation", { keyPrefix: `marketplaceHub.${part}` })
}

/** A page's breadcrumb in Medusa's header: one of the plugin's texts ("page.menu"), in the admin user's language when it is drawn. */
export const hubBreadcrumb = (key: string) => () => getI18n().t(`marketplaceHub.${key}`)
