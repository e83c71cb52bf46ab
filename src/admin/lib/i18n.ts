import { useTranslation } from "react-i18next"

/** The plugin's text for one part of the admin ("page", "card" or "product"), in the admin user's language (src/admin/i18n). */
export function useHubTranslation(part: "page" | "card" | "product") {
  return useTranslation("translation", { keyPrefix: `marketplaceHub.${part}` })
}
