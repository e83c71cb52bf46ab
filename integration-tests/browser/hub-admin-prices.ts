import { eventually } from "../helpers/eventually"
import type { AdminSession } from "./hub-admin-products"
import { openHubPage } from "./hub-pages"

/*
 * Marketplace prices in the admin (issue 41): the hub page's *Marketplace prices* section edits the
 * default account's rules in a drawer, previews them and applies them; the product page's card shows
 * the hub price they made. hub-admin.spec.ts calls these inside its describe, on its one demo.
 */

const SKU = "CAMISETA-AZUL-M"

type Prices = { publications: Array<{ account: string; prices: Array<{ sku: string; hub_price: number | null; price: number; held?: string }> }> }

export function priceTests(session: AdminSession) {
  it("edits the price rules in a drawer, previews them and applies them; the product card shows the hub price they made", async () => {
    const page = session.page()
    const medusaUrl = session.medusaUrl()
    const { products } = await (await page.request.get(`${medusaUrl}/admin/products?limit=100&fields=id,*variants`)).json()
    const productId = products.find((product: { variants: Array<{ sku: string | null }> }) => product.variants.some((variant) => variant.sku === SKU))?.id as string
    expect(productId).toBeTruthy()
    const pricesOf = async (account = "default") =>
      ((await (await page.request.get(`${medusaUrl}/admin/hub/products/${productId}`)).json()) as Prices).publications.find((entry) => entry.account === account)!.prices.find((price) => price.sku === SKU)!
    // The hub holds Medusa's price first (the schedule is off in the browser test: a reconciliation brings it).
    for (const account of ["default", "brand-b"]) {
      expect((await page.request.post(`${medusaUrl}/admin/hub/catalogue/reconcile?account=${account}`, { data: {} })).status()).toBeLessThan(300)
      await eventually(async () => {
        const now = await pricesOf(account)
        expect(now).toBeDefined()
        expect(now.hub_price).toBe(now.price)
      }, 60_000)
    }
    const before = await pricesOf()
    const after = Math.round(before.price * 115) / 100

    await openHubPage(page, medusaUrl, "settings")
    const section = page.getByTestId("hub-prices-section")
    // Amounts in the account's currency (the demo's region: BRL), as English writes them.
    await session.expectText(section, "Markup 0 % plus R$0.00.")
    await section.getByRole("button", { name: "Edit price rules" }).click()
    const drawer = page.getByTestId("hub-price-rules-drawer")
    // The account by its name, never its id.
    await session.expectText(drawer, "The price rules of hub account Loja Demo.")
    // A markup that is no number: said under the field, nothing previewed or saved.
    await drawer.getByLabel("Markup (%)").fill("quinze")
    await drawer.getByRole("button", { name: "Preview" }).click()
    await session.expectText(drawer, "A number, e.g. 15 or 12.5.")
    await drawer.getByLabel("Markup (%)").fill("15")
    await drawer.getByRole("button", { name: "Preview" }).click()
    await session.expectText(drawer.getByTestId("hub-price-preview-summary"), "SKUs would change on the hub")
    const line = drawer.getByTestId("hub-price-preview-lines").locator("tbody tr", { hasText: SKU })
    await session.expectText(line, after.toFixed(2))
    // The table fits its drawer: its last column ends inside the drawer, nothing cut off on the right.
    const [lastHeader, drawerBox] = [await drawer.getByTestId("hub-price-preview-lines").locator("thead th").last().boundingBox(), await drawer.boundingBox()]
    expect(lastHeader!.x + lastHeader!.width).toBeLessThanOrEqual(drawerBox!.x + drawerBox!.width)
    await session.screenshot("price-rules-preview", drawer)
    // Nothing saved yet.
    expect((await (await page.request.get(`${medusaUrl}/admin/hub/prices/rules?account=default`)).json()).rules.markup_percent).toBe("0")

    await drawer.getByRole("button", { name: "Apply" }).click()
    await session.expectText(page.locator("[data-sonner-toast]").first(), "Price rules applied")
    await session.expectText(section, "Markup 15 % plus R$0.00.")
    await eventually(async () => expect(await pricesOf()).toMatchObject({ hub_price: after, price: after }), 60_000)
    // How far the walk went: through the whole catalogue, said once it is (the section reads it again while it goes).
    await eventually(async () => {
      await page.reload()
      await session.expectText(page.getByTestId("hub-prices-applied"), "Applied to the whole catalogue", 5_000)
    }, 60_000)
    await session.screenshot("price-rules-applied", page.getByTestId("hub-prices-section"))

    await page.goto(`${medusaUrl}/app/products/${productId}`)
    const card = page.getByTestId("hub-product-widget")
    await session.expectText(card.getByTestId("hub-product-account-default").getByTestId("hub-product-prices"), `R$${after.toFixed(2)}`)
    // What made it: Medusa's price and the rule, in the merchant's words.
    await session.expectText(card.getByTestId("hub-product-account-default").getByTestId("hub-product-price-rule"), `From Medusa's R$${before.price.toFixed(2)}: the default markup`)
    // Brand B's rules are its own: its hub keeps Medusa's price.
    await session.expectText(card.getByTestId("hub-product-account-brand-b").getByTestId("hub-product-prices"), before.price.toFixed(2))
    await session.screenshot("product-card-hub-price", card)

    // A floor above every price: held, not sent, and the admin's feed says so once, naming the SKUs.
    try {
      expect((await page.request.post(`${medusaUrl}/admin/hub/prices/rules?account=default`, { data: { markup_percent: 15, floor: { kind: "amount", amount: 10_000 } } })).status()).toBe(200)
      await eventually(async () => expect(await pricesOf()).toMatchObject({ hub_price: after, price: null, held: "under_floor" }), 60_000)
      await openHubPage(page, medusaUrl, "settings")
      await session.expectText(section, "Floor R$10,000.00.")
      // Medusa's feed (the bell, Ctrl+N), opened once the page listens for its shortcut.
      await eventually(async () => {
        await page.keyboard.press("Control+KeyN")
        try {
          await session.expectText(page.getByRole("dialog"), `${SKU} (floor 10,000.00)`, 5_000)
        } finally {
          await page.keyboard.press("Escape")
        }
      }, 60_000)
      await page.keyboard.press("Control+KeyN")
      const feed = page.getByRole("dialog")
      await session.expectText(feed, "held under")
      await session.screenshot("hub-feed-prices-held", feed)
      await page.keyboard.press("Escape")
    } finally {
      // Back to Medusa's prices for the tests after this one.
      expect((await page.request.post(`${medusaUrl}/admin/hub/prices/rules?account=default`, { data: { markup_percent: 0 } })).status()).toBe(200)
      await eventually(async () => expect((await pricesOf()).hub_price).toBe(before.price), 60_000)
    }
  })
}

/** The same in Portuguese: the drawer's fields and the preview's amounts as Brazil writes them (R$ 1.234,56); nothing saved. */
export function pricePortugueseTests(session: AdminSession) {
  it("edits and previews price rules in Portuguese, amounts in reais as Brazil writes them", async () => {
    const page = session.page()
    const medusaUrl = session.medusaUrl()
    await openHubPage(page, medusaUrl, "settings")
    const section = page.getByTestId("hub-prices-section")
    await session.expectText(section, "Preços no marketplace")
    // Intl writes "R$" and the amount apart with a no-break space.
    await eventually(async () => expect((await section.innerText()).replace(/\u00a0/g, " ")).toContain("Acréscimo de 0 % mais R$ 0,00."))
    await section.getByRole("button", { name: "Editar regras de preço" }).click()
    const drawer = page.getByTestId("hub-price-rules-drawer")
    await session.expectText(drawer, "Origem do preço")
    await session.expectText(drawer, "As regras de preço da conta do hub Loja Demo.")
    // A category's row: its two inputs named by their columns.
    await drawer.getByRole("button", { name: "Adicionar uma categoria" }).click()
    const categoryRow = drawer.getByTestId("hub-price-category-row").last()
    await session.expectText(drawer.getByTestId("hub-price-categories"), "Acréscimo (%)")
    expect(await categoryRow.getByRole("textbox").evaluateAll((inputs) => inputs.map((input) => input.getAttribute("aria-labelledby")))).toEqual([
      "hub-price-categories-markup",
      "hub-price-categories-fixed",
    ])
    await session.screenshot("price-rules-category-row-ptBR", drawer.getByTestId("hub-price-categories"))
    await categoryRow.getByRole("button").last().click()
    // A floor of the variant's cost × a factor: its two fields appear, each explained.
    await drawer.getByLabel("Piso").click()
    await page.getByRole("option", { name: "O custo da variante × um fator" }).click()
    await drawer.getByLabel("Chave de metadados").fill("cost")
    await drawer.getByLabel("Fator sobre o custo").fill("1,3")
    await drawer.getByLabel("Acréscimo (%)").fill("12,5")
    await drawer.getByRole("button", { name: "Ver prévia" }).click()
    await session.expectText(drawer.getByTestId("hub-price-preview-summary"), "SKUs mudariam no hub")
    const first = drawer.getByTestId("hub-price-preview-lines").locator("tbody tr").first()
    await session.expectText(first, "R$")
    expect(await first.innerText()).toMatch(/R\$\s\d{1,3}(\.\d{3})*,\d{2}/)
    await session.expectText(first, "o acréscimo padrão")
    await session.screenshot("price-rules-preview-ptBR", drawer)
    await drawer.getByRole("button", { name: "Cancelar" }).click()
    // Nothing saved.
    expect((await (await page.request.get(`${medusaUrl}/admin/hub/prices/rules?account=default`)).json()).rules).toMatchObject({ markup_percent: "0", floor: { kind: "none" } })
  })
}
