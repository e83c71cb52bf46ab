import { ChildProcess, spawn } from "child_process"
import fs from "fs"
import path from "path"
import { Browser, chromium, Page } from "playwright-core"
import { HubClient } from "../../src/hub-client"
import { DEFAULT_SANDBOX_CREDENTIALS } from "../../src/sandbox"
import { eventually } from "../helpers/eventually"
import { productPagePortugueseTests, productPageTests } from "./hub-admin-products"
import { hubPageListTests, orderListPortugueseTests, orderListTests } from "./hub-admin-lists"
import { accountTests } from "./hub-admin-accounts"
import { orderPageTests, type OrderPageSession } from "./hub-admin-orders"
import { pricePortugueseTests, priceTests } from "./hub-admin-prices"
import { refusalPortugueseTests, refusalTests } from "./hub-admin-refusals"
import { mappingTests } from "./hub-admin-mapping"
import { keptPortugueseTests, keptTests } from "./hub-admin-kept"
import { afterSalePortugueseTests, afterSaleTests } from "./hub-admin-after-sale"
import { freightWalks } from "./hub-admin-freight"
import { type HubPageName, openHubPage } from "./hub-pages"
import { demoTests, pagesPortugueseTests, pageWalkTests, sidebarTests } from "./hub-admin-pages"
import { hubPageTests } from "./hub-admin-overview"

/*
 * The admin pages in Debian's Chromium, against the demo (`npm run demo`: seeded store, sandbox
 * hub, `medusa develop`) on a throwaway database and ports of its own, with the demo's second hub
 * account (HUB_DEMO_ACCOUNTS=2: brand B, whose orders and stock stay its own until its tests).
 */

jest.setTimeout(600_000)

const ROOT = path.resolve(__dirname, "../..")
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium"
// A second run beside another (a copy of the tree) names its own database.
const DATABASE = process.env.HUB_BROWSER_DATABASE || "medusa_hub_browser_test"
const SCREENSHOTS = process.env.HUB_SCREENSHOTS || "/tmp/hub-screens"
const ADMIN = { email: "admin@hub-demo.local", password: "supersecret" }
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePort, freePortPair, loadPg } = require("../../scripts/postgres")

let demo: ChildProcess
let demoOutput = ""
let medusaUrl: string
let sandboxUrl: string
let brandBSandboxUrl: string
let hubClient: HubClient
let browser: Browser
let page: Page
/** What the catalogue's tests (hub-admin-products.ts) use of this file's demo and browser. */
const session: OrderPageSession = {
  page: () => page,
  medusaUrl: () => medusaUrl,
  sandboxUrl: () => sandboxUrl,
  brandBSandboxUrl: () => brandBSandboxUrl,
  expectText: (locator, text, timeoutMs) => expectText(locator, text, timeoutMs),
  screenshot: (name, element) => screenshot(name, element),
  englishFragments: (part) => englishFragments(part),
  hubClient: () => hubClient,
  demoOutput: () => demoOutput,
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
  const [medusaPort, sandboxPort] = [await freePort(), await freePortPair()]
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

/** Opens one of the plugin's pages (integration-tests/browser/hub-pages.ts). */
const open = (which: HubPageName) => openHubPage(page, medusaUrl, which)

describe("the demo", () => {
  demoTests(session)
})

describe("the plugin's pages, where Medusa puts them", () => {
  sidebarTests(session)
})

describe("the hub pages", () => {
  hubPageTests(session)
  pageWalkTests(session)
})

describe("the order page", () => {
  orderPageTests(session)
})

describe("the product page", () => {
  productPageTests(session)
})

describe("marketplace prices", () => {
  priceTests(session)
})

describe("refused by the marketplace", () => {
  refusalTests(session)
})

describe("the order list", () => {
  orderListTests(session)
})

describe("what the merchant needs from an order", () => {
  keptTests(session)
})

describe("the marketplace's after-sale", () => {
  afterSaleTests(session)
})

describe("in Portuguese (Brazil), the admin user's language", () => {
  beforeAll(async () => {
    // As Medusa's own language menu leaves it: i18next's detector reads the cookie first, then localStorage.
    await page.context().addCookies([{ name: "lng", value: "ptBR", url: medusaUrl }])
    await open("overview")
    await page.evaluate(() => localStorage.setItem("lng", "ptBR"))
  })

  afterAll(async () => {
    await page.context().addCookies([{ name: "lng", value: "en", url: medusaUrl }])
    await page.evaluate(() => localStorage.setItem("lng", "en"))
  })

  pagesPortugueseTests(session)

  it("shows the import runs' history in Portuguese, runs that found nothing one line", async () => {
    await open("orders")
    await expectText(page.getByTestId("hub-import-quiet-runs").first(), "2 execuções não encontraram nada de novo, ")
    await page.getByRole("button", { name: "Importar agora" }).click()
    // The order set aside above is tried again by every run, set aside again for the same reason: nothing new (issue 58).
    await expectText(page.getByTestId("hub-import-result"), "Nada de novo: nenhum dos ")
    await screenshot("hub-import-ptBR", page.getByTestId("hub-order-import"))
  })

  it("shows the Delivery section in Portuguese", async () => {
    await open("orders")
    const section = page.getByTestId("hub-delivery-section")
    await expectText(section, "Entrega do marketplace")
    await expectText(section, "Prontos para agrupar")
    // Hub statuses by their meaning, in Portuguese, never the hub's type word.
    // (The Direct order ungrouped by the order page's tests waits here again, invoiced.)
    await expectText(section.getByTestId("hub-delivery-to-group"), "Faturado")
    const cells = (await section.locator("tbody td").allInnerTexts()).map((text) => text.trim())
    expect(cells.filter((text) => /^(APPROVED|INVOICED|NEW|SHIPPED|DELIVERED|CANCELED)$/.test(text))).toEqual([])
    await screenshot("hub-delivery-ptBR", section)
  })

  it("shows the order card in Portuguese, with none of the plugin's English texts (by the keys)", async () => {
    const response = await page.request.get(`${medusaUrl}/admin/hub/orders?import_state=imported&limit=20`)
    const hubOrder = (await response.json()).hub_orders.find((entry: { calculation_type: string | null }) => !entry.calculation_type)
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
    // The overview lists it first, among what needs the merchant, linking to the order.
    await open("overview")
    const needed = page.getByTestId("hub-needs-moves")
    await expectText(needed, approved.code)
    await expectText(needed, "Recusado pelo hub")
    expect(await needed.getByRole("link", { name: approved.code }).getAttribute("href")).toContain(approved.order_id)
    await screenshot("hub-needs-you-ptBR", page.getByTestId("hub-needs-you"))
  })

  productPagePortugueseTests(session)
  pricePortugueseTests(session)
  refusalPortugueseTests(session)
  orderListPortugueseTests(session)
  keptPortugueseTests(session)
  afterSalePortugueseTests(session)
})

freightWalks(session)

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

// Last: saving a mapping pushes every product again, and a push the hub takes clears the marketplace
// refusals the tests above read (docs/catalogue.md, Refused by the marketplace).
describe("the mapping of hub fields", () => {
  mappingTests(session)
})
