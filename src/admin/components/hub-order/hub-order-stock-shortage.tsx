import { Button, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import type { StockShortage } from "../../../api/admin/hub/types"
import { useHubTranslation } from "../../lib/i18n"

/**
 * An order imported short of stock: what each line lacks and where, and its two ways out: add the
 * stock on the item's inventory page (the next import run reads it again), or cancel the order.
 */
export const HubOrderStockShortage = ({ shortage, onCancel }: { shortage: StockShortage[]; onCancel: (() => void) | null }) => {
  const { t } = useHubTranslation("card")
  if (!shortage.length) return null
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="hub-order-stock-shortage">
      <Text size="small" leading="compact" weight="plus">
        {t("stockShortage.heading")}
      </Text>
      {shortage.map((line) => (
        <div key={`${line.inventory_item_id}:${line.location_id}`} className="flex items-start justify-between gap-x-3" data-testid="hub-order-stock-shortage-line">
          <div className="min-w-0">
            <Text size="small" leading="compact">
              {line.sku && !line.title.includes(line.sku) ? `${line.title} (${line.sku})` : line.title}
            </Text>
            <Text size="small" leading="compact" className="text-ui-fg-subtle">
              {t(line.location_name ? "stockShortage.missingAt" : "stockShortage.missing", { missing: line.missing, quantity: line.quantity, location: line.location_name })}
            </Text>
          </div>
          <Link to={`/inventory/${line.inventory_item_id}`} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-compact-small shrink-0">
            {t("stockShortage.addStock")}
          </Link>
        </div>
      ))}
      <Text size="small" leading="compact" className="text-ui-fg-muted">
        {t("stockShortage.hint")}
      </Text>
      {onCancel && (
        <div>
          <Button size="small" variant="secondary" onClick={onCancel} data-testid="hub-order-stock-shortage-cancel">
            {t("stockShortage.cancel")}
          </Button>
        </div>
      )}
    </div>
  )
}
