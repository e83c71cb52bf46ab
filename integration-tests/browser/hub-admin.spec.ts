import { ChildProcess, spawn } from "child_process"
import fs from "fs"
import path from "path"
import { Browser, chromium, Page } from "playwright-core"
import { HubClient, type HubOrder } from "../../src/hub-client"
import { DEFAULT_SANDBOX_CREDENTIALS } from "../../src/sandbox"
import { eventually } from "../helpers/eventually"
import { type AdminSession, productPagePortugueseTests, productPageTests, publishSeededProducts } from "./hub-admin-products"
import { hubPageListTests, orderListPortugueseTests, orderListTests } from "./hub-admin-lists"
import { accountTests } from "./hub-admin-accounts"

/*
 * The admin pages in Debian's Chromium, against the demo (`npm run demo`: seeded store, sandbox
 * hub, `medusa develop`) on a throwaway database and ports of its own, with the demo's second hub
 * account (HUB_DEMO_ACCOUNTS=2: brand B, whose orders and stock stay its own until its tests).
 */

jest.setTimeout(600_000)

const ROOT = path.resolve(__dirname, "../..")
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium"
const DATABASE = "medusa_hub_browser_test"
const SCREENSHOTS = process.env.HUB_SCREENSHOTS || "/tmp/hub-screens"
const ADMIN = { email: "admin@hub-demo.local", password: "supersecret" }
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePort, loadPg } = require("../../scripts/postgres")

let demo: ChildProcess
let demoOutput = ""
let medusaUrl: string
let sandboxUrl: string
let brandBSandboxUrl: string
let hubClient: HubClient
let browser: Browser
let page: Page
/** What the catalogue's tests (hub-admin-products.ts) use of this file's demo and browser. */
const session: AdminSession = {
  page: () => page,
  medusaUrl: () => medusaUrl,
  sandboxUrl: () => sandboxUrl,
  brandBSandboxUrl: () => brandBSandboxUrl,
  expectText: (locator, text, timeoutMs) => expectText(locator, text, timeoutMs),
  screenshot: (name, element) => screenshot(name, element),
  englishFragments: (part) => englishFragments(part),
}

async function dropDatabase() {
  const { Client } = loadPg()
  const client = new Client({
    host: process.env.DB_HOST,
    port: Number(process.env.DB_PORT),
    user: process.env.DB_USERNAME,
    password: process.env.DB_PASSWORD,
    database: "postgres",
  })
  await client.connect()
  try {
    await client.query(`drop database if exists ${DATABASE} with (force)`)
  } finally {
    await client.end()
  }
}

async function startDemo() {
  const [medusaPort, sandboxPort] = [await freePort(), await freePort()]
  medusaUrl = `http://localhost:${medusaPort}`
  sandboxUrl = `http://127.0.0.1:${sandboxPort}`
  // The demo puts brand B's sandbox hub on the next port (scripts/demo-hubs.js).
  brandBSandboxUrl = `http://127.0.0.1:${sandboxPort + 1}`
  demo = spawn(process.execPath, [path.join(ROOT, "scripts/demo.js")], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(medusaPort), HUB_SANDBOX_PORT: String(sandboxPort), HUB_DEMO_DATABASE: DATABASE, HUB_JOBS: "false", HUB_DEMO_ACCOUNTS: "2" },
    stdio: ["ignore", "pipe", "pipe"],
  })
  demo.stdout!.on("data", (chunk) => (demoOutput += chunk))
  demo.stderr!.on("data", (chunk) => (demoOutput += chunk))
  const exited = new Promise<never>((_, reject) =>
    demo.once("exit", (code) => reject(new Error(`the demo exited (${code}) before it was ready:\n${demoOutput.slice(-3000)}`)))
  )
  const ready = eventually(async () => {
    const response = await fetch(`${medusaUrl}/health`)
    expect(response.status).toBe(200)
  }, 420_000)
  await Promise.race([ready, exited])
}

async function stopDemo() {
  if (!demo || demo.exitCode !== null) return
  const exited = new Promise((resolve) => demo.once("exit", resolve))
  demo.kill("SIGINT")
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))])
  if (demo.exitCode === null) demo.kill("SIGKILL")
}

async function logIn() {
  // The first load of the admin compiles it (vite, development mode: on a fresh install it
  // optimizes its dependencies and reloads the page): minutes on a slow machine.
  await page.goto(`${medusaUrl}/app/login`, { waitUntil: "commit", timeout: 300_000 })
  await page.locator('input[name="email"]').waitFor({ timeout: 300_000 })
  await page.locator('input[name="email"]').fill(ADMIN.email)
  await page.locator('input[name="password"]').fill(ADMIN.password)
  await page.getByRole("button", { name: "Continue with Email" }).click()
  await page.waitForURL((url) => !url.pathname.includes("/login"), { timeout: 120_000 })
}

/** The numbers in one column of a table on the page, found by its header's text. */
async function columnNumbers(tableTestId: string, header: string): Promise<number[]> {
  const table = page.getByTestId(tableTestId)
  const headers = await table.locator("thead th").allInnerTexts()
  const column = headers.findIndex((text) => text.trim() === header)
  expect(column).toBeGreaterThanOrEqual(0)
  const cells = await table.locator(`tbody tr td:nth-child(${column + 1})`).allInnerTexts()
  return cells.map((text) => Number(text.trim()))
}

beforeAll(async () => {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH`)
  }
  await dropDatabase()
  await startDemo()
  hubClient = new HubClient({ baseUrl: sandboxUrl, ...DEFAULT_SANDBOX_CREDENTIALS, sandbox: true })
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  })
  page = await browser.newPage({ viewport: { width: 1440, height: 1000 } })
  page.setDefaultNavigationTimeout(120_000)
  await logIn()
})

afterAll(async () => {
  await browser?.close()
  await hubClient?.close()
  await stopDemo()
  await dropDatabase().catch(() => undefined)
})

describe("the hub page", () => {
  beforeEach(async () => {
    await page.goto(`${medusaUrl}/app/hub`)
    await page.getByTestId("hub-connection").waitFor({ timeout: 120_000 })
  })

  it("shows the connection's health, and an import run started from it", async () => {
    const connection = page.getByTestId("hub-connection")
    await expectText(connection, "Healthy")
    await expectText(connection, `${new URL(sandboxUrl).origin} (sandbox account)`)

    await page.getByRole("button", { name: "Import now" }).click()
    // The demo's sandbox holds three NEW orders: all three are imported by this run.
    await expectText(page.getByTestId("hub-import-result"), "Imported 3, updated 0, set aside 0 of 3 orders seen.")
    await eventually(async () => expect(await columnNumbers("hub-import-runs", "Imported")).toEqual([3]))
    await expectText(page.getByTestId("hub-order-import"), "None: every hub order seen so far is imported.")
    await expectText(page.getByTestId("hub-needs-you"), "Nothing needs you now")
  })

  it("lists an order set aside with its reason", async () => {
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

    await page.getByRole("button", { name: "Import now" }).click()
    await expectText(page.getByTestId("hub-import-result"), "Imported 0, updated 0, set aside 1 of 4 orders seen.")
    const row = page.getByTestId("hub-orders-attention").locator("tbody tr", { hasText: code })
    await expectText(row, "Set aside")
    await expectText(row, "no product variant has the SKU SKU-QUE-NAO-EXISTE")
    // Told first, above the lists.
    await expectText(page.getByTestId("hub-needs-orders"), "Hub orders set aside or short of stock: 1")
    // The customer's e-mail is personal data: the page never shows it.
    expect(await page.getByTestId("hub-order-import").innerText()).not.toContain(template.customer.email)
    // Medusa's own notification feed (the bell, Ctrl+N) tells the merchant too, naming the order.
    await eventually(async () => {
      await page.keyboard.press("Control+KeyN")
      const feed = page.getByRole("dialog")
      try {
        await expectText(feed, `Marketplace order ${code} was not imported`, 5_000)
      } finally {
        await page.keyboard.press("Escape")
      }
    }, 60_000)
    await page.keyboard.press("Control+KeyN")
    const feed = page.getByRole("dialog")
    await expectText(feed, "no product variant has the SKU SKU-QUE-NAO-EXISTE")
    expect(await feed.innerText()).not.toContain(template.customer.email)
    await screenshot("hub-feed-notice", feed)
    await page.keyboard.press("Escape")
  })

  it("reconciles on demand: a quantity changed on the hub is put back", async () => {
    // With publishProducts on, a SKU's stock waits for its product's publication (linked to the SKU
    // the hub holds, or created); the schedule is off here, so the round its job runs is asked for.
    await publishSeededProducts(session)
    // The demo's store was seeded by a separate `medusa exec` process, whose stock events were read
    // before the levels existed; then Medusa started. Once the outbox has drained (the imports'
    // reservations pushed), the hub already holds Medusa's quantities: the very first reconciliation
    // finds none differing (before pushes read the quantity as they leave, it found 2).
    await eventually(async () => {
      await page.reload()
      await expectText(page.getByTestId("hub-stock-backlog"), "Nothing waiting to be pushed.", 5_000)
    }, 60_000)
    await page.getByRole("button", { name: "Reconcile now" }).click()
    await expectText(page.getByTestId("hub-last-reconciliation"), "5 hub products read, 0 differing")
    await expectText(page.getByTestId("hub-stock-verified"), "Hub and Medusa last verified equal")
    const [product] = (await hubClient.listProducts({})).products
    const expected = product.qty
    await hubClient.updateProduct(product.sku, { qty: expected + 40 })

    await page.getByRole("button", { name: "Reconcile now" }).click()
    await expectText(page.getByTestId("hub-last-reconciliation"), "5 hub products read, 1 differing")
    await eventually(async () => expect((await hubClient.getProduct(product.sku))?.qty).toBe(expected))
    await eventually(async () => {
      await page.reload()
      await expectText(page.getByTestId("hub-last-reconciliation"), "1 differing (quantity 1), 1 fixed")
    })
    await expectText(page.getByTestId("hub-stock-backlog"), "Nothing waiting to be pushed.")
  })

  it("draws the last day's hub traffic per hour and endpoint, at 1024 px and on a phone", async () => {
    const chart = page.getByTestId("hub-traffic-chart")
    // The import runs above listed orders: this process recorded them (the route records its own before reading).
    const row = chart.locator("tbody tr", { hasText: "GET /orders" }).first()
    await expectText(row, "GET /orders")
    const [, , requests] = (await row.locator("td").allInnerTexts()).map((text) => text.trim())
    expect(Number(requests)).toBeGreaterThan(0)
    expect(await row.locator("svg rect").count()).toBeGreaterThan(0)
    await page.setViewportSize({ width: 1024, height: 900 })
    await screenshot("hub-traffic-1024", page.getByTestId("hub-traffic"))
    await screenshot("hub-import-1024", page.getByTestId("hub-order-import"))
    // On a phone the page does not widen: the chart and the tables scroll inside their cards.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.reload()
    await page.getByTestId("hub-traffic-chart").waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await screenshot("hub-connection-phone", page.getByTestId("hub-connection"))
    await screenshot("hub-traffic-phone", page.getByTestId("hub-traffic"))
    await page.setViewportSize({ width: 1440, height: 1000 })
  })

  it("never shows a credential", async () => {
    await expectText(page.getByTestId("hub-stock-sync"), "Stock sync")
    const html = await page.content()
    for (const secret of [DEFAULT_SANDBOX_CREDENTIALS.apiKey, DEFAULT_SANDBOX_CREDENTIALS.accountManagerKey]) {
      expect(html).not.toContain(secret)
    }
  })
})

describe("the order page", () => {
  it("shows the hub order an imported order came from, in two-column rows, the status by the catalogue's label", async () => {
    const response = await page.request.get(`${medusaUrl}/admin/hub/orders?import_state=imported&limit=1`)
    expect(response.status()).toBe(200)
    const [hubOrder] = (await response.json()).hub_orders
    const label = (await hubClient.listStatuses()).find((status) => status.code === hubOrder.status_code)!.label
    await page.goto(`${medusaUrl}/app/orders/${hubOrder.order_id}`)
    const widget = page.getByTestId("hub-order-widget")
    // A label and its value in two cells, never run together ("Marketplace Marketplace Demo").
    expect(await rowCells(widget.getByTestId("hub-order-code"))).toEqual(["Hub order", hubOrder.code])
    expect(await rowCells(widget.getByTestId("hub-order-channel"))).toEqual(["Marketplace", "Marketplace Demo"])
    await eventually(async () => {
      const [name, value] = await rowCells(widget.getByTestId("hub-order-status"))
      expect(name).toBe("Hub status")
      expect(value.split(/\s*\n\s*|\s{2,}/)).toEqual([label, hubOrder.status_type])
    })
    expect(await widget.innerText()).not.toContain(`${hubOrder.status_code} (`)
    await screenshot("order-card", widget)
  })

  it("lets the merchant invoice and ship an approved order from drawers, with field errors and toasts, and shows each move", async () => {
    const response = await page.request.get(`${medusaUrl}/admin/hub/orders?import_state=imported&limit=1`)
    const [hubOrder] = (await response.json()).hub_orders
    // The marketplace approves the payment; the import follows.
    const approved = await fetch(`${sandboxUrl}/_sandbox/orders/${encodeURIComponent(hubOrder.code)}/approve`, { method: "POST" })
    expect(approved.status).toBe(200)
    expect((await page.request.post(`${medusaUrl}/admin/hub/import-runs`)).status()).toBe(200)

    await page.goto(`${medusaUrl}/app/orders/${hubOrder.order_id}`)
    const widget = page.getByTestId("hub-order-widget")
    await expectText(widget.getByTestId("hub-order-status"), "Aprovado (Sandbox)")
    // The moves the plugin's table expects from APPROVED lead; the others are offered under Other moves.
    expect(await widget.getByTestId("hub-order-actions").getByRole("button").allInnerTexts()).toEqual(["Invoice", "Cancel on the hub", "Other moves"])

    await widget.getByRole("button", { name: "Invoice" }).click()
    let drawer = page.getByTestId("hub-move-drawer-invoice")
    // Empty, then wrong: the schema's messages under the field, nothing sent.
    await drawer.getByRole("button", { name: "Send the invoice" }).click()
    await expectText(drawer.getByTestId("hub-move-key-error"), "the invoice key must be exactly 44 digits")
    await drawer.getByLabel("Invoice key").fill("3526 1112")
    await drawer.getByRole("button", { name: "Send the invoice" }).click()
    await expectText(drawer.getByTestId("hub-move-key-error"), "the invoice key must be exactly 44 digits")
    expect(await sandboxOrder(hubOrder.code).then((order) => order.status.code)).toBe("payment_received")
    await drawer.getByLabel("Invoice key").fill("3526 1112 3456 7800 0195 5500 1000 0012 3410 0001 2345")
    // The issue date in Medusa's own date picker, typed segment by segment in English order (month first).
    const issueDate = drawer.getByTestId("hub-move-issue-date")
    expect((await issueDate.innerText()).replace(/\s+/g, "")).toMatch(/^MM\/DD\/YYYY.*AM$/)
    await issueDate.getByRole("spinbutton").first().click()
    await page.keyboard.type("11202026")
    await page.keyboard.type("1030")
    await page.keyboard.type("A")
    await drawer.getByRole("button", { name: "Send the invoice" }).click()
    await expectText(page.locator("[data-sonner-toast]").first(), "Invoice: sent")
    await expectText(widget.getByTestId("hub-order-status"), "Pagamento Faturado (Sandbox)")
    await expectText(widget.getByTestId("hub-order-invoice"), "3526 1112 3456 7800 0195 5500 1000 0012 3410 0001 2345", 30_000).catch(() => {
      throw new Error("the invoice key is not on the Medusa order (metadata.hub_invoice): the order flow's part has not landed?")
    })

    await widget.getByRole("button", { name: "Ship" }).click()
    drawer = page.getByTestId("hub-move-drawer-ship")
    await drawer.getByRole("button", { name: "Send the shipment" }).click()
    await expectText(drawer.getByTestId("hub-move-carrier-error"), "Required")
    await expectText(drawer.getByTestId("hub-move-method-error"), "Required")
    await drawer.getByRole("textbox", { name: "Carrier", exact: true }).fill("Correios")
    await drawer.getByRole("textbox", { name: "Method", exact: true }).fill("PAC")
    await drawer.getByRole("textbox", { name: "Tracking code", exact: true }).fill("BR123456789BR")
    await drawer.getByLabel("Tracking URL").fill("javascript:alert(1)")
    await drawer.getByRole("button", { name: "Send the shipment" }).click()
    await expectText(drawer.getByTestId("hub-move-url-error"), "the tracking URL must be an http or https address")
    await drawer.getByLabel("Tracking URL").fill("https://rastreamento.correios.com.br/?objeto=BR123456789BR")
    await screenshot("ship-drawer", drawer)
    await drawer.getByRole("button", { name: "Send the shipment" }).click()
    await expectText(page.locator("[data-sonner-toast]").first(), "Ship: sent")
    await expectText(widget.getByTestId("hub-order-status"), "Pedido Enviado (Sandbox)")
    await expectText(widget.getByTestId("hub-order-moves"), "Ship")
    expect(await widget.getByTestId("hub-order-move").allInnerTexts()).toEqual([expect.stringContaining("Done"), expect.stringContaining("Done")])

    // The hub's side.
    const onHub = await sandboxOrder(hubOrder.code)
    expect(onHub.status.code).toBe("order_shipped")
    // The picker's 11/20/2026 10:30 AM, in this machine's time zone (the browser's and this test's), as the hub's ISO date.
    expect(onHub.invoices).toEqual([
      expect.objectContaining({ key: "35261112345678000195550010000012341000012345", issue_date: new Date(2026, 10, 20, 10, 30).toISOString() }),
    ])
    expect(JSON.stringify(onHub.shipments)).toContain("BR123456789BR")
    // Medusa's side: the order's fulfillment, shipped, with the tracking as its label.
    const medusaOrder = (
      await (await page.request.get(`${medusaUrl}/admin/orders/${hubOrder.order_id}?fields=*fulfillments,*fulfillments.labels`)).json()
    ).order
    expect(medusaOrder.fulfillments).toEqual([
      expect.objectContaining({ shipped_at: expect.any(String), labels: [expect.objectContaining({ tracking_number: "BR123456789BR" })] }),
    ])
    await expectText(widget.getByTestId("hub-order-shipments"), "BR123456789BR")
    await screenshot("order-card-shipped", widget)
  })

  it("ships an order from Medusa's own fulfillment UI: the hub shows the shipment once, and so does the card", async () => {
    expect((await page.request.post(`${medusaUrl}/admin/hub/import-runs`)).status()).toBe(200)
    const response = await page.request.get(`${medusaUrl}/admin/hub/orders?import_state=imported&limit=20`)
    const hubOrder = (await response.json()).hub_orders.find((entry: { status_type: string }) => entry.status_type === "NEW")
    const code = encodeURIComponent(hubOrder.code)
    // Approved by the marketplace, invoiced through the admin API (the demo's hub ships only invoiced orders).
    expect((await fetch(`${sandboxUrl}/_sandbox/orders/${code}/approve`, { method: "POST" })).status).toBe(200)
    expect((await page.request.post(`${medusaUrl}/admin/hub/import-runs`)).status()).toBe(200)
    const invoiced = await page.request.post(`${medusaUrl}/admin/hub/orders/${code}/moves`, {
      data: { kind: "invoice", invoice: { key: "35261112345678000195550010000012341000054321" } },
    })
    expect(invoiced.status()).toBe(200)

    // Medusa's own pages: create the fulfillment (its location and shipping option preselected), then mark it shipped.
    await page.goto(`${medusaUrl}/app/orders/${hubOrder.order_id}/fulfillment?requires_shipping=true`)
    // The imported order's shipping method names no shipping option: the merchant picks the location, then the option.
    await page.getByRole("combobox").first().click()
    await page.getByRole("option").first().click()
    await eventually(async () => expect(await page.getByRole("combobox").nth(1).isEnabled()).toBe(true))
    await page.getByRole("combobox").nth(1).click()
    await page.getByRole("option").first().click()
    await page.getByRole("button", { name: "Create Fulfillment" }).click()
    let fulfillmentId = ""
    await eventually(async () => {
      const order = (await (await page.request.get(`${medusaUrl}/admin/orders/${hubOrder.order_id}?fields=*fulfillments`)).json()).order
      expect(order.fulfillments).toHaveLength(1)
      fulfillmentId = order.fulfillments[0].id
    }, 60_000)
    await page.goto(`${medusaUrl}/app/orders/${hubOrder.order_id}/${fulfillmentId}/create-shipment`)
    await page.getByRole("button", { name: "Add tracking number" }).click()
    await page.getByPlaceholder("123-456-789").first().fill("BR987654321BR")
    await page.getByRole("button", { name: "Save" }).click()
    await eventually(async () => {
      const order = (await (await page.request.get(`${medusaUrl}/admin/orders/${hubOrder.order_id}?fields=*fulfillments`)).json()).order
      expect(order.fulfillments[0].shipped_at).toEqual(expect.any(String))
    }, 60_000)

    // Waiting on the sandbox's request log (outside the hub's limits), not on the hub's order GET: the
    // test polling GET /orders/{code} would take the account's 1 request/s from the store's own read.
    const shipmentRequests = async () =>
      (await (await fetch(`${sandboxUrl}/_sandbox/requests`)).json()).requests.filter(
        (entry: { method: string; path: string }) =>
          entry.method === "POST" && entry.path.endsWith("/shipments") && entry.path.includes(String(hubOrder.code).split("-").pop()!)
      )
    await eventually(async () => expect(await shipmentRequests()).toEqual([expect.objectContaining({ status: 200 })]), 60_000).catch((error) => {
      // What the store said about the fulfillment (the subscriber logs each outcome).
      const said = demoOutput.split("\n").filter((line) => /fulfil|shipment|hub:/i.test(line)).slice(-15).join("\n")
      throw new Error(`${(error as Error).message}\nThe store's log:\n${said}`)
    })
    const onHub = await sandboxOrder(hubOrder.code)
    expect(onHub.status.code).toBe("order_shipped")
    expect(JSON.stringify(onHub.shipments)).toContain("BR987654321BR")
    expect(await shipmentRequests()).toHaveLength(1)
    await page.goto(`${medusaUrl}/app/orders/${hubOrder.order_id}`)
    const widget = page.getByTestId("hub-order-widget")
    await expectText(widget.getByTestId("hub-order-status"), "Pedido Enviado (Sandbox)")
    await expectText(widget.getByTestId("hub-order-shipments"), "BR987654321BR")
    await screenshot("order-card-medusa-shipment", widget)
  })

  it("does not resend a cancel the marketplace already made, and cancels the Medusa order with it", async () => {
    const response = await page.request.get(`${medusaUrl}/admin/hub/orders?import_state=imported&limit=20`)
    const newOrder = (await response.json()).hub_orders.find((entry: { status_type: string }) => entry.status_type === "NEW")
    await page.goto(`${medusaUrl}/app/orders/${newOrder.order_id}`)
    const widget = page.getByTestId("hub-order-widget")
    await expectText(widget.getByTestId("hub-order-status"), "NEW - Pagamento Pendente (Sandbox)")
    // The marketplace cancels meanwhile: the widget still offers a cancel, which the plugin checks against the hub first.
    expect((await fetch(`${sandboxUrl}/_sandbox/orders/${encodeURIComponent(newOrder.code)}/cancel`, { method: "POST" })).status).toBe(200)
    await widget.getByRole("button", { name: "Cancel on the hub" }).click()
    await page.getByTestId("hub-move-drawer-cancel").getByRole("button", { name: "Cancel the order" }).click()
    await expectText(page.locator("[data-sonner-toast]").first(), "Already done on the hub")
    const medusaOrder = await page.request.get(`${medusaUrl}/admin/orders/${newOrder.order_id}?fields=status`)
    expect((await medusaOrder.json()).order.status).toBe("canceled")
    const cancels = (await (await fetch(`${sandboxUrl}/_sandbox/requests`)).json()).requests.filter(
      (entry: { method: string; path: string }) => entry.method === "POST" && entry.path.endsWith("/cancel")
    )
    expect(cancels).toEqual([])
  })

  it("shows a marketplace order's money on Medusa's own order page: the total and the payment are what the buyer paid", async () => {
    // The issue's order: 2 x 44.90, shipping 12.50, instalment interest 7.35, a marketplace discount of 10.00 -> 99.65.
    const { products } = await hubClient.listProducts()
    const sku = products.find((product) => Number(product.qty) >= 2)!.sku
    const placed = await fetch(`${sandboxUrl}/_sandbox/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        channel: "Marketplace Demo",
        items: [{ id: sku, qty: 2, original_price: 49.9, special_price: 44.9 }],
        customer: { name: "Paula Lima", email: "paula.lima@example.com" },
        billing_address: { street: "Rua Bahia", number: 12, neighborhood: "Centro", city: "Curitiba", region: "PR", country: "BR", postcode: "80010000" },
        shipping_address: { street: "Rua Bahia", number: 12, neighborhood: "Centro", city: "Curitiba", region: "PR", country: "BR", postcode: "80010000" },
        shipping_cost: 12.5,
        interest: 7.35,
        discount: 10,
        parcels: 3,
      }),
    })
    expect(placed.status).toBe(201)
    const { code, total_ordered } = await placed.json()
    expect(total_ordered).toBe(99.65)
    expect((await fetch(`${sandboxUrl}/_sandbox/orders/${encodeURIComponent(code)}/approve`, { method: "POST" })).status).toBe(200)
    expect((await page.request.post(`${medusaUrl}/admin/hub/import-runs`)).status()).toBe(200)
    let hubOrder: { order_id: string } | undefined
    await eventually(async () => {
      const response = await page.request.get(`${medusaUrl}/admin/hub/orders?import_state=imported&limit=100`)
      hubOrder = (await response.json()).hub_orders.find((entry: { code: string }) => entry.code === code)
      expect(hubOrder).toMatchObject({ applied_status_type: "APPROVED" })
    })

    await page.goto(`${medusaUrl}/app/orders/${hubOrder!.order_id}`)
    // Medusa's Summary card: the innermost block holding its heading and its payment rows.
    const summary = page.locator("div").filter({ has: page.getByRole("heading", { name: "Summary" }) }).filter({ hasText: "Paid Total" }).last()
    await summary.waitFor({ timeout: 120_000 })
    await eventually(async () => expect(await summary.innerText()).toMatch(/Paid Total\s*R\$\s*99[.,]65/), 60_000)
    const text = (await summary.innerText()).replace(/\s+/g, " ")
    // Medusa's own rows: the interest line, the discount, the buyer's total, what was paid, nothing outstanding.
    expect(text).toMatch(/Juros do parcelamento R\$ ?7[.,]35 1x/)
    expect(text).toMatch(/Discount Total R\$ ?10[.,]00/)
    expect(text).toMatch(/Total After Discount R\$ ?99[.,]65/)
    expect(text).toMatch(/Outstanding amount R\$ ?0[.,]00/)
    await screenshot("order-money-summary", summary)
  })
})

describe("the product page", () => {
  productPageTests(session)
})

describe("the order list", () => {
  orderListTests(session)
})

describe("in Portuguese (Brazil), the admin user's language", () => {
  beforeAll(async () => {
    // As Medusa's own language menu leaves it: i18next's detector reads the cookie first, then localStorage.
    await page.context().addCookies([{ name: "lng", value: "ptBR", url: medusaUrl }])
    await page.goto(`${medusaUrl}/app/hub`)
    await page.evaluate(() => localStorage.setItem("lng", "ptBR"))
  })

  afterAll(async () => {
    await page.context().addCookies([{ name: "lng", value: "en", url: medusaUrl }])
    await page.evaluate(() => localStorage.setItem("lng", "en"))
  })

  it("shows the hub page in Portuguese, its dates as Brazil writes them, and none of the plugin's English texts (by the keys)", async () => {
    await page.goto(`${medusaUrl}/app/hub`)
    await expectText(page.getByTestId("hub-connection"), "Hub de marketplaces")
    await expectText(page.getByTestId("hub-order-import"), "Importar agora")
    await expectText(page.getByTestId("hub-stock-sync"), "Sincronização de estoque")
    const text = await page.locator("body").innerText()
    // "24 de nov. de 2026 14:30": the import runs' start times.
    expect(text).toMatch(/\d{1,2} de [a-zç]{3,4}\.? de \d{4}/)
    const fragments = englishFragments("page")
    expect(fragments.length).toBeGreaterThan(50)
    expect(fragments.filter((fragment) => text.includes(fragment))).toEqual([])
    await page.setViewportSize({ width: 1024, height: 900 })
    await screenshot("hub-page-ptBR-1024")
    await page.setViewportSize({ width: 1440, height: 1000 })
  })

  it("shows the order card in Portuguese, with none of the plugin's English texts (by the keys)", async () => {
    const response = await page.request.get(`${medusaUrl}/admin/hub/orders?import_state=imported&limit=1`)
    const [hubOrder] = (await response.json()).hub_orders
    await page.goto(`${medusaUrl}/app/orders/${hubOrder.order_id}`)
    const widget = page.getByTestId("hub-order-widget")
    await widget.waitFor({ timeout: 60_000 })
    await expectText(widget, hubOrder.code)
    const text = await widget.innerText()
    const fragments = englishFragments("card")
    expect(fragments.length).toBeGreaterThan(20)
    expect(fragments.filter((fragment) => text.includes(fragment))).toEqual([])
    await screenshot("hub-order-card-ptBR", widget)
  })

  it("keeps a move the hub refuses in its drawer, with the hub's words under a Portuguese heading", async () => {
    const response = await page.request.get(`${medusaUrl}/admin/hub/orders?import_state=imported&limit=100`)
    const approved = (await response.json()).hub_orders.find((entry: { status_type: string }) => entry.status_type === "APPROVED")
    expect(approved).toBeDefined()
    await page.goto(`${medusaUrl}/app/orders/${approved.order_id}`)
    const widget = page.getByTestId("hub-order-widget")
    await expectText(widget, "Faturar")
    // Delivered straight from approved: the plugin's table does not expect it, and the sandbox's strict rules refuse it.
    await widget.getByRole("button", { name: "Outras ações" }).click()
    await page.getByRole("menuitem", { name: "Marcar como entregue" }).click()
    const drawer = page.getByTestId("hub-move-drawer-deliver")
    await expectText(drawer, "o hub decide")
    // Its date as Brazil writes it (Medusa's date picker follows the admin's language, not the browser's).
    const deliveredDate = (await drawer.getByTestId("hub-move-delivered-date").innerText()).replace(/\s+/g, "")
    expect(deliveredDate).toMatch(/^DD\/MM\/AAAA/)
    expect(deliveredDate).not.toMatch(/AM|PM/)
    await drawer.getByRole("button", { name: "Informar a entrega" }).click()
    const refused = drawer.getByTestId("hub-move-error")
    await expectText(refused, "Marcar como entregue: não feito")
    // The drawer stays open, its buttons free, for the merchant to close or correct.
    expect(await drawer.getByRole("button", { name: "Fechar" }).isVisible()).toBe(true)
    await screenshot("hub-move-refused-ptBR", drawer)
    await drawer.getByRole("button", { name: "Fechar" }).click()
    await expectText(widget.getByTestId("hub-order-moves"), "Recusado pelo hub")
    // The hub page lists it first, among what needs the merchant, linking to the order.
    await page.goto(`${medusaUrl}/app/hub`)
    const needed = page.getByTestId("hub-needs-moves")
    await expectText(needed, approved.code)
    await expectText(needed, "Recusado pelo hub")
    expect(await needed.getByRole("link", { name: approved.code }).getAttribute("href")).toContain(approved.order_id)
    await screenshot("hub-needs-you-ptBR", page.getByTestId("hub-needs-you"))
  })

  productPagePortugueseTests(session)
  orderListPortugueseTests(session)
})

describe("several hub accounts", () => {
  accountTests(session)
})

// Last: it sets more orders aside than one page holds.
describe("the hub page's lists", () => {
  hubPageListTests(session)
})

/** The plugin's English texts of one part (src/admin/i18n/<part>/en.json) that differ in Portuguese, cut at their {{values}}. */
function englishFragments(part: "page" | "card" | "product"): string[] {
  const read = (language: string) => flatten(JSON.parse(fs.readFileSync(path.join(ROOT, "src/admin/i18n", part, `${language}.json`), "utf8")))
  const [en, ptBR] = [read("en"), read("ptBR")]
  return [...en]
    .filter(([key, text]) => ptBR.get(key) !== text)
    .flatMap(([, text]) => text.split(/\{\{\w+\}\}/))
    .map((fragment) => fragment.trim())
    // Two words at least: a single word may be Portuguese too ("status"), or the store's data ("Marketplace Demo").
    .filter((fragment) => fragment.length >= 6 && /\S\s+\S/.test(fragment))
}

/** A hub order as the sandbox holds it, read outside the account's limits (the store's own reads keep their budget). */
async function sandboxOrder(code: string): Promise<HubOrder> {
  const response = await fetch(`${sandboxUrl}/_sandbox/orders/${encodeURIComponent(code)}`)
  expect(response.status).toBe(200)
  return (await response.json()) as HubOrder
}

/** Nested texts as "a.b.c" -> text. */
function flatten(texts: Record<string, unknown>, prefix = ""): Map<string, string> {
  const flat = new Map<string, string>()
  for (const [key, value] of Object.entries(texts)) {
    const full = prefix ? `${prefix}.${key}` : key
    if (typeof value === "string") flat.set(full, value)
    else for (const [inner, text] of flatten(value as Record<string, unknown>, full)) flat.set(inner, text)
  }
  return flat
}

/** The texts of a two-column row's cells: its label, then its value. */
async function rowCells(row: ReturnType<Page["locator"]>): Promise<string[]> {
  await row.waitFor({ timeout: 60_000 })
  return (await row.locator(":scope > *").allInnerTexts()).map((text) => text.trim())
}

/** Saves a screenshot (of the page, or of one element scrolled into view) under SCREENSHOTS and says where. */
async function screenshot(name: string, element?: ReturnType<Page["locator"]>) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true })
  const file = path.join(SCREENSHOTS, `${name}.png`)
  // The moves' toasts fade after a few seconds (not while the pointer rests on them); the card is shown without them.
  if (element) {
    await page.mouse.move(0, 0)
    await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 20_000 }).catch(() => undefined)
  }
  await (element ?? page).screenshot({ path: file })
  process.stdout.write(`screenshot: ${file}\n`)
}

async function expectText(locator: ReturnType<Page["locator"]>, text: string, timeoutMs = 60_000) {
  await eventually(async () => expect(await locator.innerText({ timeout: 5_000 })).toContain(text), timeoutMs)
}
