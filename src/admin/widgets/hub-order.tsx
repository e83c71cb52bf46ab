import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Badge, Button, Container, Heading, Input, Label, Text, Textarea } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { FormEvent, useState } from "react"
import { Link } from "react-router-dom"
import { type MerchantOrderMove, type MerchantOrderMoveKind, moveAllowedFrom, moveSendableFrom } from "../../hub-client/order-moves"
import type { HubStatusType } from "../../hub-client/schemas"
import type { HubOrderImportState } from "../../mapping/hub-order-states"
import { errorMessage, formatTime } from "../lib/format"
import { sdk } from "../lib/sdk"

type HubOrderSummary = {
  code: string
  channel: string | null
  status_code: string
  status_type: HubStatusType
  import_state: HubOrderImportState
  imported_at: string | null
}

type HubOrderMoveRow = {
  id: string
  kind: MerchantOrderMoveKind
  state: "sending" | "done" | "rejected" | "unknown" | "failed"
  error: string | null
  attempts: number
  created_at: string
  finished_at: string | null
}

const MOVE_LABELS: Record<MerchantOrderMoveKind, string> = {
  invoice: "Invoice",
  ship: "Ship",
  deliver: "Mark delivered",
  shipment_exception: "Shipment exception",
  cancel: "Cancel on the hub",
}

const STATE_COLORS: Record<HubOrderMoveRow["state"], "green" | "red" | "orange" | "grey"> = {
  done: "green",
  rejected: "red",
  failed: "orange",
  unknown: "orange",
  sending: "grey",
}

/**
 * On an order imported from the hub: its hub code, marketplace and status, the merchant's moves
 * the hub allows from that status (invoice, ship, deliver, shipment exception, cancel) and the
 * history of those moves. Nothing on other orders.
 */
const HubOrderWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState<MerchantOrderMoveKind | null>(null)
  const hubOrderQuery = useQuery({
    queryKey: ["hub", "orders", "by-order", order.id],
    queryFn: () =>
      sdk.client.fetch<{ hub_orders: HubOrderSummary[] }>("/admin/hub/orders", { query: { order_id: order.id, limit: 1 } }),
  })
  const hubOrder = hubOrderQuery.data?.hub_orders[0]
  const movesPath = hubOrder ? `/admin/hub/orders/${encodeURIComponent(hubOrder.code)}/moves` : ""
  const movesQuery = useQuery({
    queryKey: ["hub", "orders", "moves", hubOrder?.code],
    queryFn: () => sdk.client.fetch<{ moves: HubOrderMoveRow[] }>(movesPath),
    enabled: !!hubOrder,
  })
  const moveMutation = useMutation({
    mutationFn: (move: MerchantOrderMove) =>
      sdk.client.fetch<{ move: { state: string; hubStatusCode?: string; alreadyOnHub: boolean } }>(movesPath, { method: "POST", body: move }),
    onSuccess: () => setOpen(null),
    // The Medusa order changes too on a cancel: every view of it reloads.
    onSettled: () => queryClient.invalidateQueries(),
  })

  if (hubOrderQuery.error) {
    return (
      <Container>
        <Text className="text-ui-fg-error">Could not read this order's hub record: {errorMessage(hubOrderQuery.error)}</Text>
      </Container>
    )
  }
  if (!hubOrder) return null

  const kinds = Object.keys(MOVE_LABELS) as MerchantOrderMoveKind[]
  // The plugin's table leads; any other move is still the hub's to accept or refuse.
  const allowed = kinds.filter((kind) => moveAllowedFrom(kind, hubOrder.status_type))
  const others = moveSendableFrom(hubOrder.status_type) ? kinds.filter((kind) => !allowed.includes(kind)) : []
  const send = (move: MerchantOrderMove) => moveMutation.mutate(move)
  return (
    <Container className="flex flex-col gap-y-3" data-testid="hub-order-widget">
      <div className="flex items-center justify-between">
        <Heading level="h2">Marketplace hub</Heading>
        <Badge size="2xsmall" color={hubOrder.import_state === "needs_stock" ? "orange" : "green"}>
          {hubOrder.import_state === "needs_stock" ? "Needs stock" : "Imported"}
        </Badge>
      </div>
      <div className="flex flex-col gap-y-1">
        <Text size="small">Hub order {hubOrder.code}</Text>
        <Text size="small">Marketplace {hubOrder.channel ?? "—"}</Text>
        <Text size="small" data-testid="hub-order-status">
          Hub status {hubOrder.status_code} ({hubOrder.status_type})
        </Text>
        <Text size="small" className="text-ui-fg-subtle">
          Imported {formatTime(hubOrder.imported_at)} ·{" "}
          <Link to="/hub" className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover">
            Hub page
          </Link>
        </Text>
      </div>

      {allowed.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {allowed.map((kind) => (
            <Button key={kind} size="small" variant={open === kind ? "primary" : "secondary"} onClick={() => setOpen(open === kind ? null : kind)}>
              {MOVE_LABELS[kind]}
            </Button>
          ))}
        </div>
      )}
      {others.length > 0 && (
        <details data-testid="hub-other-moves">
          <summary className="text-ui-fg-subtle cursor-pointer text-small">Other moves (the hub decides whether it accepts them)</summary>
          <div className="mt-2 flex flex-wrap gap-2">
            {others.map((kind) => (
              <Button key={kind} size="small" variant={open === kind ? "primary" : "transparent"} onClick={() => setOpen(open === kind ? null : kind)}>
                {MOVE_LABELS[kind]}
              </Button>
            ))}
          </div>
        </details>
      )}
      {open && <MoveForm kind={open} sending={moveMutation.isPending} onSend={send} />}
      {moveMutation.error && (
        <Text size="small" className="text-ui-fg-error" data-testid="hub-move-error">
          {errorMessage(moveMutation.error)}
        </Text>
      )}
      {moveMutation.data && (
        <Text size="small" data-testid="hub-move-result">
          {moveMutation.data.move.alreadyOnHub ? "Already done on the hub" : "Sent"}: hub status {moveMutation.data.move.hubStatusCode}.
        </Text>
      )}

      {!!movesQuery.data?.moves.length && (
        <div className="flex flex-col gap-y-1" data-testid="hub-order-moves">
          <Text size="small" weight="plus">
            Moves
          </Text>
          {movesQuery.data.moves.map((move) => (
            <div key={move.id} className="flex items-start justify-between gap-x-2">
              <Text size="small">
                {MOVE_LABELS[move.kind]} · {formatTime(move.finished_at ?? move.created_at)}
                {move.error ? ` — ${move.error}` : ""}
              </Text>
              <Badge size="2xsmall" color={STATE_COLORS[move.state]}>
                {move.state}
              </Badge>
            </div>
          ))}
        </div>
      )}
    </Container>
  )
}

/** The fields a move needs, and its send button. */
const MoveForm = ({ kind, sending, onSend }: { kind: MerchantOrderMoveKind; sending: boolean; onSend: (move: MerchantOrderMove) => void }) => {
  const [fields, setFields] = useState<Record<string, string>>({})
  const field = (name: string, label: string, props: { placeholder?: string } = {}) => (
    <div className="flex flex-col gap-y-1">
      <Label size="small" htmlFor={`hub-move-${name}`}>
        {label}
      </Label>
      <Input id={`hub-move-${name}`} size="small" value={fields[name] ?? ""} onChange={(event) => setFields({ ...fields, [name]: event.target.value })} {...props} />
    </div>
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const now = new Date().toISOString()
    switch (kind) {
      case "invoice":
        return onSend({ kind, invoice: { key: (fields.key ?? "").replace(/\s/g, "") } })
      case "ship":
        return onSend({
          kind,
          shipment: {
            delivered_carrier_date: now,
            track: { code: fields.code ?? "", carrier: fields.carrier ?? "", method: fields.method ?? "", ...(fields.url ? { url: fields.url } : {}) },
          },
        })
      case "deliver":
        return onSend({ kind, delivery: { delivered_date: now } })
      case "shipment_exception":
        return onSend({ kind, shipment_exception: { occurrence_date: now, observation: fields.observation ?? "" } })
      case "cancel":
        return onSend({ kind })
    }
  }
  return (
    <form className="flex flex-col gap-y-2 rounded-md border p-3" onSubmit={submit} data-testid={`hub-move-form-${kind}`}>
      {kind === "invoice" && field("key", "Invoice key (44 digits)")}
      {kind === "ship" && (
        <>
          {field("carrier", "Carrier", { placeholder: "Correios" })}
          {field("method", "Method", { placeholder: "PAC" })}
          {field("code", "Tracking code")}
          {field("url", "Tracking URL (optional)")}
        </>
      )}
      {kind === "shipment_exception" && (
        <div className="flex flex-col gap-y-1">
          <Label size="small" htmlFor="hub-move-observation">
            What happened
          </Label>
          <Textarea id="hub-move-observation" value={fields.observation ?? ""} onChange={(event) => setFields({ ...fields, observation: event.target.value })} />
        </div>
      )}
      {kind === "cancel" && <Text size="small">The marketplace order is canceled, and this order with it: its stock is released.</Text>}
      <Button size="small" type="submit" isLoading={sending}>
        {kind === "cancel" ? "Cancel the order" : `Send: ${MOVE_LABELS[kind].toLowerCase()}`}
      </Button>
    </form>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.side.before",
})

export default HubOrderWidget
