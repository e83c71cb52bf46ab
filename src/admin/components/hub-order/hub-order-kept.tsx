import type { AdminOrder } from "@medusajs/framework/types"
import { Text } from "@medusajs/ui"
import type { HubOrderRow } from "../../../api/admin/hub/types"
import { formatAmount, formatTime } from "../../lib/format"
import { useHubTranslation } from "../../lib/i18n"
import { SectionRow } from "../section-row"

/**
 * The hub statuses of an order still to be shipped by the merchant, as the ship-by notices read them
 * (src/modules/hub/repositories/hub-order.ts, `shipByDue`): paid, maybe invoiced, not yet shipped.
 */
const TO_SHIP = ["APPROVED", "INVOICED"]

/** Whether an order's ship-by date has passed while it is still to be shipped (`now`: the caller's clock). */
export function shipByOverdue(hubOrder: Pick<HubOrderRow, "status_type" | "expedition_limit_date">, now: number): boolean {
  return !!hubOrder.expedition_limit_date && TO_SHIP.includes(hubOrder.status_type) && Date.parse(hubOrder.expedition_limit_date) <= now
}

/** A ship-by date in the admin's language, in red with the word for it when it has passed and the order is not shipped yet. */
export const ShipBy = ({ hubOrder, overdueText, testId }: { hubOrder: Pick<HubOrderRow, "status_type" | "expedition_limit_date">; overdueText: string; testId?: string }) => {
  const overdue = shipByOverdue(hubOrder, Date.now())
  return (
    <span data-testid={testId} data-overdue={overdue} className={overdue ? "text-ui-fg-error" : undefined}>
      {formatTime(hubOrder.expedition_limit_date)}
      {overdue && <span className="block">{overdueText}</span>}
    </span>
  )
}

/**
 * The card's rows of what the merchant needs from the hub order: the marketplace's own number, the
 * ship-by date and, while the order waits for its invoice, a company buyer's state registration (the
 * IE the NF-e needs; kept on the billing address's metadata, shown nowhere else).
 */
export const HubOrderKeptRows = ({
  hubOrder,
  order,
}: {
  hubOrder: Pick<HubOrderRow, "remote_code" | "status_type" | "expedition_limit_date">
  order: AdminOrder | undefined
}) => {
  const { t } = useHubTranslation("card")
  const stateRegistration = order?.billing_address?.metadata?.state_registration
  const toInvoice = hubOrder.status_type === "APPROVED" && !order?.metadata?.hub_invoice
  return (
    <>
      {hubOrder.remote_code && <SectionRow label={t("kept.marketplaceNumber")} value={hubOrder.remote_code} testId="hub-order-remote-code" />}
      {toInvoice && typeof stateRegistration === "string" && stateRegistration && (
        <SectionRow label={t("kept.stateRegistration")} value={stateRegistration} testId="hub-order-state-registration" />
      )}
      {hubOrder.expedition_limit_date && (
        <SectionRow
          label={t("kept.shipBy")}
          testId="hub-order-ship-by"
          value={
            <Text size="small" leading="compact">
              <ShipBy hubOrder={hubOrder} overdueText={t("kept.overdue")} />
            </Text>
          }
        />
      )}
    </>
  )
}

/** One promotion on a line as the import keeps it (a line item's `metadata.hub_promotions`), in the order's currency; each amount null when the hub gave none. */
type LinePromotion = { name: string | null; value: number | null; seller_value: number | null; sponsor_value: number | null }

const amountOf = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null)

/** A line's promotions, those that carry an amount (metadata is anyone's to write). */
function linePromotions(metadata: Record<string, unknown> | null | undefined): LinePromotion[] {
  const promotions = metadata?.hub_promotions
  if (!Array.isArray(promotions)) return []
  return promotions.flatMap((promotion) => {
    if (!promotion || typeof promotion !== "object") return []
    const kept = {
      name: typeof promotion.name === "string" && promotion.name.trim() ? promotion.name : null,
      value: amountOf(promotion.value),
      seller_value: amountOf(promotion.seller_value),
      sponsor_value: amountOf(promotion.sponsor_value),
    }
    return kept.value === null && kept.seller_value === null && kept.sponsor_value === null ? [] : [kept]
  })
}

/**
 * Each line's promotion split as the hub sent it: the discount, the marketplace's share (its subsidy)
 * and the seller's own. Shown as the hub's amounts; the order's total stays what the buyer paid.
 */
export const HubOrderPromotions = ({ order }: { order: AdminOrder }) => {
  const { t } = useHubTranslation("card")
  const lines = (order.items ?? []).map((item) => ({ item, promotions: linePromotions(item.metadata) })).filter((line) => line.promotions.length)
  if (!lines.length) return null
  const amount = (value: number) => formatAmount(value, order.currency_code)
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="hub-order-promotions">
      <Text size="small" leading="compact" weight="plus">
        {t("kept.promotions.heading")}
      </Text>
      <Text size="small" leading="compact" className="text-ui-fg-muted">
        {t("kept.promotions.hint")}
      </Text>
      {lines.map(({ item, promotions }) => (
        <div key={item.id} className="bg-ui-bg-subtle shadow-borders-base flex flex-col gap-y-1 rounded-md px-3 py-2" data-testid="hub-order-promotion-line">
          <Text size="small" leading="compact" weight="plus">
            {item.title}
            {item.variant_sku && item.variant_sku !== item.title ? ` (${item.variant_sku})` : ""}
          </Text>
          {promotions.map((promotion, index) => (
            <div key={index} data-testid="hub-order-promotion">
              <Text size="small" leading="compact" className="text-ui-fg-subtle">
                {promotion.name ?? t("kept.promotions.unnamed")}
                {promotion.value !== null && `: ${t("kept.promotions.discount", { amount: amount(promotion.value) })}`}
              </Text>
              {promotion.sponsor_value !== null && (
                <Text size="small" leading="compact" className="text-ui-fg-subtle" data-testid="hub-order-promotion-marketplace">
                  {t("kept.promotions.marketplace", { amount: amount(promotion.sponsor_value) })}
                </Text>
              )}
              {promotion.seller_value !== null && (
                <Text size="small" leading="compact" className="text-ui-fg-subtle" data-testid="hub-order-promotion-seller">
                  {t("kept.promotions.seller", { amount: amount(promotion.seller_value) })}
                </Text>
              )}
            </div>
          ))}
        </div>
      ))}
    </div>
  )
}
