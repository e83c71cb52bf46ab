import type { AdminSession } from "./hub-admin-products"
import { openHubPage } from "./hub-pages"

/*
 * Several hub accounts on the hub page and the order card: the demo runs with HUB_DEMO_ACCOUNTS=2
 * (brand B on the sandbox port after the default's, with its own sales channel and location:
 * scripts/demo-hubs.js); hub-admin.spec.ts calls these inside a describe, on its one demo and browser.
 */

type Run = { imported: number }

async function importRuns(session: AdminSession, account: string): Promise<Run[]> {
  const response = await session.page().request.get(`${session.medusaUrl()}/admin/hub/import-runs?account=${account}&limit=100`)
  expect(response.status()).toBe(200)
  return (await response.json()).import_runs
}

export function accountTests(session: AdminSession) {
  it("switches hub accounts: each shows its own hub, import and figures; the choice is remembered; the card names an order's account", async () => {
    const page = session.page()
    await openHubPage(page, session.medusaUrl(), "overview")
    const select = page.getByTestId("hub-account-select")
    const connection = page.getByTestId("hub-connection")
    // Called by its name (the demo's HUB_ACCOUNT_NAME, option `name`), not its id; one without a name is called by its id (accounts.unit.spec).
    await session.expectText(select, "Loja Demo")
    await session.expectText(connection, `${new URL(session.sandboxUrl()).origin} (sandbox account)`)
    const defaultRuns = (await importRuns(session, "default")).length

    // Brand B: its own hub, and Import now imports its own three NEW orders, into its runs only.
    await select.locator("button").click()
    // Called by its name (the demo's option `name`), not its id.
    await page.getByRole("option", { name: "Marca B" }).click()
    await session.expectText(connection, `${new URL(session.brandBSandboxUrl()).origin} (sandbox account)`)
    // The choice holds on every page of the plugin: the orders page shows brand B's import.
    await openHubPage(page, session.medusaUrl(), "orders")
    await session.expectText(page.getByTestId("hub-account-select"), "Marca B")
    await page.getByRole("button", { name: "Import now" }).click()
    await session.expectText(page.getByTestId("hub-import-result"), "Imported 3, updated 0, set aside 0 of 3 orders seen.")
    expect((await importRuns(session, "brand-b")).map((run) => run.imported)).toEqual([3])
    expect(await importRuns(session, "default")).toHaveLength(defaultRuns)
    await session.expectText(page.getByTestId("hub-import-runs"), "3")
    // Its catalogue sync is its own: brand B's channel sells three SKUs from its own location.
    const { catalogue } = await (await page.request.get(`${session.medusaUrl()}/admin/hub/catalogue?account=brand-b`)).json()
    expect(catalogue.account).toBe("brand-b")
    await session.screenshot("hub-orders-brand-b")
    await openHubPage(page, session.medusaUrl(), "products")
    await session.expectText(page.getByTestId("hub-catalogue-sync"), String(catalogue.backlog))
    await session.screenshot("hub-products-brand-b")

    // Remembered in the browser: the overview, reloaded, shows brand B still.
    await openHubPage(page, session.medusaUrl(), "overview")
    await page.reload()
    await session.expectText(page.getByTestId("hub-account-select"), "Marca B")
    await session.expectText(page.getByTestId("hub-connection"), new URL(session.brandBSandboxUrl()).origin)

    // An order of brand B: its card names the account, and its moves go to brand B's hub.
    const orders = await (await page.request.get(`${session.medusaUrl()}/admin/hub/orders?account=brand-b&limit=1`)).json()
    const [order] = orders.hub_orders as Array<{ account: string; order_id: string; code: string }>
    expect(order.account).toBe("brand-b")
    await page.goto(`${session.medusaUrl()}/app/orders/${order.order_id}`)
    const widget = page.getByTestId("hub-order-widget")
    await session.expectText(widget.getByTestId("hub-order-account"), "Marca B")
    await session.expectText(widget, order.code)
    await session.screenshot("hub-order-card-brand-b", widget)

    // Back to the default account, as the page leaves it for what follows.
    await openHubPage(page, session.medusaUrl(), "overview")
    await page.getByTestId("hub-account-select").locator("button").click()
    await page.getByRole("option", { name: "Loja Demo", exact: true }).click()
    await session.expectText(page.getByTestId("hub-connection"), new URL(session.sandboxUrl()).origin)
  })
}
