import { createDataTableColumnHelper, StatusBadge } from "@medusajs/ui"
import { useMemo } from "react"
import type { HubOrderMoveNeedingMerchant } from "../../api/admin/hub/types"
import { errorMessage, formatTime } from "../lib/format"
import { useHubMovesNeedingMerchant } from "../lib/hub-queries"
import { useHubTranslation } from "../lib/i18n"
import { HubDataTable, useHubPagination } from "./hub-data-table"
import { HubOrderLink } from "./hub-order-link"
import { MOVE_STATE_COLORS } from "./hub-order/moves"

const column = createDataTableColumnHelper<HubOrderMoveNeedingMerchant>()

/** A move the hub took whose recording in Medusa failed: the hub's side is done, Medusa's is not. */
const notRecorded = (move: HubOrderMoveNeedingMerchant) => move.state === "done" && !!move.medusa_error

/**
 * The moves that need the merchant, across orders, a page at a time, in the order card's words: each
 * links to its order, whose card sends the move again.
 */
export const MovesNeedingMerchant = () => {
  const { t } = useHubTranslation("card")
  const pagination = useHubPagination()
  const moves = useHubMovesNeedingMerchant(pagination.query)
  const columns = useMemo(
    () => [
      column.accessor("code", {
        header: t("attention.columns.hubOrder"),
        cell: ({ row }) => <HubOrderLink code={row.original.code} orderId={row.original.order_id} account={row.original.account} />,
      }),
      column.accessor("kind", { header: t("attention.columns.move"), cell: ({ getValue }) => t(`moves.kinds.${getValue()}`) }),
      column.accessor("state", {
        header: t("attention.columns.state"),
        cell: ({ row }) =>
          notRecorded(row.original) ? (
            <StatusBadge color="orange" className="text-nowrap">{t("attention.notRecorded")}</StatusBadge>
          ) : (
            <StatusBadge color={MOVE_STATE_COLORS[row.original.state]} className="text-nowrap">
              {t(`moves.states.${row.original.state}`)}
            </StatusBadge>
          ),
      }),
      column.accessor("finished_at", { header: t("attention.columns.when"), cell: ({ row }) => formatTime(row.original.finished_at ?? row.original.created_at) }),
      column.display({
        id: "why",
        header: t("attention.columns.why"),
        cell: ({ row }) => (
          <span className="block min-w-[18rem] whitespace-normal break-words">
            {(notRecorded(row.original) ? row.original.medusa_error : row.original.error) ?? "—"}
          </span>
        ),
      }),
    ],
    [t]
  )
  return (
    <HubDataTable
      testId="hub-moves-attention"
      data={moves.data?.moves ?? []}
      count={moves.data?.count ?? 0}
      pagination={pagination}
      columns={columns}
      rowId={(move) => move.id}
      isLoading={moves.isLoading}
      empty={t("attention.none")}
      unreadable={moves.error ? t("attention.unreadable", { error: errorMessage(moves.error) }) : undefined}
    />
  )
}
