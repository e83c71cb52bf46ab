import type { Locator } from "playwright-core"
import { STANDARD_SANDBOX_STATUSES } from "../../src/sandbox"
import { eventually } from "../helpers/eventually"
import type { AdminSession } from "./hub-admin-products"
import { openHubPage } from "./hub-pages"

/*
 * The hub page's lists a page at a time, and the hub code beside Medusa's number above the order
 * list: hub-admin.spec.ts calls these inside its describes, on its one demo and browser.
 */

/** Rows a hub page list shows at once (src/admin/lib/hub-queries.ts). */
const ADMIN_PAGE_SIZE = 10
/** Rows the order list's widget shows at once (src/admin/widgets/hub-order-numbers.tsx). */
const WIDGET_PAGE_SIZE = 5

type HubOrder = { id: string; account: string; code: string; order_id: string | null; order?: { display_id: number } | null }

/** The demo's accounts by their names (option `name`; HUB_ACCOUNT_NAME for the default one). */
const ACCOUNT_NAMES: Record<string, string> = { default: "Loja Demo", "brand-b": "Marca B" }

/** How a list names a hub order in the demo's store of two hub accounts: its code, then its account's name. */
const named = (order: HubOrder) => `${order.code} · ${ACCOUNT_NAMES[order.account] ?? order.account}`
type OrdersPage = { hub_orders: HubOrder[]; count: number }

async function hubOrders(session: AdminSession, query: string): Promise<OrdersPage> {
  const response = await session.page().request.get(`${session.medusaUrl()}/admin/hub/orders?${query}`)
  expect(response.status()).toBe(200)
  return response.json()
}

/** The texts of one column of a Medusa DataTable, by its header. */
async function column(table: Locator, header: string): Promise<string[]> {
  const headers = (await table.locator("thead th").allInnerTexts()).map((text) => text.trim())
  const index = headers.indexOf(header)
  expect({ header, found: index >= 0 }).toEqual({ header, found: true })
  return (await table.locator(`tbody tr td:nth-child(${index + 1})`).allInnerTexts()).map((text) => text.trim())
}

const NEEDING = "import_state[]=set_aside&import_state[]=needs_stock"
const IMPORTED = "import_state[]=imported&import_state[]=needs_stock&fields=%2Border.display_id&order=-imported_at"

export function hubPageListTests(session: AdminSession) {
  it("pages the orders needing the merchant forward: the second page shows the orders the first did not", async () => {
    const page = session.page()
    // More orders set aside than one page holds: marketplace orders for a SKU this store does not sell.
    // A new order (the listing reads NEW ones), as the sandbox holds one, copied with the unknown SKU.
    const [imported] = (await hubOrders(session, "account=default&import_state=imported&limit=1")).hub_orders
    const template = await (await fetch(`${session.sandboxUrl()}/_sandbox/orders/${encodeURIComponent(imported.code)}`)).json()
    const status = STANDARD_SANDBOX_STATUSES.find((entry) => entry.type === "NEW")!
    for (let index = 0; index <= ADMIN_PAGE_SIZE; index++) {
      const response = await fetch(`${session.sandboxUrl()}/_sandbox/orders/raw`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...template, status, code: `${template.channel}-88880${index}`, items: [{ ...template.items[0], id: "SKU-PAGINADO" }] }),
      })
      expect(response.status).toBe(201)
    }
    expect((await page.request.post(`${session.medusaUrl()}/admin/hub/import-runs`)).status()).toBe(200)
    const { count } = await hubOrders(session, `${NEEDING}&limit=1`)
    expect(count).toBeGreaterThan(ADMIN_PAGE_SIZE)
    const [first, second] = [
      await hubOrders(session, `${NEEDING}&limit=${ADMIN_PAGE_SIZE}&offset=0`),
      await hubOrders(session, `${NEEDING}&limit=${ADMIN_PAGE_SIZE}&offset=${ADMIN_PAGE_SIZE}`),
    ]

    await openHubPage(page, session.medusaUrl(), "orders")
    const table = page.getByTestId("hub-orders-attention")
    await eventually(async () => expect(await column(table, "Hub order")).toEqual(first.hub_orders.map(named)), 60_000)
    await session.expectText(table, `1 of ${Math.ceil(count / ADMIN_PAGE_SIZE)} pages`)
    await session.expectText(table, `of ${count} results`)
    await table.getByRole("button", { name: "Next" }).click()
    await eventually(async () => expect(await column(table, "Hub order")).toEqual(second.hub_orders.map(named)), 30_000)
    const firstIds = first.hub_orders.map((order) => order.id)
    expect(second.hub_orders.filter((order) => firstIds.includes(order.id))).toEqual([])
    expect(second.hub_orders.length).toBe(Math.min(ADMIN_PAGE_SIZE, count - ADMIN_PAGE_SIZE))
    await session.expectText(table, `2 of ${Math.ceil(count / ADMIN_PAGE_SIZE)} pages`)
    await table.scrollIntoViewIfNeeded()
    await session.screenshot("hub-orders-attention-page-2", table)
    // And back: the first page again.
    await table.getByRole("button", { name: "Prev" }).click()
    await eventually(async () => expect(await column(table, "Hub order")).toEqual(first.hub_orders.map(named)), 30_000)
  })
}

/** The widget above Medusa's order list: each hub code beside its order's Medusa number, linking to the order. */
async function expectOrderNumbers(session: AdminSession, headers: { hubOrder: string; medusaOrder: string }, results: string): Promise<Locator> {
  const page = session.page()
  const { hub_orders, count } = await hubOrders(session, `${IMPORTED}&limit=${WIDGET_PAGE_SIZE}`)
  expect(hub_orders.length).toBeGreaterThan(0)
  await page.goto(`${session.medusaUrl()}/app/orders`)
  const widget = page.getByTestId("hub-order-numbers")
  const table = widget.getByTestId("hub-order-numbers-table")
  await eventually(async () => expect(await column(table, headers.hubOrder)).toEqual(hub_orders.map(named)), 120_000)
  expect(await column(table, headers.medusaOrder)).toEqual(hub_orders.map((order) => `#${order.order!.display_id}`))
  for (const order of hub_orders.slice(0, 2)) {
    expect(await table.getByRole("link", { name: `#${order.order!.display_id}`, exact: true }).getAttribute("href")).toContain(`/orders/${order.order_id}`)
    expect(await table.getByRole("link", { name: order.code, exact: true }).getAttribute("href")).toContain(`/orders/${order.order_id}`)
  }
  await session.expectText(table, `${results.replace("{{count}}", String(count))}`)
  // Medusa's own list, on the same page, shows the same number for the newest one's order: two cells
  // hold it, the widget's and Medusa's (a cell's whole text: a row's runs on into the date's digits).
  const numbered = page.locator("tbody td", { hasText: new RegExp(`^\\s*#${hub_orders[0].order!.display_id}\\s*$`) })
  await eventually(async () => expect(await numbered.count()).toBe(2), 60_000)
  return widget
}

export function orderListTests(session: AdminSession) {
  it("shows on Medusa's order list page each hub code beside its order's Medusa number, linking to the order, with Medusa's pagination", async () => {
    const widget = await expectOrderNumbers(session, { hubOrder: "Hub order", medusaOrder: "Medusa order" }, "of {{count}} results")
    await session.expectText(widget, "Marketplace orders")
    await session.screenshot("order-list-hub-codes")
  })
}

export function orderListPortugueseTests(session: AdminSession) {
  it("shows the hub codes on the order list page in Portuguese, with none of the plugin's English texts", async () => {
    const widget = await expectOrderNumbers(session, { hubOrder: "Pedido no hub", medusaOrder: "Pedido no Medusa" }, "de {{count}} resultados")
    await session.expectText(widget, "Pedidos de marketplaces")
    const text = await widget.innerText()
    const english = session.englishFragments("page").filter((fragment) => text.includes(fragment))
    expect(english).toEqual([])
    await session.screenshot("order-list-hub-codes-ptBR")
  })
}
