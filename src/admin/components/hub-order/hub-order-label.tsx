import { Text } from "@medusajs/ui"
import type { HubDelivery } from "../../../hub-client/delivery"
import { hubDocumentUrl } from "../../lib/documents"
import { useHubTranslation } from "../../lib/i18n"
import { SectionRow } from "../section-row"

const linkClass = "text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-compact-small"

/**
 * The parcel's label of an order the marketplace carries, once the hub can have one (Correios: the
 * order approved; Direct: invoiced with its XML): the PDF to print and its data for a thermal printer,
 * each opened from the hub through the plugin's route (never stored).
 */
export const HubOrderLabel = ({ code, account, delivery, statusType, invoiced }: { code: string; account: string; delivery: HubDelivery; statusType: string; invoiced: boolean }) => {
  const { t } = useHubTranslation("card")
  if (delivery !== "correios" && delivery !== "direct") return null
  if (statusType === "NEW" || statusType === "CANCELED" || (delivery === "direct" && !invoiced)) return null
  const url = (format: "pdf" | "json") => hubDocumentUrl(`/admin/hub/orders/${encodeURIComponent(code)}/label`, { account, format })
  return (
    <SectionRow
      label={t("label.label")}
      testId="hub-order-label"
      value={
        <div className="flex flex-col">
          <a href={url("pdf")} target="_blank" rel="noreferrer" className={linkClass} data-testid="hub-order-label-pdf">
            {t("label.print")}
          </a>
          <a href={url("json")} target="_blank" rel="noreferrer" className={linkClass}>
            {t("label.data")}
          </a>
          <Text size="xsmall" leading="compact" className="text-ui-fg-muted">
            {t("label.hint")}
          </Text>
        </div>
      }
    />
  )
}
