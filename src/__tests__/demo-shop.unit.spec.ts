import { DEMO_PRODUCTS } from "../scripts/seed-demo"

/* The demo is a believable shop (issue 58): its products named as a shop names them, described in plain text. */
describe("the demo's products", () => {
  it("are titled as a shop titles them, never after their SKU", () => {
    for (const { sku, title } of DEMO_PRODUCTS) {
      expect({ sku, title: title ?? null }).toEqual({ sku, title: expect.any(String) })
      expect(title).not.toContain(sku)
      expect(title!.length).toBeLessThanOrEqual(60)
    }
  })

  it("are described in plain text, a sentence or more, with no HTML", () => {
    for (const { sku, description } of DEMO_PRODUCTS) {
      expect({ sku, html: /<[a-z/][^>]*>/i.test(description ?? "") }).toEqual({ sku, html: false })
      expect((description ?? "").length).toBeGreaterThan(40)
    }
  })

  it("each shows a photo of what it is (Medusa's sample photos are clothes and a mug)", () => {
    const kinds: Record<string, string> = { tee: "Camiseta", sweatshirt: "Moletom", sweatpants: "Calça", shorts: "Bermuda", "coffee-mug": "Caneca" }
    for (const { sku, title, images = [] } of DEMO_PRODUCTS) {
      const shown = images.map((url) => Object.entries(kinds).find(([photo]) => url.split("/").pop()!.startsWith(`${photo}-`) || url.endsWith(`/${photo}.png`))?.[1] ?? url)
      expect({ sku, shown }).toEqual({ sku, shown: images.map(() => title!.split(" ")[0]) })
    }
  })
})
