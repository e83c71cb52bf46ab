import { ChildProcess, spawn } from "child_process"
import fs from "fs"
import path from "path"
import { Browser, chromium, Page } from "playwright-core"
import { HubClient } from "../../src/hub-client"
import { DEFAULT_SANDBOX_CREDENTIALS } from "../../src/sandbox"
import { eventually } from "../helpers/eventually"

/*
 * The admin pages in Debian's Chromium, against the demo (`npm run demo`: seeded store, sandbox
 * hub, `medusa develop`) on a throwaway database and ports of its own.
 */

jest.setTimeout(600_000)

const ROOT = path.resolve(__dirname, "../..")
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium"
const DATABASE = "medusa_hub_browser_test"
const ADMIN = { email: "admin@hub-demo.local", password: "supersecret" }
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePort, loadPg } = require("../../scripts/postgres")

let demo: ChildProcess
let demoOutput = ""
let medusaUrl: string
let sandboxUrl: string
let hubClient: HubClient
let browser: Browser
let page: Page

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
  demo = spawn(process.execPath, [path.join(ROOT, "scripts/demo.js")], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(medusaPort), HUB_SANDBOX_PORT: String(sandboxPort), HUB_DEMO_DATABASE: DATABASE, HUB_JOBS: "false" },
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
    // The customer's e-mail is personal data: the page never shows it.
    expect(await page.getByTestId("hub-order-import").innerText()).not.toContain(template.customer.email)
  })

  it("reconciles on demand: a quantity changed on the hub is put back", async () => {
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
    await eventually(async () => expect((await hubClient.getProduct(product.sku)).qty).toBe(expected))
    await eventually(async () => {
      await page.reload()
      await expectText(page.getByTestId("hub-last-reconciliation"), "1 differing, 1 fixed")
    })
    await expectText(page.getByTestId("hub-stock-backlog"), "Nothing waiting to be pushed.")
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
  it("shows the hub order an imported order came from", async () => {
    const response = await page.request.get(`${medusaUrl}/admin/hub/orders?import_state=imported&limit=1`)
    expect(response.status()).toBe(200)
    const [hubOrder] = (await response.json()).hub_orders
    await page.goto(`${medusaUrl}/app/orders/${hubOrder.order_id}`)
    const widget = page.getByTestId("hub-order-widget")
    await expectText(widget, `Hub order ${hubOrder.code}`)
    await expectText(widget, "Marketplace Marketplace Demo")
    await expectText(widget, `Hub status ${hubOrder.status_code} (${hubOrder.status_type})`)
  })

  it("lets the merchant invoice and ship an approved order, and shows each move", async () => {
    const response = await page.request.get(`${medusaUrl}/admin/hub/orders?import_state=imported&limit=1`)
    const [hubOrder] = (await response.json()).hub_orders
    // The marketplace approves the payment; the import follows.
    const approved = await fetch(`${sandboxUrl}/_sandbox/orders/${encodeURIComponent(hubOrder.code)}/approve`, { method: "POST" })
    expect(approved.status).toBe(200)
    expect((await page.request.post(`${medusaUrl}/admin/hub/import-runs`)).status()).toBe(200)

    await page.goto(`${medusaUrl}/app/orders/${hubOrder.order_id}`)
    const widget = page.getByTestId("hub-order-widget")
    await expectText(widget, "Hub status payment_received (APPROVED)")
    // Only the moves the hub allows from APPROVED are offered.
    expect(await widget.getByRole("button").allInnerTexts()).toEqual(["Invoice", "Cancel on the hub"])

    await widget.getByRole("button", { name: "Invoice" }).click()
    await widget.getByLabel("Invoice key (44 digits)").fill("3526 1112 3456 7800 0195 5500 1000 0012 3410 0001 2345")
    await widget.getByRole("button", { name: "Send: invoice" }).click()
    await expectText(widget.getByTestId("hub-move-result"), "Sent: hub status order_invoiced.")
    await expectText(widget.getByTestId("hub-order-status"), "Hub status order_invoiced (INVOICED)")

    await widget.getByRole("button", { name: "Ship" }).click()
    await widget.getByLabel("Carrier").fill("Correios")
    await widget.getByLabel("Method").fill("PAC")
    await widget.getByLabel("Tracking code").fill("BR123456789BR")
    await widget.getByRole("button", { name: "Send: ship" }).click()
    await expectText(widget.getByTestId("hub-move-result"), "Sent: hub status order_shipped.")
    await expectText(widget.getByTestId("hub-order-moves"), "Ship")
    expect(await widget.getByTestId("hub-order-moves").locator("span").allInnerTexts()).toEqual(expect.arrayContaining(["done"]))

    const onHub = await hubClient.getOrder(hubOrder.code)
    expect(onHub.status.code).toBe("order_shipped")
    expect(onHub.invoices).toEqual([expect.objectContaining({ key: "35261112345678000195550010000012341000012345" })])
  })

  it("does not resend a cancel the marketplace already made, and cancels the Medusa order with it", async () => {
    const response = await page.request.get(`${medusaUrl}/admin/hub/orders?import_state=imported&limit=20`)
    const newOrder = (await response.json()).hub_orders.find((entry: { status_type: string }) => entry.status_type === "NEW")
    await page.goto(`${medusaUrl}/app/orders/${newOrder.order_id}`)
    const widget = page.getByTestId("hub-order-widget")
    await expectText(widget, "Hub status book_product (NEW)")
    // The marketplace cancels meanwhile: the widget still offers a cancel, which the plugin checks against the hub first.
    expect((await fetch(`${sandboxUrl}/_sandbox/orders/${encodeURIComponent(newOrder.code)}/cancel`, { method: "POST" })).status).toBe(200)
    await widget.getByRole("button", { name: "Cancel on the hub" }).click()
    await widget.getByRole("button", { name: "Cancel the order" }).click()
    await expectText(widget.getByTestId("hub-move-result"), "Already done on the hub: hub status order_canceled.")
    const medusaOrder = await page.request.get(`${medusaUrl}/admin/orders/${newOrder.order_id}?fields=status`)
    expect((await medusaOrder.json()).order.status).toBe("canceled")
    const cancels = (await (await fetch(`${sandboxUrl}/_sandbox/requests`)).json()).requests.filter(
      (entry: { method: string; path: string }) => entry.method === "POST" && entry.path.endsWith("/cancel")
    )
    expect(cancels).toEqual([])
  })
})

async function expectText(locator: ReturnType<Page["locator"]>, text: string, timeoutMs = 60_000) {
  await eventually(async () => expect(await locator.innerText({ timeout: 5_000 })).toContain(text), timeoutMs)
}
