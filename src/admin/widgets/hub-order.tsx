import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { EllipsisHorizontal } from "@medusajs/icons"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Badge, Button, Container, DropdownMenu, Heading, StatusBadge, Text } from "@medusajs/ui"
import { Fragment, useState } from "react"
import { Link } from "react-router-dom"
import { type MerchantOrderMoveKind, moveAllowedFrom, moveSendableFrom } from "../../hub-client/order-moves"
import { hubDeliveryOf, marketplaceCarries } from "../../hub-client/delivery"
import { HubOrderDeliveryActions } from "../components/hub-order/hub-order-delivery-actions"
import { HubOrderStockShortage } from "../components/hub-order/hub-order-stock-shortage"
import { MarketplaceRefusals } from "../components/marketplace-refusals"
import { HubOrderKeptRows, HubOrderPromotions } from "../components/hub-order/hub-order-kept"
import { HubOrderLabel } from "../components/hub-order/hub-order-label"
import { HubOrderMoves } from "../components/hub-order/hub-order-moves"
import { HubOrderShipments } from "../components/hub-order/hub-order-shipments"
import { HubOrderTickets } from "../components/hub-order/hub-order-tickets"
import { MoveDrawer } from "../components/hub-order/move-drawer"
import { MOVE_KINDS, moveLeftToDo } from "../components/hub-order/moves"
import { type HubOrderMetadata, useHubOrder } from "../components/hub-order/use-hub-order"
import { SectionRow } from "../components/section-row"
import { errorMessage, formatTime } from "../lib/format"
import { useHubAccountName, useSeveralHubAccounts } from "../lib/hub-account"
import { useHubTranslation } from "../lib/i18n"

/**
 * On an order imported from the hub: its hub code, marketplace and status, the invoice and any
 * shipment exception, the shipments (Medusa's fulfillments), the merchant's moves and their history.
 * Nothing on other orders.
 */
const HubOrderWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { t } = useHubTranslation("card")
  const [open, setOpen] = useState<MerchantOrderMoveKind | null>(null)
  const { hubOrder, error, statusLabel, statusLabelOf, moves, deliveryActions, marketplaceRefusals, medusaOrder, stockShortage } = useHubOrder(order.id)
  const severalAccounts = useSeveralHubAccounts()
  const accountName = useHubAccountName()

  if (error) {
    return (
      <Container>
        <Text size="small" className="text-ui-fg-error">
          {t("unreadable", { error: errorMessage(error) })}
        </Text>
      </Container>
    )
  }
  if (!hubOrder) return null

  // The plugin's table leads; any other move is still the hub's to accept or refuse. An order the
  // marketplace carries is shipped and delivered by the hub itself: those moves are not the merchant's.
  const delivery = hubDeliveryOf(hubOrder)
  const carried = marketplaceCarries(delivery)
  // A delivery made with Medusa's own button is the plugin's to send: no second button beside Medusa's.
  const toDo = { medusaDelivered: medusaOrder?.fulfillment_status === "delivered", moves }
  const expected = MOVE_KINDS.filter(
    (kind) => moveAllowedFrom(kind, hubOrder.status_type) && !(carried && (kind === "ship" || kind === "deliver")) && moveLeftToDo(kind, toDo)
  )
  const others = moveSendableFrom(hubOrder.status_type) ? MOVE_KINDS.filter((kind) => !expected.includes(kind) && moveLeftToDo(kind, toDo)) : []
  const metadata = (medusaOrder?.metadata ?? {}) as HubOrderMetadata
  return (
    <Container className="divide-y p-0" data-testid="hub-order-widget">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">{t("heading")}</Heading>
        <StatusBadge color={hubOrder.import_state === "needs_stock" ? "orange" : "green"}>
          {hubOrder.import_state === "needs_stock" ? t("importState.needsStock") : t("importState.imported")}
        </StatusBadge>
      </div>
      <div className="divide-y">
        <SectionRow
          label={t("fields.hubOrder")}
          testId="hub-order-code"
          value={
            // A code wraps at its spaces only ("Marketplace" / "Demo-1795547535222"), never at its dash.
            <Text size="small" leading="compact">
              {hubOrder.code.split(" ").map((word, index) => (
                <Fragment key={index}>
                  {index > 0 && " "}
                  <span className="whitespace-nowrap">{word}</span>
                </Fragment>
              ))}
            </Text>
          }
        />
        <HubOrderKeptRows hubOrder={hubOrder} order={medusaOrder} />
        {severalAccounts && <SectionRow label={t("fields.account")} value={accountName(hubOrder.account)} testId="hub-order-account" />}
        <SectionRow label={t("fields.marketplace")} value={hubOrder.channel ?? "—"} testId="hub-order-channel" />
        <SectionRow
          label={t("delivery.delivery")}
          testId="hub-order-delivery"
          value={
            <>
              <Text size="small" leading="compact">
                {delivery === "own" && hubOrder.shipping_method ? `${t("delivery.kinds.own")} · ${hubOrder.shipping_method}` : t(`delivery.kinds.${delivery}`)}
              </Text>
              {carried && (
                <Text size="small" leading="compact" className="text-ui-fg-muted">
                  {t(delivery === "fulfillment" ? "delivery.fulfillmentHint" : "delivery.marketplaceCarries")}
                </Text>
              )}
            </>
          }
        />
        <SectionRow
          label={t("fields.hubStatus")}
          testId="hub-order-status"
          value={
            <div className="flex flex-wrap items-center gap-1">
              <Text size="small" leading="compact">
                {statusLabel ?? hubOrder.status_code}
              </Text>
              <Badge size="2xsmall" title={t("fields.statusCode", { code: hubOrder.status_code })} data-testid="hub-order-status-meaning">
                {t(`statusTypes.${hubOrder.status_type}`, { defaultValue: hubOrder.status_type })}
              </Badge>
            </div>
          }
        />
        <SectionRow label={t("fields.imported")} value={formatTime(hubOrder.imported_at)} />
        <HubOrderTickets code={hubOrder.code} account={hubOrder.account} />
        {metadata.hub_invoice && (
          <SectionRow
            label={t("fields.invoice")}
            testId="hub-order-invoice"
            value={
              <>
                <Text size="small" leading="compact">
                  {metadata.hub_invoice.key.replace(/(\d{4})(?=\d)/g, "$1 ")}
                </Text>
                {metadata.hub_invoice.issue_date && (
                  <Text size="small" leading="compact" className="text-ui-fg-muted">
                    {t("fields.issued", { at: formatTime(metadata.hub_invoice.issue_date) })}
                  </Text>
                )}
              </>
            }
          />
        )}
        <HubOrderLabel code={hubOrder.code} account={hubOrder.account} delivery={delivery} statusType={hubOrder.status_type} invoiced={!!metadata.hub_invoice} />
        {metadata.hub_shipment_exception && (
          <SectionRow
            label={t("fields.shipmentException")}
            testId="hub-order-shipment-exception"
            value={`${metadata.hub_shipment_exception.observation} (${formatTime(metadata.hub_shipment_exception.occurrence_date)})`}
          />
        )}
      </div>
      <HubOrderStockShortage shortage={stockShortage} onCancel={expected.includes("cancel") || others.includes("cancel") ? () => setOpen("cancel") : null} />
      {(expected.length > 0 || others.length > 0) && (
        <div className="flex flex-wrap items-center gap-2 px-6 py-4" data-testid="hub-order-actions">
          {expected.map((kind) => (
            <Button key={kind} size="small" variant="secondary" onClick={() => setOpen(kind)}>
              {t(`moves.kinds.${kind}`)}
            </Button>
          ))}
          {others.length > 0 && (
            <DropdownMenu>
              <DropdownMenu.Trigger asChild>
                <Button size="small" variant="transparent" data-testid="hub-other-moves">
                  <EllipsisHorizontal />
                  {t("moves.others")}
                </Button>
              </DropdownMenu.Trigger>
              <DropdownMenu.Content>
                <DropdownMenu.Label>{t("moves.othersHint")}</DropdownMenu.Label>
                {others.map((kind) => (
                  <DropdownMenu.Item key={kind} onClick={() => setOpen(kind)}>
                    {t(`moves.kinds.${kind}`)}
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Content>
            </DropdownMenu>
          )}
        </div>
      )}
      {medusaOrder && <HubOrderPromotions order={medusaOrder} />}
      {medusaOrder && <HubOrderShipments order={medusaOrder} />}
      <HubOrderMoves moves={moves} />
      <HubOrderDeliveryActions actions={deliveryActions} />
      <MarketplaceRefusals refusals={marketplaceRefusals} entity="orders" />
      <div className="px-6 py-3">
        <Link to="/hub-orders" className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-compact-small">
          {t("hubPage")}
        </Link>
      </div>
      {open && (
        <MoveDrawer
          kind={open}
          code={hubOrder.code}
          account={hubOrder.account}
          order={medusaOrder}
          expected={expected.includes(open)}
          withXml={delivery === "direct"}
          statusLabel={statusLabelOf}
          onClose={() => setOpen(null)}
        />
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.side.before",
})

export default HubOrderWidget
