import type { Page } from "playwright-core"
import { eventually } from "../helpers/eventually"
import { live, type OrderPageSession } from "./hub-admin-order-session"
import { publishSeededProducts } from "./hub-admin-products"
import { openHubPage } from "./hub-pages"

/*
 * The hub pages' own work: the connection's health and an import run on the overview and the orders
 * page, an order set aside with its reason, a reconciliation on demand, the traffic chart on Diagnostics;
 * hub-admin.spec.ts calls these inside a describe, on its one demo and browser.
 */

/** The numbers in one column of a table on the page, found by its header's text. */
async function columnNumbers(page: Page, tableTestId: string, header: string): Promise<number[]> {
  const table = page.getByTestId(tableTestId)
  const headers = await table.locator("thead th").allInnerTexts()
  const column = headers.findIndex((text) => text.trim() === header)
  expect(column).toBeGreaterThanOrEqual(0)
  const cells = await table.locator(`tbody tr td:nth-child(${column + 1})`).allInnerTexts()
  return cells.map((text) => Number(text.trim()))
}

export function hubPageTests(session: OrderPageSession) {
  it("shows the connection's health on the overview, and an import run started from the orders page", async () => {
    const { page, medusaUrl, sandboxUrl } = live(session)
    await openHubPage(page, medusaUrl, "overview")
    const connection = page.getByTestId("hub-connection")
    await session.expectText(connection, "Healthy")
    await session.expectText(connection, `${new URL(sandboxUrl).origin} (sandbox account)`)

    await openHubPage(page, medusaUrl, "orders")
    await page.getByRole("button", { name: "Import now" }).click()
    // The demo's sandbox holds six NEW orders (two of the marketplace's own delivery, one its buyer asks to cancel): all six are imported by this run.
    await session.expectText(page.getByTestId("hub-import-result"), "Imported 6, updated 0, set aside 0 of 6 orders seen.")
    await eventually(async () => expect(await columnNumbers(page, "hub-import-runs", "Imported")).toEqual([6]))
    await session.expectText(page.getByTestId("hub-order-import"), "None: every hub order seen so far is imported.")
    // Seen counts the orders the run read: six.
    expect(await columnNumbers(page, "hub-import-runs", "Seen")).toEqual([6])
    // Import now again, right after: nothing new, said as such, with what the run before took; twice, and
    // the two runs that found nothing are one line above the run that imported.
    for (let click = 0; click < 2; click++) {
      await page.getByRole("button", { name: "Import now" }).click()
      await session.expectText(page.getByTestId("hub-import-result"), "Nothing new: none of the 6 orders seen changed since they were last read.")
      await session.expectText(page.getByTestId("hub-import-result"), "took what was new: imported 6, updated 0, set aside 0.")
    }
    await session.expectText(page.getByTestId("hub-import-quiet-runs").first(), "2 runs found nothing new, ")
    expect(await columnNumbers(page, "hub-import-runs", "Imported")).toEqual([0, 6])
    await session.screenshot("hub-import-nothing-new", page.getByTestId("hub-order-import"))
    // Nothing about orders needs the merchant (the demo's unweighed product may already be listed, by
    // whether its publication round ran before this test; products are their own test).
    await openHubPage(page, medusaUrl, "overview")
    const needsYou = page.getByTestId("hub-needs-you")
    await eventually(async () => expect(await needsYou.innerText()).toMatch(/Nothing needs you now|Products that cannot be published/))
    expect(await needsYou.innerText()).not.toMatch(/orders set aside|Moves not done|Canceled orders/)
  })

  it("lists an order set aside with its reason", async () => {
    const { page, medusaUrl, sandboxUrl, hubClient } = live(session)
    // A marketplace order for a SKU this store does not sell, put on the hub as a marketplace would.
    const [template] = (await hubClient.listOrders({})).orders as unknown as Array<{
      channel: string
      items: Array<Record<string, unknown>>
      customer: { email: string }
    }>
    const code = `${template.channel}-999999`
    const response = await fetch(`${sandboxUrl}/_sandbox/orders/raw`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...template, code, items: [{ ...template.items[0], id: "SKU-QUE-NAO-EXISTE" }] }),
    })
    expect(response.status).toBe(201)

    await openHubPage(page, medusaUrl, "orders")
    await page.getByRole("button", { name: "Import now" }).click()
    await session.expectText(page.getByTestId("hub-import-result"), "Imported 0, updated 0, set aside 1 of 7 orders seen.")
    const row = page.getByTestId("hub-orders-attention").locator("tbody tr", { hasText: code })
    await session.expectText(row, "Set aside")
    await session.expectText(row, "no product variant has the SKU SKU-QUE-NAO-EXISTE")
    // The customer's e-mail is personal data: the page never shows it.
    expect(await page.getByTestId("hub-order-import").innerText()).not.toContain(template.customer.email)
    // The overview tells it, its link leading to the list.
    await openHubPage(page, medusaUrl, "overview")
    await session.expectText(page.getByTestId("hub-needs-orders"), "Hub orders set aside or short of stock: 1")
    await page.getByTestId("hub-needs-orders").getByRole("link").click()
    await page.getByTestId("hub-orders-attention").locator("tbody tr", { hasText: code }).waitFor()
    // Medusa's own notification feed (the bell, Ctrl+N) tells the merchant too, naming the order.
    await eventually(async () => {
      await page.keyboard.press("Control+KeyN")
      const feed = page.getByRole("dialog")
      try {
        await session.expectText(feed, `Marketplace order ${code} was not imported`, 5_000)
      } finally {
        await page.keyboard.press("Escape")
      }
    }, 60_000)
    await page.keyboard.press("Control+KeyN")
    const feed = page.getByRole("dialog")
    await session.expectText(feed, "no product variant has the SKU SKU-QUE-NAO-EXISTE")
    expect(await feed.innerText()).not.toContain(template.customer.email)
    await session.screenshot("hub-feed-notice", feed)
    await page.keyboard.press("Escape")
  })

  it("reconciles on demand: a quantity changed on the hub is put back", async () => {
    const { page, medusaUrl, hubClient } = live(session)
    // With publishProducts on, a SKU's stock waits for its product's publication (linked to the SKU
    // the hub holds, or created); the schedule is off here, so the round its job runs is asked for.
    await publishSeededProducts(session)
    await openHubPage(page, medusaUrl, "products")
    // The demo's store was seeded by a separate `medusa exec` process, whose stock events were read
    // before the levels existed; then Medusa started. Once the outbox has drained (the imports'
    // reservations pushed), the hub already holds Medusa's quantities: the very first reconciliation
    // finds none differing (before pushes read the quantity as they leave, it found 2).
    await eventually(async () => {
      await page.reload()
      await session.expectText(page.getByTestId("hub-catalogue-backlog"), "Nothing waiting to be pushed.", 5_000)
    }, 60_000)
    await page.getByRole("button", { name: "Reconcile now" }).click()
    await session.expectText(page.getByTestId("hub-last-reconciliation"), "5 hub products read, 0 differing")
    await session.expectText(page.getByTestId("hub-catalogue-verified"), "Hub and Medusa last verified equal")
    const [product] = (await hubClient.listProducts({})).products
    const expected = product.qty
    await hubClient.updateProduct(product.sku, { qty: expected + 40 })

    await page.getByRole("button", { name: "Reconcile now" }).click()
    await session.expectText(page.getByTestId("hub-last-reconciliation"), "5 hub products read, 1 differing")
    await eventually(async () => expect((await hubClient.getProduct(product.sku))?.qty).toBe(expected))
    await eventually(async () => {
      await page.reload()
      await session.expectText(page.getByTestId("hub-last-reconciliation"), "1 differing (quantity 1), 1 fixed")
    })
    await session.expectText(page.getByTestId("hub-catalogue-backlog"), "Nothing waiting to be pushed.")
  })

  it("draws the last day's hub traffic per hour and endpoint on Diagnostics, at 1024 px and on a phone", async () => {
    const { page, medusaUrl } = live(session)
    await openHubPage(page, medusaUrl, "diagnostics")
    // The counts in plain words, with their codes for whoever reads them here.
    await session.expectText(page.getByTestId("hub-connection-counts"), "refused by the hub (4xx)")
    const chart = page.getByTestId("hub-traffic-chart")
    // The import runs above listed orders: this process recorded them (the route records its own before reading).
    const row = chart.locator("tbody tr", { hasText: "GET /orders" }).first()
    await session.expectText(row, "GET /orders")
    const [, , requests] = (await row.locator("td").allInnerTexts()).map((text) => text.trim())
    expect(Number(requests)).toBeGreaterThan(0)
    expect(await row.locator("svg rect").count()).toBeGreaterThan(0)
    await page.setViewportSize({ width: 1024, height: 900 })
    await session.screenshot("hub-traffic-1024", page.getByTestId("hub-traffic"))
    await openHubPage(page, medusaUrl, "orders")
    await session.screenshot("hub-import-1024", page.getByTestId("hub-order-import"))
    // On a phone the page does not widen: the chart and the tables scroll inside their cards.
    await page.setViewportSize({ width: 390, height: 844 })
    await openHubPage(page, medusaUrl, "diagnostics")
    await page.getByTestId("hub-traffic-chart").waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await session.screenshot("hub-traffic-phone", page.getByTestId("hub-traffic"))
    await openHubPage(page, medusaUrl, "overview")
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await session.screenshot("hub-connection-phone", page.getByTestId("hub-connection"))
    await page.setViewportSize({ width: 1440, height: 1000 })
  })
}
