import type { HubSacInstanceView, HubSacTicketView } from "../../api/admin/hub/after-sale/types"
import type { useHubTranslation } from "./i18n"

type TFunction = ReturnType<typeof useHubTranslation>["t"]

type Instance = Pick<HubSacInstanceView, "action" | "state" | "received_at">

/** What the seller does about a ticket (the hub's instance actions). */
export type TicketAction = HubSacInstanceView["action"]

/**
 * What Medusa can carry out for the ticket's order, and the words saying so while nothing is done yet:
 * a cancel while nothing of it is fulfilled (Medusa's cancelOrderWorkflow refuses an order with a
 * fulfillment that stands, and the plugin refuses it before the hub is told), a return or an exchange
 * once it is (Medusa takes back only what it fulfilled).
 */
export function offeredActions(order: NonNullable<HubSacTicketView["order"]>): { actions: TicketAction[]; none: string } {
  return order.fulfilled ? { actions: ["RETURN", "EXCHANGE"], none: "instance.noneFulfilled" } : { actions: ["CANCEL"], none: "instance.none" }
}

/**
 * Where a ticket's instance stands, in the merchant's words (the after-sale page and the order card):
 * a cancel taken is the order canceled; a return or exchange taken waits for the goods until they are
 * received; otherwise the action and how its sending ended. `t` is the afterSale part's.
 */
export function instanceProgress(t: TFunction, instance: Instance): string {
  const action = t(`instance.action.${instance.action}`)
  if (instance.state !== "sent") return `${action} · ${t(`instance.state.${instance.state}`)}`
  if (instance.action === "CANCEL") return t("instance.progress.CANCEL")
  return t(instance.received_at ? "instance.progress.received" : "instance.progress.awaiting", { action })
}

/** A status the hub gives (`PENDING`, `REFUNDED`, ...) in the merchant's words; one not known yet as the hub wrote it. */
export function hubStatusWords(t: TFunction, status: string): string {
  return t(`statuses.${status}`, { defaultValue: status })
}

/** A ticket's lines as the merchant reads them: "1 × Caneca de cerâmica (CANECA-300)", the SKU alone when the hub names none. */
export function ticketLines(t: TFunction, items: HubSacTicketView["items"]): string {
  if (!items.length) return "—"
  return items
    .map((item) => (item.name && item.sku ? t("lineNamed", { quantity: item.quantity ?? "?", name: item.name, sku: item.sku }) : t("line", { quantity: item.quantity ?? "?", sku: item.sku ?? item.name ?? "?" })))
    .join(", ")
}
