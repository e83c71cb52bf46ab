import type { AdminSession } from "./hub-admin-products"
import { openHubPage } from "./hub-pages"

/*
 * The mapping of hub fields in the admin (issue 42): the drawer's field sources and categories, a Medusa
 * category mapped to the sandbox's Camisetas showing its required attributes, *Check with a product*
 * naming what keeps the product off the hub before anything is saved, and Save. hub-admin.spec.ts calls
 * these inside its describes, on its one demo.
 */

const SKU = "CAMISETA-AZUL-M"

export function mappingTests(session: AdminSession) {
  it("edits the mapping: a fixed brand, a category mapped to the hub's Camisetas with its required attributes, checked with a product before saving", async () => {
    const page = session.page()
    const api = (path: string, data?: object) => (data ? page.request.post(`${session.medusaUrl()}${path}`, { data }) : page.request.get(`${session.medusaUrl()}${path}`))
    const { products } = await (await api("/admin/products?limit=100&fields=id,title,*variants")).json()
    const { id: productId, title } = products.find((product: { variants: Array<{ sku: string | null }> }) => product.variants.some((variant) => variant.sku === SKU)) as { id: string; title: string }
    const { product_category: category } = await (await api("/admin/product-categories", { name: "Camisetas da loja", is_active: true })).json()
    expect((await api(`/admin/product-categories/${category.id}/products`, { add: [productId] })).status()).toBe(200)

    await openHubPage(page, session.medusaUrl(), "settings")
    const section = page.getByTestId("hub-mapping-section")
    // The demo seeds one mapped category (its Canecas to the hub's Canecas: src/scripts/seed-demo.ts).
    await session.expectText(section.getByTestId("hub-mapping-summary"), "Categories mapped: 1.")
    await section.getByTestId("hub-mapping-edit").click()
    const drawer = page.getByTestId("hub-mapping-drawer")
    // The account by its name, never its id.
    await session.expectText(drawer, "hub account Loja Demo.")
    await drawer.getByTestId("hub-mapping-brand-kind").click()
    await page.getByRole("option", { name: "Fixed text" }).click()
    await drawer.getByTestId("hub-mapping-brand-arg").fill("Marca da Loja")

    // Map the store's category to the hub's Camisetas (read from the hub's category service): its attributes appear.
    await drawer.getByTestId("hub-mapping-add-category").click()
    const row = drawer.getByTestId("hub-mapping-category").last()
    await row.getByRole("combobox", { name: "Medusa category" }).click()
    await page.getByRole("option", { name: "Camisetas da loja" }).click()
    // One list of the hub's categories, no pager of its own: a search narrows it.
    const picker = row.getByTestId("hub-mapping-hub-category")
    expect(await picker.getByRole("button", { name: /hub categories/ }).count()).toBe(0)
    await picker.getByLabel("Search hub categories").fill("camis")
    await picker.getByRole("combobox").click()
    await page.getByRole("option", { name: "Camisetas", exact: true }).waitFor()
    await session.screenshot("mapping-hub-category-search", page.getByRole("listbox"))
    await page.getByRole("option", { name: "Camisetas", exact: true }).click()
    // The seeded Canecas first, then the category just mapped.
    const attributes = drawer.getByTestId("hub-mapping-attributes").last()
    await session.expectText(attributes, "Gênero")
    await session.expectText(attributes, "Required")

    // Checked with the product: the brand it would send, and the attribute that keeps it off the hub.
    // The product chosen by its title, searched for, never asked for as an id.
    await drawer.getByLabel("Search by title").fill(title.slice(0, 8))
    await drawer.getByTestId("hub-mapping-product").click()
    await page.getByRole("option", { name: title, exact: true }).click()
    await session.expectText(drawer.getByTestId("hub-mapping-product"), title)
    await drawer.getByTestId("hub-mapping-sample-button").click()
    const sample = drawer.getByTestId("hub-mapping-sample")
    await session.expectText(sample, "Marca da Loja")
    await session.expectText(drawer.getByTestId("hub-mapping-problems"), "requires Gênero")
    // The merchant is in the mapping: the check points at its Categories, not elsewhere.
    await session.expectText(drawer.getByTestId("hub-mapping-problems"), "choose where Medusa keeps it under Categories, above.")
    await session.screenshot("mapping-drawer", drawer)

    // Saved without the category (its attributes are not mapped yet): the brand alone.
    await row.getByRole("button", { name: "Remove this category's mapping" }).click()
    // Nothing keeps it off the hub now, but the marketplace refused it (hub-admin-refusals.ts): the check says so, not "publishable".
    await drawer.getByTestId("hub-mapping-sample-button").click()
    await session.expectText(drawer.getByTestId("hub-mapping-marketplace-refused"), SKU)
    expect(await drawer.getByTestId("hub-mapping-publishable").count()).toBe(0)
    await drawer.getByTestId("hub-mapping-save").click()
    await session.expectText(page.locator("body"), "Products checked again")
    await session.expectText(section.getByTestId("hub-mapping-summary"), "Brand from the fixed text “Marca da Loja”.")
    const saved = await (await api("/admin/hub/mapping?account=default")).json()
    expect(saved).toMatchObject({ saved: true, mapping: { brand: { kind: "fixed", value: "Marca da Loja" }, categories: [{ hub_category: { id: "3001", name: "Canecas" } }] } })
    await session.screenshot("mapping-section", section)
  })
}
