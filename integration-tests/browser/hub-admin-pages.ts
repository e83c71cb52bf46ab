import { nfeCheckDigitValid } from "../../src/hub-client/nfe-key"
import { DEFAULT_SANDBOX_CREDENTIALS } from "../../src/sandbox"
import type { OrderPageSession } from "./hub-admin-orders"
import { HUB_PAGES, type HubPageName, openHubPage } from "./hub-pages"

/*
 * The plugin's pages where Medusa puts them (issue 52): reached from Medusa's own sidebar, walked in
 * English and in Portuguese with a screenshot of each, no credential anywhere and no HTTP code or
 * endpoint outside Diagnostics; and what the demo prints. hub-admin.spec.ts calls these inside its
 * describes, on its one demo.
 */

const PAGES = Object.keys(HUB_PAGES) as HubPageName[]

export function demoTests(session: OrderPageSession) {
  it("prints a valid 44-digit key for the Correios order's invoice", async () => {
    const [, key] = session.demoOutput().match(/invoice it by key \(this one is valid: (\d{44})\)/) ?? []
    expect(key).toBeDefined()
    expect(nfeCheckDigitValid(key)).toBe(true)
  })
}

export function sidebarTests(session: OrderPageSession) {
  it("reaches each from Medusa's sidebar: the overview, the orders under Orders, publication under Products, the settings under Settings", async () => {
    const [page, medusaUrl] = [session.page(), session.medusaUrl()]
    await page.goto(`${medusaUrl}/app/orders`)
    const sidebar = page.locator("aside").first()
    await sidebar.getByRole("link", { name: "Marketplace hub" }).click()
    await page.getByTestId(HUB_PAGES.overview.ready).waitFor()
    // Orders and Products open their nested items when one of their pages is shown.
    await page.goto(`${medusaUrl}/app/orders`)
    await sidebar.getByRole("link", { name: "Marketplace orders" }).click()
    await page.getByTestId(HUB_PAGES.orders.ready).waitFor()
    expect(new URL(page.url()).pathname).toBe(HUB_PAGES.orders.path)
    await page.goto(`${medusaUrl}/app/products`)
    await sidebar.getByRole("link", { name: "Marketplace publication" }).click()
    await page.getByTestId(HUB_PAGES.products.ready).waitFor()
    await page.goto(`${medusaUrl}/app/settings`)
    await page.getByRole("link", { name: "Marketplace hub" }).last().click()
    await page.getByTestId("hub-mapping-section").waitFor()
    expect(new URL(page.url()).pathname).toBe(HUB_PAGES.settings.path)
    // The demo maps its Rio location to the hub's CD 01, as a merchant saves it: listed, and edited in a drawer
    // whose rows are checked before anything is sent (an empty one names what it lacks).
    await session.expectText(page.getByTestId("hub-warehouses"), "CD Rio de Janeiro")
    await page.getByTestId("hub-warehouses-edit").click()
    const drawer = page.getByTestId("hub-warehouses-drawer")
    await drawer.waitFor()
    expect(await drawer.getByTestId("hub-warehouse-code").first().inputValue()).toBe("01")
    await session.screenshot("warehouses-drawer", drawer)
    await drawer.getByTestId("hub-warehouses-add").click()
    await drawer.getByTestId("hub-warehouses-save").click()
    await session.expectText(drawer, "Give the hub's store code.")
    await session.expectText(drawer, "Choose a stock location.")
    await drawer.getByRole("button", { name: "Cancel" }).click()
    await drawer.waitFor({ state: "hidden" })
    await page.getByTestId("hub-diagnostics-link").click()
    await page.getByTestId(HUB_PAGES.diagnostics.ready).waitFor()
  })
}

export function pageWalkTests(session: OrderPageSession) {
  it("never shows a credential, and outside Diagnostics no HTTP code or endpoint", async () => {
    const page = session.page()
    for (const which of PAGES) {
      await openHubPage(page, session.medusaUrl(), which)
      // Each page's lists drawn (their empty states included) before it is read.
      await page.waitForLoadState("networkidle")
      const html = await page.content()
      for (const secret of [DEFAULT_SANDBOX_CREDENTIALS.apiKey, DEFAULT_SANDBOX_CREDENTIALS.accountManagerKey]) {
        expect(html).not.toContain(secret)
      }
      if (which === "diagnostics") continue
      const text = await page.locator("body").innerText()
      expect({ which, codes: text.match(/\b[45]xx\b|\b(?:GET|POST|PUT|DELETE) \/|HTTP \d{3}/g) }).toEqual({ which, codes: null })
    }
  })

  it("walks each page in English, with a screenshot of each", async () => {
    const page = session.page()
    for (const which of PAGES) {
      await openHubPage(page, session.medusaUrl(), which)
      await page.waitForLoadState("networkidle")
      await session.screenshot(`hub-${which}`)
    }
  })
}

export function pagesPortugueseTests(session: OrderPageSession) {
  it("shows each of the plugin's pages in Portuguese, its dates as Brazil writes them, and none of the plugin's English texts (by the keys)", async () => {
    const page = session.page()
    const fragments = session.englishFragments("page")
    expect(fragments.length).toBeGreaterThan(50)
    const expected: Record<HubPageName, [string, string]> = {
      overview: ["hub-connection", "Hub de marketplaces"],
      orders: ["hub-order-import", "Importar agora"],
      products: ["hub-catalogue-sync", "Sincronização do catálogo"],
      settings: ["hub-mapping-section", "Mapeamento"],
      diagnostics: ["hub-diagnostics-page", "Diagnóstico"],
    }
    for (const which of PAGES) {
      await openHubPage(page, session.medusaUrl(), which)
      await session.expectText(page.getByTestId(expected[which][0]), expected[which][1])
      await page.waitForLoadState("networkidle")
      const text = await page.locator("body").innerText()
      // "24 de nov. de 2026 14:30": the import runs' start times.
      if (which === "orders") expect(text).toMatch(/\d{1,2} de [a-zç]{3,4}\.? de \d{4}/)
      expect({ which, english: fragments.filter((fragment) => text.includes(fragment)) }).toEqual({ which, english: [] })
      await session.screenshot(`hub-${which}-ptBR`)
    }
    await page.setViewportSize({ width: 1024, height: 900 })
    await openHubPage(page, session.medusaUrl(), "overview")
    await session.screenshot("hub-overview-ptBR-1024")
    await page.setViewportSize({ width: 1440, height: 1000 })
  })
}
