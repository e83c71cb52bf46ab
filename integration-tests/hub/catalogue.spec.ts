import { HubInvalidRequestError, HubInvalidResponseError, HubProductInput, HubRefusedError, HubUnavailableError } from "../../src/hub-client"
import type { SandboxHub } from "../../src/sandbox"
import { clientAgainstSandbox } from "../helpers/hub-client-sandbox"

/*
 * Catalogue publication (issue 31), hub side: the client's product creation, variation, read-back
 * and partial update against the sandbox hub over loopback HTTP, each checked in the sandbox's own
 * request log.
 */

jest.setTimeout(60_000)

const mug = (): HubProductInput => ({
  sku: "CANECA-01",
  name: "Caneca de cerâmica",
  description: "<p>Caneca de <strong>350 ml</strong></p>",
  status: "enabled",
  qty: 12,
  price: 59.9,
  promotional_price: 49.9,
  cost: 20.5,
  weight: 0.35,
  height: 10,
  width: 8,
  length: 12,
  brand: "Louça Boa",
  ean: "7891000000014",
  nbm: "69120000",
  images: ["https://cdn.example.com/caneca-1.jpg"],
  categories: [{ code: "casa", name: "Casa > Cozinha" }],
  specifications: [{ key: "Material", value: "Cerâmica" }],
})

/** 2 attributes × 2 values. */
const shirt = (): HubProductInput => ({
  sku: "CAMISETA",
  name: "Camiseta básica",
  description: "Camiseta de algodão",
  price: 79.9,
  variation_attributes: ["Cor", "Tamanho"],
  variations: ["Azul", "Verde"].flatMap((cor) =>
    ["P", "M"].map((tamanho) => ({
      sku: `CAMISETA-${cor.toUpperCase()}-${tamanho}`,
      qty: 3,
      specifications: [
        { key: "Cor", value: cor },
        { key: "Tamanho", value: tamanho },
      ],
    }))
  ),
})

describe("catalogue publication: hub client against the sandbox hub over HTTP", () => {
  const { hub: currentHub, clientFor } = clientAgainstSandbox()
  let hub: SandboxHub
  beforeEach(() => {
    hub = currentHub()
  })

  const requests = (method: string, path: string) => hub.requestLog().filter((entry) => entry.method === method && entry.path.split("?")[0] === path)

  it("creates a product with every field, sent wrapped as {product}, and reads it back field by field", async () => {
    const client = clientFor()
    const answer = await client.createProduct(mug())
    expect(answer).toMatchObject(mug())

    const [sent] = requests("POST", "/products")
    expect(sent).toMatchObject({ status: 201, bucket: "POST /products", body: { product: mug() } })
    expect(await client.getProduct("CANECA-01")).toEqual(mug())
    expect(hub.getProduct("CANECA-01")).toEqual(mug())
  })

  it("reads an SKU the hub does not hold as null, and the same read finds the product once created (a 404 is no refusal to remember)", async () => {
    const client = clientFor()
    expect(await client.getProduct("CANECA-01")).toBeNull()
    await client.createProduct(mug())
    expect((await client.getProduct("CANECA-01"))?.name).toBe("Caneca de cerâmica")
    expect(requests("GET", "/products/CANECA-01").map((entry) => entry.status)).toEqual([404, 200])
  })

  describe("a product read back as the hub gives it", () => {
    // The sandbox answers the next product read with a body of the test's choosing (misbehaviour `answer`).
    const answerNextRead = (body: unknown) => hub.misbehave({ answer: { body: body as never, times: 1, bucket: "GET /products" } })

    it.each([
      ["bare, with its SKU alone", { sku: "CANECA-01" }],
      ["without qty, name, description or images, its status a word of the hub's own", { sku: "CANECA-01", status: "active", price: "59.90" }],
      [
        "wrapped, its fields of shapes not foreseen, a variation with its SKU alone",
        { product: { sku: "CANECA-01", name: null, images: [{ url: "https://cdn.example.com/a.jpg" }], variations: [{ sku: "CANECA-01-AZUL" }] } },
      ],
    ])("%s: read as held, the fields the plugin does not use as they came", async (_case, body) => {
      const client = clientFor()
      answerNextRead(body)
      const held = await client.getProduct("CANECA-01")
      expect(held?.sku).toBe("CANECA-01")
      expect(held).toEqual("product" in body ? body.product : body)
      expect(requests("GET", "/products/CANECA-01")).toHaveLength(1)
    })

    it.each([
      ["{product: null}", { product: null }],
      ["a product of its own fields with `product: null`", { sku: "CANECA-01", qty: 1, product: null }],
      ["null", null],
      ["{product: {}}", { product: {} }],
      ["a variation without its SKU", { sku: "CANECA-01", variations: [{ qty: 1 }] }],
    ])("a 200 of %s says no product: an invalid answer, never absent (absent is the hub's 404 alone)", async (_case, body) => {
      const client = clientFor()
      answerNextRead(body)
      const error = await client.getProduct("CANECA-01").then(
        (held) => held,
        (caught) => caught
      )
      expect(error).toBeInstanceOf(HubInvalidResponseError)
      expect(error.message).toContain("GET /products/{sku}")
      expect(requests("GET", "/products/CANECA-01").map((entry) => entry.status)).toEqual([200])
    })
  })

  it("creates a configurable product, adds a variation, and reads every variation back", async () => {
    const client = clientFor()
    await client.createProduct(shirt())
    const added = {
      sku: "CAMISETA-AZUL-G",
      qty: 2,
      price: 84.9,
      specifications: [
        { key: "Cor", value: "Azul" },
        { key: "Tamanho", value: "G" },
      ],
    }
    const answer = await client.addVariation("CAMISETA", added)
    expect(answer?.variations?.map((variation) => variation.sku)).toContain("CAMISETA-AZUL-G")

    const [sent] = requests("POST", "/products/CAMISETA/variations")
    expect(sent).toMatchObject({ status: 201, bucket: "POST /products", body: { variation: added } })
    const read = await client.getProduct("CAMISETA")
    expect(read?.variation_attributes).toEqual(["Cor", "Tamanho"])
    expect(read?.variations?.map((variation) => variation.sku)).toEqual([
      "CAMISETA-AZUL-P",
      "CAMISETA-AZUL-M",
      "CAMISETA-VERDE-P",
      "CAMISETA-VERDE-M",
      "CAMISETA-AZUL-G",
    ])
    expect(hub.getVariation("CAMISETA-AZUL-G")).toEqual({ ...added, parent_sku: "CAMISETA" })
    // Both writes counted in the products' POST bucket, as the hub counts them.
    expect(hub.counters().byBucket["POST /products"]).toBe(2)
  })

  it("a partial PUT of the name sends the name alone, and only the name changes", async () => {
    const client = clientFor()
    await client.createProduct(mug())
    hub.resetRequestLog()
    await client.updateProduct("CANECA-01", { name: "Caneca grande" })
    expect(requests("PUT", "/products/CANECA-01").map((entry) => entry.body)).toEqual([{ product: { name: "Caneca grande" } }])
    expect(hub.getProduct("CANECA-01")).toEqual({ ...mug(), name: "Caneca grande" })
  })

  it("a PUT carries any catalogue field; a variation's its own set", async () => {
    const client = clientFor()
    await client.createProduct(shirt())
    await client.updateProduct("CAMISETA", {
      description: "Camiseta de algodão orgânico",
      images: ["https://cdn.example.com/camiseta-2.jpg"],
      weight: 0.2,
      brand: "Algodão Bom",
      ean: "7891000000021",
      nbm: "61091000",
      categories: [{ code: "moda", name: "Moda > Camisetas" }],
      specifications: [{ key: "Material", value: "Algodão" }],
    })
    await client.updateProduct("CAMISETA-VERDE-M", { qty: 7, price: 89.9 }, "variations")
    expect(hub.getProduct("CAMISETA")).toMatchObject({ brand: "Algodão Bom", nbm: "61091000", weight: 0.2, name: "Camiseta básica" })
    expect(hub.getVariation("CAMISETA-VERDE-M")).toMatchObject({ qty: 7, price: 89.9 })
    // A product field on a variation is refused before sending.
    await expect(client.updateProduct("CAMISETA-VERDE-M", { name: "x" } as never, "variations")).rejects.toBeInstanceOf(HubInvalidRequestError)
  })

  it("a refusal surfaces the hub's words, and the same body is not sent again, whatever other products are created meanwhile (§7 rule 1)", async () => {
    const client = clientFor()
    const badEan = { ...mug(), ean: "7891000000015" }
    const first = await client.createProduct(badEan).catch((error) => error)
    expect(first).toBeInstanceOf(HubRefusedError)
    expect(first).toMatchObject({ status: 422, hubMessage: "product.ean: ean has a wrong check digit", repeated: false })

    // Another product's creation changes nothing of this one.
    await client.createProduct(shirt())
    const again = await client.createProduct(badEan).catch((error) => error)
    expect(again).toBeInstanceOf(HubRefusedError)
    expect(again.repeated).toBe(true)
    expect(again.message).toContain("product.ean: ean has a wrong check digit")
    expect(requests("POST", "/products").map((entry) => (entry.body as { product: { sku: string } }).product.sku)).toEqual(["CANECA-01", "CAMISETA"])

    // Corrected, it goes.
    await client.createProduct(mug())
    expect(hub.getProduct("CANECA-01")?.ean).toBe("7891000000014")
    expect(client.figures().byEndpoint["POST /products"]).toMatchObject({ answers: { "201": 2, "422": 1 }, refusedRepeats: 1 })
  })

  it("an SKU already on the hub is refused (422) in the hub's words, and the product is left as it was", async () => {
    const client = clientFor()
    await client.createProduct(mug())
    const error = await client.createProduct({ ...mug(), name: "Outra caneca", price: 10 }).catch((caught) => caught)
    expect(error).toBeInstanceOf(HubRefusedError)
    expect(error).toMatchObject({ status: 422, hubMessage: "product.sku: CANECA-01 already exists on the hub" })
    expect(hub.getProduct("CANECA-01")).toEqual(mug())
  })

  it("a creation whose answer is lost is not resent: outcomeUnknown, and the read that follows finds it carried out", async () => {
    const client = clientFor()
    hub.setFaults({ loseAnswerRate: 1, seed: 1 })
    const error = await client.createProduct(mug()).catch((caught) => caught)
    expect(error).toBeInstanceOf(HubUnavailableError)
    expect(error.outcomeUnknown).toBe(true)
    expect(requests("POST", "/products")).toHaveLength(1)

    hub.setFaults({})
    expect((await client.getProduct("CANECA-01"))?.sku).toBe("CANECA-01")
  })

  it("a shape the record rules out is refused before sending, naming the field", async () => {
    const client = clientFor()
    const error = await client.createProduct({ ...mug(), images: ["http://cdn.example.com/a.jpg"] }).catch((caught) => caught)
    expect(error).toBeInstanceOf(HubInvalidRequestError)
    expect(error.message).toContain("images.0: each image must be an https URL")
    const tooMany = Array.from({ length: 11 }, (_, i) => ({ code: `c${i}`, name: `C${i}` }))
    await expect(client.createProduct({ ...mug(), categories: tooMany })).rejects.toThrow("categories: categories may hold at most 10 entries")
    expect(requests("POST", "/products")).toHaveLength(0)
  })
})
