import type { Page } from "playwright-core"

/**
 * The plugin's admin pages, each where Medusa puts such a page: the overview (its own menu item),
 * the orders under Orders, publication under Products, the settings and their Diagnostics under
 * Settings; and what each page draws first (its header), waited for before a test reads it.
 */
export const HUB_PAGES = {
  overview: { path: "/app/hub", ready: "hub-connection" },
  orders: { path: "/app/hub-orders", ready: "hub-orders-page" },
  products: { path: "/app/hub-products", ready: "hub-products-page" },
  settings: { path: "/app/settings/hub", ready: "hub-connection" },
  diagnostics: { path: "/app/settings/hub-diagnostics", ready: "hub-diagnostics-page" },
} as const

export type HubPageName = keyof typeof HUB_PAGES

/** Opens one of the plugin's pages and waits for its header. */
export async function openHubPage(page: Page, medusaUrl: string, which: HubPageName): Promise<void> {
  await page.goto(`${medusaUrl}${HUB_PAGES[which].path}`)
  await page.getByTestId(HUB_PAGES[which].ready).waitFor({ timeout: 120_000 })
}
