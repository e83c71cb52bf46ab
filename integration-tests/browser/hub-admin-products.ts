import type { Locator, Page } from "playwright-core"
import { eventually } from "../helpers/eventually"
import { openHubPage } from "./hub-pages"

/*
 * The catalogue's publication in the admin (option `publishProducts`, which the demo turns on):
 * hub-admin.spec.ts calls these inside its describes, on its one demo and browser. The demo's seed
 * holds one product new in the store, not on the hub, without a weight (src/scripts/seed-demo.ts).
 */

export type AdminSession = {
  page: () => Page
  medusaUrl: () => string
  sandboxUrl: () => string
  /** The sandbox hub of the demo's second account, brand B. */
  brandBSandboxUrl: () => string
  expectText: (locator: Locator, text: string, timeoutMs?: number) => Promise<void>
  screenshot: (name: string, element?: Locator) => Promise<void>
  /** The plugin's English texts of one i18n part that Portuguese words otherwise. */
  englishFragments: (part: "page" | "product") => string[]
}

const NEW_SKU = "CANECA-ESMALTADA-350"
/** A SKU the demo's default account and its brand B both sell (src/scripts/seed-demo.ts, ACCOUNT_SKUS). */
const BOTH_ACCOUNTS_SKU = "CAMISETA-AZUL-M"

type Row = { product_id: string; sku: string | null; state: string; title: string | null }

async function productsPage(session: AdminSession, query = ""): Promise<{ products: Row[]; counts: Record<string, number> }> {
  const response = await session.page().request.get(`${session.medusaUrl()}/admin/hub/products?limit=100${query}`)
  expect(response.status()).toBe(200)
  return response.json()
}

/**
 * The schedule is off in the browser test (HUB_JOBS=false), so the round the publication job runs at
 * start is asked for here: one product's Publish now pushes every product due. The seed's five SKUs
 * the hub already holds are linked (their stock goes from then on); the new one is not publishable.
 * Its lookup's 404 (not on the hub yet) is counted, never the connection's last error.
 */
export async function publishSeededProducts(session: AdminSession) {
  const { products } = await productsPage(session)
  expect(products.length).toBe(6)
  const response = await session.page().request.post(`${session.medusaUrl()}/admin/hub/products/${products[0].product_id}/publish`, { data: {} })
  expect(response.status()).toBe(202)
  await eventually(async () => expect((await productsPage(session)).counts).toMatchObject({ pending: 0, published: 5, not_publishable: 1 }), 60_000)
}

async function newProduct(session: AdminSession): Promise<Row> {
  const row = (await productsPage(session)).products.find((product) => product.sku === NEW_SKU)
  expect(row).toBeDefined()
  return row!
}

export function productPageTests(session: AdminSession) {
  it("shows a product the hub cannot take, with what to do, on its page and on the hub page's Catalogue", async () => {
    const page = session.page()
    const row = await newProduct(session)
    await page.goto(`${session.medusaUrl()}/app/products/${row.product_id}`)
    const widget = page.getByTestId("hub-product-widget")
    await session.expectText(widget.getByTestId("hub-product-state"), "Not publishable")
    await session.expectText(widget.getByTestId("hub-product-on-hub"), `Nothing of it yet: it will be ${NEW_SKU}`)
    await session.expectText(widget.getByTestId("hub-product-sent"), "Not sent: it cannot be published yet.")
    expect((await widget.getByTestId("hub-product-problems").innerText()).trim()).toBe("Set the variant's or the product's weight.")
    expect(await widget.getByTestId("hub-product-actions").getByRole("button").allInnerTexts()).toEqual(["Publish now", "Keep off the hub"])
    await session.screenshot("product-card-not-publishable", widget)

    // Kept off the hub, then let go again: each with its toast, the state following.
    await widget.getByRole("button", { name: "Keep off the hub" }).click()
    await page.locator("[data-sonner-toast]", { hasText: "Kept off the hub" }).waitFor({ timeout: 30_000 })
    await session.expectText(widget.getByTestId("hub-product-state"), "Kept off the hub")
    expect(await widget.getByTestId("hub-product-actions").getByRole("button").allInnerTexts()).toEqual(["Let it be published"])
    await widget.getByRole("button", { name: "Let it be published" }).click()
    await page.locator("[data-sonner-toast]", { hasText: "It will be published" }).waitFor({ timeout: 30_000 })
    await session.expectText(widget.getByTestId("hub-product-state"), "Not publishable")

    // A product the hub already held: linked, not created. The demo's brand B sells it too: the card has
    // a part per hub account, each naming its account (brand B's publication has not run: no job here).
    const linked = (await productsPage(session, "&state=published")).products.find((product) => product.sku === BOTH_ACCOUNTS_SKU)!
    await page.goto(`${session.medusaUrl()}/app/products/${linked.product_id}`)
    const ofDefault = page.getByTestId("hub-product-account-default")
    await session.expectText(ofDefault.getByTestId("hub-product-state"), "Published")
    await session.expectText(ofDefault.getByTestId("hub-product-on-hub"), `${BOTH_ACCOUNTS_SKU}, which the hub had before this store (linked)`)
    // Sent is the last request about it, its stock's push included: what the card's answer says; a linked
    // product never sent says why nothing was, and never beside a time.
    const card = await session.page().request.get(`${session.medusaUrl()}/admin/hub/products/${linked.product_id}`)
    const lastSent = (await card.json()).publications.find((publication: { account: string }) => publication.account === "default").product.last_sent_at
    if (lastSent === null) await session.expectText(ofDefault.getByTestId("hub-product-sent"), "Nothing sent yet: the hub already had this SKU, so it was linked.")
    else await session.expectText(ofDefault.getByTestId("hub-product-sent"), "Last sent ")
    await session.expectText(page.getByTestId("hub-product-account-brand-b"), "Marca B")
    await session.screenshot("product-card-linked", page.getByTestId("hub-product-widget"))

    await openHubPage(page, session.medusaUrl(), "products")
    const catalogue = page.getByTestId("hub-publication")
    await session.expectText(catalogue.getByTestId("hub-publication-progress"), "Every product has been looked at (6).")
    expect((await catalogue.getByTestId("hub-publication-count-published").innerText()).replace(/\s+/g, " ")).toBe("Published 5")
    expect((await catalogue.getByTestId("hub-publication-count-not_publishable").innerText()).replace(/\s+/g, " ")).toBe("Not publishable 1")
    const attention = catalogue.getByTestId("hub-products-attention").locator("tbody tr")
    expect(await attention.count()).toBe(1)
    await session.expectText(attention, "Set the variant's or the product's weight.")
    expect(await attention.getByRole("link").getAttribute("href")).toContain(`/products/${row.product_id}`)
    await session.screenshot("hub-publication", catalogue)
    // The overview tells it, linking to the list on the publication page.
    await openHubPage(page, session.medusaUrl(), "overview")
    await session.expectText(page.getByTestId("hub-needs-products"), "Products that cannot be published, or the hub refused: 1")
    await page.getByTestId("hub-needs-products").getByRole("link").click()
    await page.waitForURL((url) => url.pathname.endsWith("/hub-products") && url.hash === "#hub-products-attention-section")
    await page.getByTestId("hub-products-attention").waitFor()
  })
}

export function productPagePortugueseTests(session: AdminSession) {
  it("shows the product's problem in Portuguese, and publishes it once the merchant weighs it", async () => {
    const page = session.page()
    const row = await newProduct(session)
    await page.goto(`${session.medusaUrl()}/app/products/${row.product_id}`)
    const widget = page.getByTestId("hub-product-widget")
    await session.expectText(widget.getByTestId("hub-product-state"), "Não publicável")
    expect((await widget.getByTestId("hub-product-problems").innerText()).trim()).toBe("Informe o peso da variante ou do produto.")
    const text = await widget.innerText()
    expect(session.englishFragments("product").filter((fragment) => text.includes(fragment))).toEqual([])
    await session.screenshot("product-card-ptBR", widget)

    // Weighed in Medusa (400 g), then Publicar agora: created on the hub by this store.
    const weighed = await page.request.post(`${session.medusaUrl()}/admin/products/${row.product_id}`, { data: { weight: 400 } })
    expect(weighed.status()).toBe(200)
    await widget.getByRole("button", { name: "Publicar agora" }).click()
    await page.locator("[data-sonner-toast]", { hasText: "Enviado para publicação" }).waitFor({ timeout: 30_000 })
    await session.expectText(widget.getByTestId("hub-product-state"), "Publicado")
    await session.expectText(widget.getByTestId("hub-product-on-hub"), `${NEW_SKU}, criado por esta loja`)
    // The hub's side, read outside the account's limits: the product with its 0.4 kg.
    const onHub = await fetch(`${session.sandboxUrl()}/_sandbox/products/${NEW_SKU}`)
    expect(onHub.status).toBe(200)
    expect(await onHub.json()).toMatchObject({ sku: NEW_SKU, weight: 0.4 })
    expect(await widget.getByTestId("hub-product-problems").count()).toBe(0)
    await session.screenshot("product-card-published-ptBR", widget)
  })
}
