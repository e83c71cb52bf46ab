import { useTranslation } from "react-i18next"

/** The plugin's text for one part of the admin ("page" or "card"), in the admin user's language (src/admin/i18n). */
export function useHubTranslation(part: "page" | "card") {
  return useTranslation("translation", { keyPrefix: `marketplaceHub.${part}` })
}
