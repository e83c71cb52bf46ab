import type { AdminFulfillmentItem, AdminFulfillmentLabel, AdminOrder, AdminOrderFulfillment } from "@medusajs/framework/types"
import { StatusBadge, Text } from "@medusajs/ui"
import { formatTime } from "../../lib/format"
import { useHubTranslation } from "../../lib/i18n"

/** A tracking URL is shown as a link only when it is a web address (Medusa's own fulfillment card does the same). */
const isWebAddress = (url: string | undefined | null) => {
  try {
    return !!url && ["http:", "https:"].includes(new URL(url).protocol)
  } catch {
    return false
  }
}

/**
 * The order's shipments as Medusa records them (its fulfillments): items, tracking labels, when
 * shipped and delivered. Whether made from this card or from Medusa's own fulfillment UI, each
 * reached the hub once.
 */
export const HubOrderShipments = ({ order }: { order: AdminOrder }) => {
  const { t } = useHubTranslation("card")
  // Read with `*fulfillments.items,*fulfillments.labels` (see MEDUSA_ORDER_FIELDS); the order type leaves them out.
  const fulfillments = ((order.fulfillments ?? []) as Array<AdminOrderFulfillment & { items: AdminFulfillmentItem[]; labels?: AdminFulfillmentLabel[] }>).filter(
    (fulfillment) => !fulfillment.canceled_at
  )
  if (!fulfillments.length) return null
  return (
    <div className="flex flex-col gap-y-3 px-6 py-4" data-testid="hub-order-shipments">
      <Text size="small" leading="compact" weight="plus">
        {t("shipments.heading")}
      </Text>
      {fulfillments.map((fulfillment, index) => (
        <div key={fulfillment.id} className="bg-ui-bg-subtle shadow-borders-base flex flex-col gap-y-1 rounded-md px-3 py-2">
          <div className="flex items-center justify-between gap-x-2">
            <Text size="small" leading="compact" weight="plus">
              {t("shipments.shipment", { n: index + 1 })}
            </Text>
            <StatusBadge color={fulfillment.delivered_at ? "green" : fulfillment.shipped_at ? "blue" : "orange"}>
              {fulfillment.delivered_at ? t("shipments.delivered") : fulfillment.shipped_at ? t("shipments.shipped") : t("shipments.notShipped")}
            </StatusBadge>
          </div>
          <ul>
            {/* Goods only: the instalment interest line rides in the first fulfillment (so Medusa reads the order fulfilled) but is no parcel. */}
            {fulfillment.items.filter((item) => !!item.sku).map((item) => (
              <li key={item.id}>
                <Text size="small" leading="compact" className="text-ui-fg-subtle">
                  {t("shipments.line", { quantity: item.quantity, title: item.title })}
                  {item.sku && item.sku !== item.title ? ` (${item.sku})` : ""}
                </Text>
              </li>
            ))}
          </ul>
          {(fulfillment.labels ?? []).map((label) => (
            <Text key={label.id} size="small" leading="compact" className="text-ui-fg-subtle">
              {t("shipments.tracking")}{" "}
              {isWebAddress(label.tracking_url) ? (
                <a href={label.tracking_url} target="_blank" rel="noopener noreferrer" className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover">
                  {label.tracking_number}
                </a>
              ) : (
                label.tracking_number
              )}
            </Text>
          ))}
          <Text size="small" leading="compact" className="text-ui-fg-subtle">
            {fulfillment.shipped_at ? t("shipments.shippedAt", { at: formatTime(fulfillment.shipped_at) }) : t("shipments.createdAt", { at: formatTime(fulfillment.created_at) })}
            {fulfillment.delivered_at ? ` · ${t("shipments.deliveredAt", { at: formatTime(fulfillment.delivered_at) })}` : ""}
          </Text>
        </div>
      ))}
    </div>
  )
}
