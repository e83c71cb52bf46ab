import { Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import type { HubMarketplaceRefusal } from "../../api/admin/hub/types"
import { formatTime } from "../lib/format"
import { useHubTranslation } from "../lib/i18n"
import { SectionRow } from "./section-row"

/**
 * What a marketplace refused of a product's SKUs or of an order after the hub took it, in the hub's
 * words (its name for the error, its message, what fixes it), until the hub is told it is fixed: for a
 * product, by its next push once the merchant changed it in Medusa. `fixOf`: what fixes a refusal and
 * where, when the caller knows better than the hub's general words (the product card: its variant's EAN).
 */
export const MarketplaceRefusals = ({
  refusals,
  entity,
  fixOf,
}: {
  refusals: HubMarketplaceRefusal[]
  entity: "products" | "orders"
  fixOf?: (refusal: HubMarketplaceRefusal) => ReactNode
}) => {
  const { t } = useHubTranslation("product")
  if (!refusals.length) return null
  return (
    <SectionRow
      label={t("refusals.label")}
      testId="hub-marketplace-refusals"
      value={
        <div className="flex flex-col gap-y-2">
          {refusals.map((refusal) => (
            <div key={refusal.id} data-testid="hub-marketplace-refusal">
              <Text size="small" leading="compact" className="text-ui-fg-error">
                {entity === "products" ? `${refusal.entity_id}: ` : ""}
                {refusal.name ?? refusal.error_code}
              </Text>
              {refusal.message && refusal.message !== refusal.name && (
                <Text size="small" leading="compact">
                  {refusal.message}
                </Text>
              )}
              {fixOf
                ? fixOf(refusal)
                : refusal.solution && (
                    <Text size="small" leading="compact" className="text-ui-fg-subtle">
                      {t("refusals.solution", { solution: refusal.solution })}
                    </Text>
                  )}
              <Text size="small" leading="compact" className="text-ui-fg-muted">
                {t(entity === "products" ? "refusals.productHint" : "refusals.orderHint", { seen: formatTime(refusal.seen_at) })}
              </Text>
            </div>
          ))}
        </div>
      }
    />
  )
}
