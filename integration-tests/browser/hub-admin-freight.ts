import fs from "fs"
import path from "path"
import type { Dialog, Locator, Page } from "playwright-core"
import { eventually } from "../helpers/eventually"
import type { AdminSession } from "./hub-admin-products"

/*
 * Settings → Marketplace freight (issues 53 and 58, docs/freight.md), walked as a merchant does on
 * the demo (freight on for its default account, a token made by its seed, one flat option "Entrega
 * padrão" at R$ 15,90 for all of Brazil): the quotes turned off and on and the token rotated, each
 * asked in Medusa's prompt and confirmed by a toast; an option's delivery time saved with its toast;
 * Try a quote as the marketplace shows it to a buyer, the raw answers behind Technical details; the
 * try and a quote from the sandbox hub in the last quotes; the time figures on the Diagnostics page;
 * then the page in Portuguese. hub-admin.spec.ts registers these on its one demo.
 */

const SKU = "CAMISETA-AZUL-M"
/** The demo's one shipping option (src/scripts/seed-demo.ts). */
const OPTION = "Entrega padrão"
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
async function tallScreenshot(session: AdminSession, name: string, testId = "freight-page") {
  const page = session.page()
  const viewport = page.viewportSize()!
  await page.setViewportSize({ width: viewport.width, height: 2400 })
  try {
    await session.screenshot(name, page.getByTestId(testId))
  } finally {
    await page.setViewportSize(viewport)
  }
}

/** Medusa's prompt (usePrompt) with `title`, answered with its button `confirm`. */
async function confirmPrompt(session: AdminSession, title: string, confirm: string, screenshot?: string) {
  const prompt = session.page().getByRole("alertdialog")
  await session.expectText(prompt, title)
  if (screenshot) await session.screenshot(screenshot, prompt)
  await prompt.getByRole("button", { name: confirm, exact: true }).click()
  await prompt.waitFor({ state: "hidden" })
}

/** Waits for the toast that says `text`. */
const toastSays = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor({ timeout: 30_000 })

/** An option's transit days typed and saved on the page. */
async function saveTransitDays(page: Page, days: string, save: string) {
  const row = page.getByTestId("freight-days").locator("tbody tr", { hasText: OPTION })
  await row.locator("input").first().fill(days)
  await row.getByRole("button", { name: save }).click()
}

/** Try a quote for the demo's T-shirt to São Paulo; the answer's block. */
async function tryQuote(session: AdminSession, words: { search: string; products: string; quote: string }): Promise<Locator> {
  const tryQuote = session.page().getByTestId("freight-try")
  await tryQuote.getByPlaceholder("CEP").fill("01310-100")
  await tryQuote.getByPlaceholder(words.search).fill("CAMISETA")
  await tryQuote.getByRole("button", { name: new RegExp(`${SKU}$`) }).click()
  await session.expectText(tryQuote, `${words.products}: ${SKU}`)
  await tryQuote.getByRole("button", { name: words.quote, exact: true }).click()
  const answer = tryQuote.getByTestId("freight-try-answer")
  await answer.waitFor({ timeout: 30_000 })
  return answer
}

/** The quoted options' rows as the buyer reads them: name, price, arrival. */
async function quotedRows(answer: Locator): Promise<string[][]> {
  const rows = answer.getByTestId("freight-try-options").locator("tbody tr")
  const count = await rows.count()
  const cells: string[][] = []
  for (let index = 0; index < count; index++) cells.push((await rows.nth(index).locator("td").allInnerTexts()).map((text) => text.replace(/\s+/g, " ").trim()))
  return cells
}

/** The first row of the last quotes, after a reload (a quote is kept once its answer has gone). */
async function firstQuoteRow(page: Page): Promise<string[]> {
  await page.reload()
  const activity = page.getByTestId("freight-activity")
  await activity.locator("tbody tr").first().waitFor({ timeout: 5_000 })
  return (await activity.locator("tbody tr").first().locator("td").allInnerTexts()).map((text) => text.trim())
}

export function freightWalks(session: AdminSession) {
  describe("marketplace freight", () => {
    // Medusa's prompt asks, never the browser's own confirm(): any native dialog is a failure.
    const dialogs: string[] = []
    const refuse = (dialog: Dialog) => void (dialogs.push(dialog.message()), dialog.dismiss())
    beforeAll(() => session.page().on("dialog", refuse))
    afterAll(() => session.page().off("dialog", refuse))
    afterEach(() => expect(dialogs).toEqual([]))

    it("Settings → Marketplace freight: turned off and on and rotated in Medusa's prompt, a delivery time saved, Try a quote as the buyer sees it, the last quotes, the figures in Diagnostics", async () => {
      const page = session.page()
      const medusaUrl = session.medusaUrl()
      await openFreightPage(page, medusaUrl, "Marketplace freight")
      const endpoint = page.getByTestId("freight-endpoint")
      await session.expectText(endpoint, "On")
      const [seeded] = await shownUrls(page)
      expect(seeded).toMatch(new RegExp(`^${medusaUrl}/hub/freight/default/[A-Za-z0-9_-]{43}/partner$`))
      expect(await quoteStatus(seeded)).toBe(200)
      // The time limits are the Diagnostics page's, not the merchant's first view.
      expect(await page.getByTestId("freight-page").innerText()).not.toMatch(/\d+ ms/)
      for (const section of ["freight-days", "freight-activity"]) expect(await page.getByTestId(section).innerText()).not.toMatch(/p50|p95|p99/)

      await endpoint.getByRole("button", { name: "Turn off" }).click()
      await confirmPrompt(session, "Turn the quotes off?", "Turn off", "freight-turn-off-prompt")
      await toastSays(page, "Quotes turned off: the addresses no longer answer.")
      await session.expectText(endpoint, "No address yet: create one to give to the hub's support.")
      await session.expectText(endpoint, "Off")
      expect(await quoteStatus(seeded)).toBe(404)

      await endpoint.getByRole("button", { name: "Create the addresses" }).click()
      await toastSays(page, "Addresses created: give the first one to the hub's support.")
      await eventually(async () => expect(await shownUrls(page)).toHaveLength(2))
      const [created, legacy] = await shownUrls(page)
      expect(created).not.toBe(seeded)
      expect(legacy).toBe(created.replace(/\/partner$/, "/legacy"))
      await session.expectText(endpoint, "On")

      // Asked first; a No leaves the addresses as they are.
      await endpoint.getByRole("button", { name: "Change the addresses" }).click()
      await session.page().getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click()
      expect((await shownUrls(page))[0]).toBe(created)
      await endpoint.getByRole("button", { name: "Change the addresses" }).click()
      await confirmPrompt(session, "Change the addresses?", "Change the addresses", "freight-rotate-prompt")
      await toastSays(page, "New addresses created: give them to the hub's support; the old ones no longer answer.")
      await eventually(async () => expect((await shownUrls(page))[0]).not.toBe(created))
      const [partner] = await shownUrls(page)
      expect(await quoteStatus(created)).toBe(404)

      // The demo's one option: 4 transit days, confirmed and kept across a reload.
      await saveTransitDays(page, "4", "Save")
      await toastSays(page, `${OPTION}: 4 transit days saved.`)
      await eventually(async () => {
        const settings = await (await page.request.get(`${medusaUrl}/admin/hub/freight?account=default`)).json()
        expect(settings.shipping_options.map((option: { name: string; delivery_days: number | null }) => [option.name, option.delivery_days])).toEqual([[OPTION, 4]])
      })
      await page.reload()
      await eventually(async () => expect(await page.getByTestId("freight-days").locator("tbody tr", { hasText: OPTION }).locator("input").first().inputValue()).toBe("4"))

      // As the buyer sees it: the option, its price (R$ 15,90 in English's way) and when it arrives (4 days plus the handling day).
      const answer = await tryQuote(session, { search: "Product title", products: "Products", quote: "Quote" })
      const [row, ...others] = await quotedRows(answer)
      expect(others).toEqual([])
      expect(row.slice(0, 2)).toEqual([OPTION, "R$15.90"])
      expect(row[2]).toMatch(/^by [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2} \(5 business days\)$/)
      await session.expectText(answer, "This try is listed in the last quotes as yours")
      // The contracts' raw answers are folded away until asked for.
      const technical = answer.getByTestId("freight-try-technical")
      expect(await technical.getByText('"deliveryTime": 5').isVisible()).toBe(false)
      await session.screenshot("freight-try", page.getByTestId("freight-try"))
      await technical.getByText("Technical details").click()
      await session.expectText(technical, "Partner's contract (HTTP 200)")
      await session.expectText(technical, "Older contract (HTTP 200)")
      await session.expectText(technical, '"deliveryTime": 5')
      await session.expectText(technical, '"sellerTenant": "default"')
      await session.screenshot("freight-try-technical", page.getByTestId("freight-try"))

      // The try is in the last quotes, as the merchant's.
      await eventually(async () => expect((await firstQuoteRow(page)).slice(1, 5)).toEqual(["You (a try)", "01310-xxx", "1", "current prices"]), 30_000)

      // The sandbox hub calls the new URL as the hub's partner would: the quote is in the last quotes.
      const call = await fetch(`${session.sandboxUrl()}/_sandbox/freight-calls`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url: partner, contract: "partner", cep: "01310-100", items: [{ sku: SKU }] }),
      })
      expect(call.status).toBe(202)
      // Who asked, the CEP's five digits only, options, where the price came from.
      await eventually(async () => expect((await firstQuoteRow(page)).slice(1, 5)).toEqual(["Marketplace", "01310-xxx", "1", "current prices"]), 60_000)
      expect(await page.getByTestId("freight-activity").innerText()).not.toContain("01310100")
      await tallScreenshot(session, "freight-settings")

      // The time figures: the Diagnostics page, the marketplace's quote counted, the try not.
      await page.getByTestId("freight-activity").getByRole("link", { name: "Diagnostics" }).click()
      const diagnostics = page.getByTestId("freight-diagnostics")
      await diagnostics.waitFor({ timeout: 60_000 })
      await session.expectText(diagnostics, "Time given to a calculated option's provider")
      const figures = Object.fromEntries(
        await Promise.all((await diagnostics.locator("table").first().locator("tr").all()).map(async (line) => (await line.locator("td").allInnerTexts()).map((text) => text.trim())))
      )
      // The account's limits as its options set them, and the marketplace's two answered quotes (the seeded URL's and the sandbox's call), not the try.
      const { budget_ms, deadline_ms } = await (await page.request.get(`${medusaUrl}/admin/hub/freight?account=default`)).json()
      expect(figures).toMatchObject({ "Time given to a calculated option's provider": `${budget_ms} ms`, "Every answer by": `${deadline_ms} ms`, Quotes: "2" })
      expect(figures["Answer time p50 / p95 / p99"]).toMatch(/^\d+ ms \/ \d+ ms \/ \d+ ms$/)
      await tallScreenshot(session, "freight-diagnostics", "freight-diagnostics")
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

      it("shows the freight page in Portuguese, with none of its English texts: the addresses changed in the prompt, a save's toast, Try a quote in reais", async () => {
        const page = session.page()
        await openFreightPage(page, session.medusaUrl(), "Frete do marketplace")
        await session.expectText(page.locator("body"), "Cotações de frete do marketplace")
        const endpoint = page.getByTestId("freight-endpoint")
        await session.expectText(endpoint, "Endereço para informar ao suporte do hub")
        await session.expectText(endpoint, "Todo prazo de entrega inclui 1 dia útil para preparar o pedido.")
        const [before] = await shownUrls(page)
        await endpoint.getByRole("button", { name: "Trocar os endereços" }).click()
        await confirmPrompt(session, "Trocar os endereços?", "Trocar os endereços", "freight-rotate-prompt-ptBR")
        await toastSays(page, "Novos endereços criados: informe-os ao suporte do hub; os antigos não respondem mais.")
        await eventually(async () => expect((await shownUrls(page))[0]).not.toBe(before))

        await saveTransitDays(page, "1", "Salvar")
        await toastSays(page, `${OPTION}: 1 dia de trânsito salvo.`)

        const answer = await tryQuote(session, { search: "Título do produto", products: "Produtos", quote: "Cotar" })
        const [row] = await quotedRows(answer)
        // Intl writes "R$ 15,90" with a no-break space (read as a space here).
        expect(row.slice(0, 2)).toEqual([OPTION, "R$ 15,90"])
        expect(row[2]).toMatch(/^até .+ \(2 dias úteis\)$/)
        const technical = answer.getByTestId("freight-try-technical")
        await technical.getByText("Detalhes técnicos").click()
        await session.expectText(technical, "Contrato do parceiro (HTTP 200)")
        await session.screenshot("freight-try-ptBR", page.getByTestId("freight-try"))

        await eventually(async () => expect((await firstQuoteRow(page)).slice(1, 5)).toEqual(["Você (teste)", "01310-xxx", "1", "preços atuais"]), 30_000)
        const activity = page.getByTestId("freight-activity")
        await session.expectText(activity, "Últimas cotações")
        const text = await page.getByTestId("freight-page").innerText()
        // No developer's words: no contract's name, no "(s)", no count in a wrong form.
        expect(text).not.toMatch(/Contrato: partner|Preço de: ao vivo|\b1 cotações|\(s\)/)
        const fragments = englishFragments()
        expect(fragments.length).toBeGreaterThan(20)
        expect(fragments.filter((fragment) => text.includes(fragment))).toEqual([])
        await tallScreenshot(session, "freight-settings-ptBR")

        await page.goto(`${session.medusaUrl()}/app/settings/hub-diagnostics`)
        const diagnostics = page.getByTestId("freight-diagnostics")
        await diagnostics.waitFor({ timeout: 60_000 })
        await session.expectText(diagnostics, "Tempo de resposta p50 / p95 / p99")
        await tallScreenshot(session, "freight-diagnostics-ptBR", "freight-diagnostics")
      })
    })
  })
}
