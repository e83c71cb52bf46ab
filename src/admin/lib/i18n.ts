import { getI18n, useTranslation } from "react-i18next"
import { teachPluralRules } from "./i18n-plurals"

/** The plugin's text for one part of the admin ("page", "card", "product", "freight" or "afterSale"), in the admin user's language (src/admin/i18n). */
export function useHubTranslation(part: "page" | "card" | "product" | "freight" | "afterSale") {
  // Already taught as the admin's i18next started (lib/i18n-plurals.ts); this covers one started before the plugin loaded.
  teachPluralRules(getI18n())
  return useTranslation("translation", { keyPrefix: `marketplaceHub.${part}` })
}

/** A page's breadcrumb in Medusa's header: one of the plugin's texts ("page.menu"), in the admin user's language when it is drawn. */
export const hubBreadcrumb = (key: string) => () => getI18n().t(`marketplaceHub.${key}`)
