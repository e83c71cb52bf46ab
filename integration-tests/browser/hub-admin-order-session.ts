import type { Locator } from "playwright-core"
import type { HubClient, HubOrder } from "../../src/hub-client"
import type { AdminSession } from "./hub-admin-products"

/* What the order page's tests (hub-admin-orders.ts) hold of the demo: the session, its sandbox's orders, an order to move. */

/** What the order page's tests use beside the session: a client of the default account's sandbox hub and the demo's output. */
export type OrderPageSession = AdminSession & { hubClient: () => HubClient; demoOutput: () => string }

/** The session's values as they are now (set once the demo and the browser are up). */
export function live(session: OrderPageSession) {
  return { page: session.page(), medusaUrl: session.medusaUrl(), sandboxUrl: session.sandboxUrl(), hubClient: session.hubClient() }
}

/** A hub order as the sandbox holds it, read outside the account's limits (the store's own reads keep their budget). */
export async function sandboxOrder(sandboxUrl: string, code: string): Promise<HubOrder> {
  const response = await fetch(`${sandboxUrl}/_sandbox/orders/${encodeURIComponent(code)}`)
  expect(response.status).toBe(200)
  return (await response.json()) as HubOrder
}

/**
 * A demo order to move (invoice, ship, cancel): one of the merchant's own carrier (`status_type` when
 * given), none a buyer has opened an after-sale ticket about (the demo's cancel ticket's order stays
 * unfulfilled for the after-sale tests, hub-admin-after-sale.ts, as the demo leaves it), and, to be
 * shipped (`ships`), none with a line the marketplace sells from the demo's other warehouse (reserved
 * in Rio: its shipment is two fulfillments, one a location, and Medusa's own form would ship it from one).
 */
export async function orderToMove(session: OrderPageSession, { status, ships }: { status?: string; ships: boolean }): Promise<{ code: string; order_id: string; status_type: string }> {
  const { page, medusaUrl, sandboxUrl } = live(session)
  const response = await page.request.get(`${medusaUrl}/admin/hub/orders?import_state=imported&limit=20`)
  const tickets = await (await fetch(`${sandboxUrl}/_sandbox/sac`)).json()
  const asked = new Set((tickets.sac as Array<{ order_code: string }>).map((ticket) => ticket.order_code))
  const orders = (await response.json()).hub_orders as Array<{ code: string; order_id: string; status_type: string; calculation_type: string | null }>
  for (const entry of orders) {
    if (entry.calculation_type || asked.has(entry.code) || (status && entry.status_type !== status)) continue
    if (!ships) return entry
    const { items } = (await sandboxOrder(sandboxUrl, entry.code)) as unknown as { items: Array<{ remote_store_id?: string | null }> }
    if (items.every((item) => !item.remote_store_id || item.remote_store_id === "98")) return entry
  }
  throw new Error(`no demo order to move${status ? ` in ${status}` : ""}`)
}

/** The texts of a two-column row's cells: its label, then its value. */
export async function rowCells(row: Locator): Promise<string[]> {
  await row.waitFor({ timeout: 60_000 })
  return (await row.locator(":scope > *").allInnerTexts()).map((text) => text.trim())
}
