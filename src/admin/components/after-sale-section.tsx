import { Badge, Button, Container, Heading, Label, StatusBadge, Text, Textarea, toast } from "@medusajs/ui"
import { FetchError } from "@medusajs/js-sdk"
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { Link } from "react-router-dom"
import type { HubSacChatView, HubSacTicketsPage, HubSacTicketView } from "../../api/admin/hub/after-sale/types"
import { hubStatusWords, ticketLines } from "../lib/after-sale"
import { adminLocale, errorMessage, formatAmount, formatTime } from "../lib/format"
import { TicketInstance } from "./after-sale-instance"
import { useHubAccount } from "../lib/hub-account"
import { HUB_PAGE_REFRESH_MS } from "../lib/hub-queries"
import { useHubTranslation } from "../lib/i18n"
import { sdk } from "../lib/sdk"

const PAGE_SIZE = 20

/** How long something has waited, in the admin's language, in its largest whole unit ("3 hours", "2 dias"). */
function formatWaited(since: string, now: number): string {
  const minutes = Math.max(1, Math.floor((now - Date.parse(since)) / 60_000))
  const [value, unit] = minutes >= 1440 ? [Math.floor(minutes / 1440), "day"] : minutes >= 60 ? [Math.floor(minutes / 60), "hour"] : [minutes, "minute"]
  return new Intl.NumberFormat(adminLocale(), { style: "unit", unit, unitDisplay: "long" }).format(value)
}

/** The marketplace's customer service tickets of the shown account (docs/after-sale.md), and *Read now*. */
export const AfterSaleSection = () => {
  const { t } = useHubTranslation("afterSale")
  const { account } = useHubAccount()
  const [offset, setOffset] = useState(0)
  const queryClient = useQueryClient()
  const page = useQuery({
    queryKey: ["hub", "after-sale", account, offset],
    queryFn: () => sdk.client.fetch<HubSacTicketsPage>("/admin/hub/after-sale/tickets", { query: { account, limit: PAGE_SIZE, offset } }),
    placeholderData: keepPreviousData,
    refetchInterval: HUB_PAGE_REFRESH_MS,
  })
  const read = useMutation({
    mutationFn: () => sdk.client.fetch<{ read: { tickets: number; complete: boolean; error: string | null } }>("/admin/hub/after-sale/read", { method: "POST", query: { account } }),
    onSuccess: ({ read: done }) => (done.complete ? toast.success(t("readDone", { count: done.tickets })) : toast.error(t("readPartial"), { description: done.error ?? undefined })),
    onError: (failure) => toast.error(t("readFailed"), { description: errorMessage(failure) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["hub", "after-sale"] }),
  })
  const count = page.data?.count ?? 0
  return (
    <div className="flex flex-col gap-y-3" data-testid="hub-after-sale-section">
      <div className="flex justify-end">
        <Button size="small" variant="secondary" isLoading={read.isPending} onClick={() => read.mutate()}>
          {t("readNow")}
        </Button>
      </div>
      {!page.data ? (
        <Container><Text size="small">{t("loading")}</Text></Container>
      ) : count === 0 ? (
        <Container><Text size="small" className="text-ui-fg-subtle">{t("none")}</Text></Container>
      ) : (
        page.data.tickets.map((ticket) => <TicketCard key={ticket.code} ticket={ticket} />)
      )}
      {count > PAGE_SIZE && (
        <div className="flex items-center justify-end gap-x-2">
          <Text size="small" className="text-ui-fg-subtle">{t("page", { from: offset + 1, to: Math.min(offset + PAGE_SIZE, count), count })}</Text>
          <Button size="small" variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>{t("previous")}</Button>
          <Button size="small" variant="secondary" disabled={offset + PAGE_SIZE >= count} onClick={() => setOffset(offset + PAGE_SIZE)}>{t("next")}</Button>
        </div>
      )}
    </div>
  )
}

const TicketCard = ({ ticket }: { ticket: HubSacTicketView }) => {
  const { t } = useHubTranslation("afterSale")
  const word = (group: "actions" | "parts" | "roles", code: string | null | undefined, fallback?: string) => (code ? t(`${group}.${code}`, { defaultValue: fallback ?? code }) : t("someone"))
  return (
    <Container className="divide-y p-0" data-testid="hub-sac-ticket">
      <div className="flex flex-wrap items-center justify-between gap-3 px-6 py-4">
        <div className="flex flex-col gap-y-1">
          <div className="flex items-center gap-x-2">
            <Heading level="h2">{t("ticket", { code: ticket.code })}</Heading>
            {ticket.status === "ARCHIVED" ? <StatusBadge color="grey">{t("archived")}</StatusBadge> : ticket.unread ? <StatusBadge color="orange">{t("unread")}</StatusBadge> : <StatusBadge color="green">{t("read")}</StatusBadge>}
            {ticket.mediation && <Badge size="2xsmall">{t("mediation")}</Badge>}
          </div>
          <Text size="small" className="text-ui-fg-subtle">{t("since", { time: formatTime(ticket.created_at) })}</Text>
        </div>
        <div className="flex flex-col items-end gap-y-1" data-testid="hub-sac-order">
          {ticket.order ? (
            <Link to={`/orders/${ticket.order.id}`} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-small">
              {t("order")} #{ticket.order.display_id ?? ticket.order.id} · {ticket.order_code}
            </Link>
          ) : (
            <>
              <Text size="small" weight="plus">{ticket.order_code ? t("hubOrder", { code: ticket.order_code }) : "—"}</Text>
              {ticket.order_missing && <Text size="small" className="text-ui-fg-error">{t(`missing.${ticket.order_missing.reason}`, { detail: ticket.order_missing.detail ?? "" })}</Text>}
            </>
          )}
        </div>
      </div>
      <div className="grid grid-cols-1 gap-3 px-6 py-4 md:grid-cols-3" data-testid="hub-sac-request">
        <Fact label={t("request")} value={ticket.action ? word("actions", ticket.action.id, ticket.action.name) : "—"} />
        <Fact label={t("cause")} value={[ticket.cause?.name ?? ticket.cause?.id, ticket.cause?.reason?.name ?? ticket.cause?.reason?.id].filter(Boolean).join(" · ") || "—"} />
        <Fact label={t("lines")} value={ticketLines(t, ticket.items)} />
        {ticket.refunds.length > 0 && (
          <Fact
            label={t("refunds")}
            // The hub's refunds are in reais (a Brazilian hub); its statuses in the merchant's words.
            value={ticket.refunds.map((refund) => t("refundLine", { name: refund.name ?? refund.id ?? "—", value: formatAmount(refund.value, "brl"), status: refund.status ? hubStatusWords(t, refund.status) : "—" })).join(", ")}
          />
        )}
      </div>
      <TicketInstance ticket={ticket} />
      <div className="flex flex-col gap-y-3 px-6 py-4">
        <Text size="small" weight="plus">{t("chats")}</Text>
        {ticket.chats.map((chat, index) => (
          <Chat key={chat.parts ?? index} code={ticket.code} archived={ticket.status === "ARCHIVED"} chat={chat} partsName={word("parts", chat.parts)} roleName={(role) => word("roles", role)} />
        ))}
      </div>
    </Container>
  )
}

const Fact = ({ label, value }: { label: string; value: string }) => (
  <div className="flex flex-col gap-y-0.5">
    <Text size="xsmall" className="text-ui-fg-subtle">{label}</Text>
    <Text size="small">{value}</Text>
  </div>
)

const Chat = ({ code, archived, chat, partsName, roleName }: { code: string; archived: boolean; chat: HubSacChatView; partsName: string; roleName: (role: string | null) => string }) => {
  const { t } = useHubTranslation("afterSale")
  const now = Date.now()
  const answer = chat.last_answer
  return (
    <div className="rounded-md border border-ui-border-base" data-testid="hub-sac-chat">
      <div className="flex items-center justify-between gap-x-3 border-b border-ui-border-base px-4 py-2">
        <Text size="small" weight="plus">{partsName}</Text>
        {chat.waiting_since ? (
          <StatusBadge color="red" data-testid="hub-sac-waiting">{t("waiting", { time: formatWaited(chat.waiting_since, now) })}</StatusBadge>
        ) : (
          <Text size="xsmall" className="text-ui-fg-subtle">{chat.answers ? t("answered") : t("noAnswer")}</Text>
        )}
      </div>
      <div className="flex flex-col gap-y-2 px-4 py-3">
        {chat.messages.length === 0 && <Text size="small" className="text-ui-fg-subtle">{t("noMessages")}</Text>}
        {chat.messages.map((message, index) => (
          <div key={index} className={message.role === "SELLER" ? "ml-8 rounded-md bg-ui-bg-subtle px-3 py-2" : "mr-8 rounded-md bg-ui-bg-base px-3 py-2 shadow-borders-base"}>
            <Text size="xsmall" className="text-ui-fg-subtle">{roleName(message.role)} · {formatTime(message.at)}</Text>
            <Text size="small" className="whitespace-pre-wrap">{message.content}</Text>
          </div>
        ))}
        {answer && answer.state !== "sent" && (
          <Text size="xsmall" className={answer.state === "failed" ? "text-ui-fg-error" : "text-ui-fg-subtle"} data-testid="hub-sac-answer-state">
            {t(`answerState.${answer.state}`, { error: answer.error ?? "" })}
          </Text>
        )}
        {chat.answers && chat.parts && !archived && <AnswerBox code={code} parts={chat.parts} />}
      </div>
    </div>
  )
}

/** The merchant's answer in a chat: sent through the workflow answer-hub-sac-chat, once. */
const AnswerBox = ({ code, parts }: { code: string; parts: string }) => {
  const { t } = useHubTranslation("afterSale")
  const { account } = useHubAccount()
  const [content, setContent] = useState("")
  const queryClient = useQueryClient()
  const send = useMutation({
    mutationFn: () =>
      sdk.client.fetch<{ answer: { state: string; error: string | null } }>(`/admin/hub/after-sale/tickets/${encodeURIComponent(code)}/chats/${encodeURIComponent(parts)}/answers`, { method: "POST", query: { account }, body: { content } }),
    onSuccess: () => {
      setContent("")
      toast.success(t("sentToast"))
    },
    onError: (failure) => {
      const state = failure instanceof FetchError ? ({ 422: "refused", 502: "unknown", 503: "not_sent", 409: "busy" } as Record<number, string>)[failure.status ?? 0] : undefined
      toast.error(state ? t(`answerOutcome.${state}`) : t("readFailed"), { description: errorMessage(failure) })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["hub", "after-sale"] }),
  })
  const id = `hub-sac-answer-${code}-${parts}`
  return (
    <div className="flex flex-col gap-y-2 pt-2">
      <Label htmlFor={id} size="xsmall">{t("answerLabel")}</Label>
      <Textarea id={id} value={content} onChange={(event) => setContent(event.target.value)} maxLength={5000} />
      <div className="flex justify-end">
        <Button size="small" isLoading={send.isPending} disabled={!content.trim()} onClick={() => send.mutate()}>
          {t("send")}
        </Button>
      </div>
    </div>
  )
}
