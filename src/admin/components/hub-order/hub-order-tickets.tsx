import { StatusBadge, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { Link } from "react-router-dom"
import type { HubSacOrderTicket } from "../../../api/admin/hub/after-sale/types"
import { instanceProgress } from "../../lib/after-sale"
import { useHubTranslation } from "../../lib/i18n"
import { sdk } from "../../lib/sdk"
import { SectionRow } from "../section-row"

/** The order's SAC tickets on its card (docs/after-sale.md): each one's state and what was done, linked to Orders → Marketplace after-sale. */
export const HubOrderTickets = ({ code, account }: { code: string; account: string }) => {
  const { t } = useHubTranslation("card")
  const words = useHubTranslation("afterSale").t
  const { data } = useQuery({
    queryKey: ["hub", "after-sale", "order", account, code],
    queryFn: () => sdk.client.fetch<{ tickets: HubSacOrderTicket[] }>(`/admin/hub/after-sale/orders/${encodeURIComponent(code)}/tickets`, { query: { account } }),
  })
  return (
    <>
      {(data?.tickets ?? []).map((ticket) => (
        <SectionRow
          key={ticket.code}
          label={t("fields.ticket")}
          testId="hub-order-ticket"
          value={
            <div className="flex flex-col items-start gap-y-1">
              <Link to="/hub-after-sale" className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-compact-small">
                {words("ticket", { code: ticket.code })}
                {ticket.action ? ` · ${words(`actions.${ticket.action.id}`, { defaultValue: ticket.action.name ?? ticket.action.id })}` : ""}
              </Link>
              {ticket.status === "ARCHIVED" ? (
                <StatusBadge color="grey">{words("archived")}</StatusBadge>
              ) : ticket.waiting_since ? (
                <StatusBadge color="red">{t("ticketWaiting")}</StatusBadge>
              ) : (
                <StatusBadge color={ticket.unread ? "orange" : "green"}>{words(ticket.unread ? "unread" : "read")}</StatusBadge>
              )}
              {ticket.instance && (
                <Text size="small" leading="compact" className="text-ui-fg-muted">
                  {instanceProgress(words, ticket.instance)}
                </Text>
              )}
            </div>
          }
        />
      ))}
    </>
  )
}
