import { StatusBadge, Text } from "@medusajs/ui"
import type { HubDeliveryActionRow } from "../../../api/admin/hub/types"
import { formatTime } from "../../lib/format"
import { useHubTranslation } from "../../lib/i18n"
import { MOVE_STATE_COLORS } from "./moves"

/** What was done with this order through the marketplace's delivery (PLPs, collections), newest first, and how each ended. */
export const HubOrderDeliveryActions = ({ actions }: { actions: HubDeliveryActionRow[] }) => {
  const { t } = useHubTranslation("card")
  if (!actions.length) return null
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="hub-order-delivery-actions">
      <Text size="small" leading="compact" weight="plus">
        {t("deliveryActions.heading")}
      </Text>
      {actions.map((action) => (
        <div key={action.id} className="flex items-start justify-between gap-x-3" data-testid="hub-order-delivery-action">
          <div className="min-w-0">
            <Text size="small" leading="compact">
              {t(`deliveryActions.kinds.${action.action}`, { plp: action.plp_id ?? "—" })}
            </Text>
            <Text size="small" leading="compact" className="text-ui-fg-subtle">
              {formatTime(action.created_at)}
            </Text>
            {action.error && (
              <Text size="small" leading="compact" className="text-ui-fg-subtle break-words">
                {action.error}
              </Text>
            )}
          </div>
          <StatusBadge color={MOVE_STATE_COLORS[action.state]} className="shrink-0 text-nowrap">
            {t(`moves.states.${action.state}`)}
          </StatusBadge>
        </div>
      ))}
    </div>
  )
}
