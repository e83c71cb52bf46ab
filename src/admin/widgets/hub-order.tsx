import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Badge, Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { Link } from "react-router-dom"
import { errorMessage, formatTime } from "../lib/format"
import { sdk } from "../lib/sdk"

type HubOrderSummary = {
  code: string
  channel: string | null
  status_code: string
  status_type: string
  import_state: "importing" | "imported" | "needs_stock" | "quarantined"
  imported_at: string | null
}

/** On an order imported from the hub: its hub code, marketplace and hub status; nothing on other orders. */
const HubOrderWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { data, error } = useQuery({
    queryKey: ["hub", "orders", "by-order", order.id],
    queryFn: () =>
      sdk.client.fetch<{ hub_orders: HubOrderSummary[] }>("/admin/hub/orders", { query: { order_id: order.id, limit: 1 } }),
  })
  if (error) {
    return (
      <Container>
        <Text className="text-ui-fg-error">Could not read this order's hub record: {errorMessage(error)}</Text>
      </Container>
    )
  }
  const hubOrder = data?.hub_orders[0]
  if (!hubOrder) return null
  return (
    <Container className="flex flex-col gap-y-2" data-testid="hub-order-widget">
      <div className="flex items-center justify-between">
        <Heading level="h2">Marketplace hub</Heading>
        <Badge size="2xsmall" color={hubOrder.import_state === "needs_stock" ? "orange" : "green"}>
          {hubOrder.import_state === "needs_stock" ? "Needs stock" : "Imported"}
        </Badge>
      </div>
      <Text size="small">Hub order {hubOrder.code}</Text>
      <Text size="small">Marketplace {hubOrder.channel ?? "—"}</Text>
      <Text size="small">
        Hub status {hubOrder.status_code} ({hubOrder.status_type})
      </Text>
      <Text size="small" className="text-ui-fg-subtle">
        Imported {formatTime(hubOrder.imported_at)} · <Link to="/hub">Hub page</Link>
      </Text>
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.side.before",
})

export default HubOrderWidget
