import fs from "fs"
import path from "path"
import type { Dialog, Page } from "playwright-core"
import { eventually } from "../helpers/eventually"
import type { AdminSession } from "./hub-admin-products"

/*
 * Settings → Marketplace freight (issue 53, docs/freight.md), walked as a merchant does on the demo
 * (freight on for its default account, a token made by its seed, one flat option "Marketplace" for
 * all of Brazil): the endpoint turned off and on, its two URLs, the token rotated, an option's
 * delivery time, Try a quote, and a quote from the sandbox hub in the last quotes; then the page in
 * Portuguese. hub-admin.spec.ts registers these on its one demo.
 */

const SKU = "CAMISETA-AZUL-M"
const I18N = path.resolve(__dirname, "../../src/admin/i18n/freight")

async function openFreightPage(page: Page, medusaUrl: string, linkName: string) {
  await page.goto(`${medusaUrl}/app/settings`)
  await page.getByRole("link", { name: linkName }).click()
  await page.getByTestId("freight-endpoint").waitFor({ timeout: 120_000 })
}

/** The partner's and the legacy's URLs as the page shows them. */
async function shownUrls(page: Page): Promise<string[]> {
  return (await page.getByTestId("freight-endpoint").locator("code").allInnerTexts()).map((text) => text.trim())
}

/** What the store answers the hub's partner at `url` for one SKU to São Paulo. */
async function quoteStatus(url: string): Promise<number> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ destinationZipCode: "01310100", products: [{ skuId: SKU, quantity: 1, cost: 79.9, weight: 0.2 }] }) })
  return response.status
}

/** The page's English texts that Portuguese words otherwise, cut at their {{values}}, of two words at least. */
function englishFragments(): string[] {
  const flat = (tree: Record<string, unknown>, prefix = ""): Array<[string, string]> =>
    Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : flat(value as Record<string, unknown>, `${prefix}${key}.`)))
  const read = (language: string) => new Map(flat(JSON.parse(fs.readFileSync(path.join(I18N, `${language}.json`), "utf8"))))
  const [en, ptBR] = [read("en"), read("ptBR")]
  return [...en]
    .filter(([key, text]) => ptBR.get(key) !== text)
    .flatMap(([, text]) => text.split(/\{\{\w+\}\}/))
    .map((fragment) => fragment.trim())
    .filter((fragment) => fragment.length >= 6 && /\S\s+\S/.test(fragment))
}

/** The whole page in one screenshot: Medusa's admin scrolls inside its own frame, so the window is made tall for it. */
async function tallScreenshot(session: AdminSession, name: string) {
  const page = session.page()
  const viewport = page.viewportSize()!
  await page.setViewportSize({ width: viewport.width, height: 2000 })
  try {
    await session.screenshot(name, page.getByTestId("freight-page"))
  } finally {
    await page.setViewportSize(viewport)
  }
}

export function freightWalks(session: AdminSession) {
  describe("marketplace freight", () => {
    // The page asks before the URLs stop answering (window.confirm): the merchant says yes.
    const accept = (dialog: Dialog) => void dialog.accept()
    beforeAll(() => session.page().on("dialog", accept))
    afterAll(() => session.page().off("dialog", accept))

    it("Settings → Marketplace freight: turned off and on, the two URLs, the token rotated, a delivery time, Try a quote, the last quotes", async () => {
      const page = session.page()
      const medusaUrl = session.medusaUrl()
      await openFreightPage(page, medusaUrl, "Marketplace freight")
      const endpoint = page.getByTestId("freight-endpoint")
      await session.expectText(endpoint, "On")
      const [seeded] = await shownUrls(page)
      expect(seeded).toMatch(new RegExp(`^${medusaUrl}/hub/freight/default/[A-Za-z0-9_-]{43}/partner$`))
      expect(await quoteStatus(seeded)).toBe(200)

      await endpoint.getByRole("button", { name: "Turn off" }).click()
      await session.expectText(endpoint, "No token yet: create one to get the URLs.")
      await session.expectText(endpoint, "Off")
      expect(await quoteStatus(seeded)).toBe(404)

      await endpoint.getByRole("button", { name: "Create the token" }).click()
      await eventually(async () => expect(await shownUrls(page)).toHaveLength(2))
      const [created, legacy] = await shownUrls(page)
      expect(created).not.toBe(seeded)
      expect(legacy).toBe(created.replace(/\/partner$/, "/legacy"))
      await session.expectText(endpoint, "On")

      await endpoint.getByRole("button", { name: "Rotate the token" }).click()
      await eventually(async () => expect((await shownUrls(page))[0]).not.toBe(created))
      const [partner] = await shownUrls(page)
      expect(await quoteStatus(created)).toBe(404)

      // The demo's one option: 4 transit days, kept across a reload.
      const days = page.getByTestId("freight-days")
      const row = days.locator("tbody tr", { hasText: "Marketplace" })
      await row.locator("input").first().fill("4")
      await row.getByRole("button", { name: "Save" }).click()
      await eventually(async () => {
        const settings = await (await page.request.get(`${medusaUrl}/admin/hub/freight?account=default`)).json()
        expect(settings.shipping_options.map((option: { name: string; delivery_days: number | null }) => [option.name, option.delivery_days])).toEqual([["Marketplace", 4]])
      })
      await page.reload()
      await eventually(async () => expect(await page.getByTestId("freight-days").locator("tbody tr", { hasText: "Marketplace" }).locator("input").first().inputValue()).toBe("4"))

      const tryQuote = page.getByTestId("freight-try")
      await tryQuote.getByPlaceholder("CEP").fill("01310-100")
      await tryQuote.getByPlaceholder("Product title").fill("CAMISETA")
      await tryQuote.getByRole("button", { name: new RegExp(`${SKU}$`) }).click()
      await session.expectText(tryQuote, `Products: ${SKU}`)
      await tryQuote.getByRole("button", { name: "Quote", exact: true }).click()
      // Both contracts' answers: the option's 4 days plus the demo's handling day.
      await session.expectText(tryQuote, "Partner's contract (give this one to the hub's support) (200)")
      await session.expectText(tryQuote, "Legacy contract (200)")
      await session.expectText(tryQuote, '"deliveryTime": 5')
      await session.expectText(tryQuote, "priced from: live")

      // The sandbox hub calls the new URL as the hub's partner would: the quote is in the last quotes.
      const call = await fetch(`${session.sandboxUrl()}/_sandbox/freight-calls`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url: partner, contract: "partner", cep: "01310-100", items: [{ sku: SKU }] }),
      })
      expect(call.status).toBe(202)
      const activity = page.getByTestId("freight-activity")
      await eventually(async () => {
        await page.reload()
        await activity.locator("tbody tr").first().waitFor({ timeout: 5_000 })
        const cells = (await activity.locator("tbody tr").first().locator("td").allInnerTexts()).map((text) => text.trim())
        // Contract, the CEP's five digits only, options, ms, where the price came from.
        expect(cells.slice(1, 4)).toEqual(["partner", "01310-xxx", "1"])
        expect(cells[5]).toBe("live")
      }, 60_000)
      expect(await activity.innerText()).not.toContain("01310100")
      await tallScreenshot(session, "freight-settings")
    })

    describe("in Portuguese (Brazil)", () => {
      beforeAll(async () => {
        const page = session.page()
        await page.context().addCookies([{ name: "lng", value: "ptBR", url: session.medusaUrl() }])
        await page.goto(`${session.medusaUrl()}/app/settings`)
        await page.evaluate(() => localStorage.setItem("lng", "ptBR"))
      })

      afterAll(async () => {
        const page = session.page()
        await page.context().addCookies([{ name: "lng", value: "en", url: session.medusaUrl() }])
        await page.evaluate(() => localStorage.setItem("lng", "en"))
      })

      it("shows the freight page in Portuguese, with none of its English texts, and rotates the token", async () => {
        const page = session.page()
        await openFreightPage(page, session.medusaUrl(), "Frete do marketplace")
        await session.expectText(page.locator("body"), "Cotações de frete do marketplace")
        const endpoint = page.getByTestId("freight-endpoint")
        await session.expectText(endpoint, "Contrato do parceiro (informe este ao suporte do hub)")
        const [before] = await shownUrls(page)
        await endpoint.getByRole("button", { name: "Trocar o token" }).click()
        await eventually(async () => expect((await shownUrls(page))[0]).not.toBe(before))
        await session.expectText(page.getByTestId("freight-days"), "Dias de trânsito")
        await session.expectText(page.getByTestId("freight-try"), "Testar uma cotação")
        const activity = page.getByTestId("freight-activity")
        await session.expectText(activity, "Últimas cotações")
        await session.expectText(activity, "ao vivo")
        const text = await page.getByTestId("freight-page").innerText()
        const fragments = englishFragments()
        expect(fragments.length).toBeGreaterThan(20)
        expect(fragments.filter((fragment) => text.includes(fragment))).toEqual([])
        await tallScreenshot(session, "freight-settings-ptBR")
      })
    })
  })
}
