import { StatusBadge, Text } from "@medusajs/ui"
import { useHubTranslation } from "../../lib/i18n"
import { formatTime } from "../../lib/format"
import { MOVE_STATE_COLORS } from "./moves"
import type { HubOrderMoveRow } from "../../../api/admin/hub/types"

/** The merchant's moves of this hub order, newest first: when, how each ended, and the hub's words when it refused. */
export const HubOrderMoves = ({ moves }: { moves: HubOrderMoveRow[] }) => {
  const { t } = useHubTranslation("card")
  if (!moves.length) return null
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="hub-order-moves">
      <Text size="small" leading="compact" weight="plus">
        {t("moves.history")}
      </Text>
      {moves.map((move) => (
        <div key={move.id} className="flex items-start justify-between gap-x-3" data-testid="hub-order-move">
          <div className="min-w-0">
            <Text size="small" leading="compact">
              {t(`moves.kinds.${move.kind}`)}
            </Text>
            <Text size="small" leading="compact" className="text-ui-fg-subtle">
              {formatTime(move.finished_at ?? move.created_at)}
            </Text>
            {move.error && (
              <Text size="small" leading="compact" className="text-ui-fg-subtle break-words">
                {move.error}
              </Text>
            )}
          </div>
          <StatusBadge color={MOVE_STATE_COLORS[move.state]} className="shrink-0 text-nowrap">
            {t(`moves.states.${move.state}`)}
          </StatusBadge>
        </div>
      ))}
    </div>
  )
}
