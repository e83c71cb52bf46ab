import type { AdminSession } from "./hub-admin-products"
import { openHubPage } from "./hub-pages"

/*
 * What a marketplace refuses after the hub took it, in the admin (issue 42): a refusal the demo's
 * sandbox hub reports for a SKU, read with *Read now* on the hub page, listed there and on the
 * product's card in the hub's words, in English and in Portuguese. hub-admin.spec.ts calls these
 * inside its describes, on its one demo.
 */

const SKU = "CAMISETA-AZUL-M"

async function productIdOf(session: AdminSession): Promise<string> {
  const { products } = await (await session.page().request.get(`${session.medusaUrl()}/admin/products?limit=100&fields=id,*variants`)).json()
  const id = products.find((product: { variants: Array<{ sku: string | null }> }) => product.variants.some((variant) => variant.sku === SKU))?.id as string
  expect(id).toBeTruthy()
  return id
}

export function refusalTests(session: AdminSession) {
  it("reads what the marketplace refused with Read now: listed on the hub page, named in What needs you, and on the product's card in the hub's words", async () => {
    const page = session.page()
    const reported = await fetch(`${session.sandboxUrl()}/_sandbox/sync_errors`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ entity: "products", entity_id: SKU, error_code: "invalid_ean", error_category_code: "link_b2w_products", message: "EAN não confere com o cadastro do marketplace" }),
    })
    expect(reported.status).toBe(201)

    await openHubPage(page, session.medusaUrl(), "products")
    const section = page.getByTestId("hub-marketplace-refusals-section")
    await session.expectText(section, "No product refused.")
    await section.getByRole("button", { name: "Read now" }).click()
    const row = section.getByTestId("hub-marketplace-refusals-products").locator("tbody tr", { hasText: SKU })
    // The hub's name for the error and what fixes it (GET /sync_errors/categories), its message as it came.
    await session.expectText(row, "EAN inválido")
    await session.expectText(row, "EAN não confere com o cadastro do marketplace")
    await session.expectText(row, "dígito verificador")
    // Beside it, the refusal the demo's sandbox reports from the start (scripts/demo-hubs.js, REFUSED).
    await session.expectText(section.getByTestId("hub-marketplace-refusals-products"), "BERMUDA-VINTAGE-M")
    await session.screenshot("marketplace-refusals-section", section)
    await openHubPage(page, session.medusaUrl(), "overview")
    await session.expectText(page.getByTestId("hub-needs-you"), "Refused by the marketplace after the hub took them: 2")

    await page.goto(`${session.medusaUrl()}/app/products/${await productIdOf(session)}`)
    const refusals = page.getByTestId("hub-product-account-default").getByTestId("hub-marketplace-refusals")
    await session.expectText(refusals, `${SKU}: EAN inválido`)
    // One state, the worst: refused by the marketplace, never a green Published above the refusal.
    await session.expectText(page.getByTestId("hub-product-account-default").getByTestId("hub-product-state"), "Refused by the marketplace")
    await session.expectText(refusals, "Once it is fixed in Medusa, its next push tells the hub.")
    // The variant has no EAN: the card asks to add one, where Medusa edits it, never to correct the one it lacks.
    await session.expectText(refusals, `Variant ${SKU} has no EAN: add the one printed on its package.`)
    expect(await refusals.innerText()).not.toMatch(/Corrija o EAN|dígito verificador/)
    const fix = refusals.getByRole("link", { name: "Edit the variant's EAN / barcode" })
    expect(await fix.getAttribute("href")).toMatch(/\/products\/prod_[^/]+\/variants\/variant_/)
    await session.screenshot("product-card-marketplace-refusal", page.getByTestId("hub-product-widget"))
    await fix.click()
    await page.waitForURL((url) => /\/variants\/variant_/.test(url.pathname))
    await session.expectText(page.getByRole("dialog"), "EAN")
    await session.screenshot("product-card-refusal-variant-edit", page.getByRole("dialog"))
  })
}

/** The same card and section in Portuguese (the refusal stays listed: no test after this one reads What needs you as empty). */
export function refusalPortugueseTests(session: AdminSession) {
  it("shows the marketplace's refusal in Portuguese on the hub page and the product's card", async () => {
    const page = session.page()
    await openHubPage(page, session.medusaUrl(), "products")
    const section = page.getByTestId("hub-marketplace-refusals-section")
    await session.expectText(section, "Recusado pelo marketplace")
    await session.expectText(section.getByTestId("hub-marketplace-refusals-products"), SKU)
    await openHubPage(page, session.medusaUrl(), "overview")
    await session.expectText(page.getByTestId("hub-needs-you"), "Recusados pelo marketplace depois que o hub aceitou: 2")
    await page.goto(`${session.medusaUrl()}/app/products/${await productIdOf(session)}`)
    const refusals = page.getByTestId("hub-product-account-default").getByTestId("hub-marketplace-refusals")
    await session.expectText(refusals, `A variante ${SKU} não tem EAN: informe o que está impresso na embalagem.`)
    await session.expectText(refusals, "Depois de corrigido no Medusa, o próximo envio avisa o hub.")
    await session.expectText(refusals.getByRole("link"), "Editar o EAN / código de barras da variante")
    await session.screenshot("product-card-marketplace-refusal-ptBR", page.getByTestId("hub-product-widget"))

  })
}
