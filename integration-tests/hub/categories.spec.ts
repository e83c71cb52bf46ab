import { HubRefusedError, type HubProductInput } from "../../src/hub-client"
import { DEFAULT_SANDBOX_CATEGORIES, type SandboxHub } from "../../src/sandbox"
import { clientAgainstSandbox } from "../helpers/hub-client-sandbox"
import { credentialHeaders } from "../helpers/sandbox-http"

/*
 * The category service beside the hub (docs/hub-public-facts.md, Categories and attributes) through the
 * hub client against the sandbox over loopback HTTP: its list read page by page (`limit` at most 10), and
 * the sandbox's own review of what a category asks of a product (src/sandbox/category-review.ts), refused
 * with 422 in the hub's words on a creation, a variation and a PUT.
 */

jest.setTimeout(60_000)

const camiseta = (sku: string, specifications: HubProductInput["specifications"]): HubProductInput => ({
  sku,
  name: `Camiseta ${sku}`,
  description: "Camiseta de algodão",
  qty: 3,
  price: 59.9,
  categories: [{ code: "1001", name: "Moda > Camisetas" }],
  specifications,
})

/** The hub's words for a refused call (the call's 422, or a test failure naming what came instead). */
async function refusal(call: Promise<unknown>): Promise<{ status?: number; words: string }> {
  const error = await call.then(
    () => undefined,
    (failure: unknown) => failure
  )
  if (!(error instanceof HubRefusedError)) throw new Error(`expected the hub's refusal, got ${error === undefined ? "a success" : String(error)}`)
  return { status: error.status, words: error.hubMessage }
}

describe("the category service and what its categories ask of a product", () => {
  const { hub: currentHub, clientFor } = clientAgainstSandbox()
  let hub: SandboxHub
  beforeEach(() => {
    hub = currentHub()
  })
  const client = () => clientFor({ categoryServiceUrl: `${hub.url}/category-service` })

  it("reads the whole list page by page: 23 categories in 3 requests of 10, attributes grouped by nameId", async () => {
    hub.resetRequestLog()
    const hubClient = client()
    const list = await hubClient.categories.all()
    // The account's own requests: in its figures (and its budget), as every hub request.
    expect(hubClient.figures().requestsSent).toBe(3)
    expect(list).toMatchObject({ total: 23, complete: true, invalid: [] })
    expect(list.categories).toHaveLength(23)
    expect(hub.requestLog().map((entry) => [entry.path, entry.status])).toEqual([
      ["/category-service/categories?limit=10&offset=0", 200],
      ["/category-service/categories?limit=10&offset=10", 200],
      ["/category-service/categories?limit=10&offset=20", 200],
    ])
    expect(list.categories.slice(0, 2)).toEqual([
      {
        id: "1001",
        name: "Camisetas",
        eanRequired: false,
        attributes: [
          { nameId: "gen", name: "Gênero", required: true, variant: false, values: ["Masculino", "Feminino", "Unissex"] },
          { nameId: "tam", name: "Tamanho", required: true, variant: true, values: [] },
          { nameId: "est", name: "Estampa", required: false, variant: false, values: [] },
        ],
      },
      { id: "2002", name: "Eletrônicos", eanRequired: true, attributes: [{ nameId: "volt", name: "Voltagem", required: true, variant: false, values: ["110V", "220V", "Bivolt"] }] },
    ])
  })

  it("answers a limit above 10 with 400 in the hub's words, behind the hub's credentials", async () => {
    const read = (query: string, headers = credentialHeaders(hub)) => fetch(`${hub.url}/category-service/categories${query}`, { headers: { Accept: "application/json", ...headers } })
    const tooMany = await read("?limit=11&offset=0")
    expect(tooMany.status).toBe(400)
    expect(await tooMany.json()).toEqual({ error: "O parâmetro limit deve estar entre 1 e 10" })
    expect((await read("?limit=10&offset=-1")).status).toBe(400)
    expect((await read("?limit=5&offset=20")).status).toBe(200)
    expect((await read("?limit=10", {})).status).toBe(401)
    // The client never sends such a page.
    await expect(client().categories.page({ limit: 11 })).rejects.toThrow("Not sent")
  })

  it("refuses a product of Camisetas without Gênero (422, the hub's words), takes it with its required attributes (201)", async () => {
    const hubClient = client()
    expect(await refusal(hubClient.createProduct(camiseta("CAM-1", [{ key: "Tamanho", value: "M" }])))).toEqual({
      status: 422,
      words: 'Atributo obrigatório "Gênero" não informado para a categoria Camisetas',
    })
    expect(hub.getProduct("CAM-1")).toBeUndefined()
    expect((await refusal(hubClient.createProduct(camiseta("CAM-1", [{ key: "Gênero", value: "Azul" }, { key: "Tamanho", value: "M" }])))).words).toBe(
      'Valor "Azul" não aceito para o atributo "Gênero" da categoria Camisetas: use Masculino, Feminino, Unissex'
    )

    const created = await hubClient.createProduct(camiseta("CAM-1", [{ key: "Gênero", value: "Feminino" }, { key: "Tamanho", value: "M" }]))
    expect(created).toMatchObject({ sku: "CAM-1" })
    expect(hub.requestLog().filter((entry) => entry.method === "POST").map((entry) => entry.status)).toEqual([422, 422, 201])
  })

  it("judges a PUT on the product as it would stand: one removing Gênero is refused and changes nothing", async () => {
    const hubClient = client()
    await hubClient.createProduct(camiseta("CAM-2", [{ key: "Gênero", value: "Unissex" }, { key: "Tamanho", value: "G" }]))
    expect(await refusal(hubClient.updateProduct("CAM-2", { specifications: [{ key: "Tamanho", value: "G" }] }))).toEqual({
      status: 422,
      words: 'Atributo obrigatório "Gênero" não informado para a categoria Camisetas',
    })
    expect(hub.getProduct("CAM-2")?.specifications).toEqual([{ key: "Gênero", value: "Unissex" }, { key: "Tamanho", value: "G" }])
    // A PUT leaving it in place (stock) is taken.
    await hubClient.updateProduct("CAM-2", { qty: 9 })
    expect(hub.getProduct("CAM-2")?.qty).toBe(9)
  })

  it("looks for a variant attribute on each variation, and an EAN where the category requires one", async () => {
    const hubClient = client()
    const variations = [
      { sku: "CAM-3-P", qty: 1, specifications: [{ key: "Cor", value: "Branco" }, { key: "Tamanho", value: "P" }] },
      { sku: "CAM-3-M", qty: 1, specifications: [{ key: "Cor", value: "Azul" }] },
    ]
    const configurable = { ...camiseta("CAM-3", [{ key: "Gênero", value: "Masculino" }]), variation_attributes: ["Cor"], variations }
    expect((await refusal(hubClient.createProduct(configurable))).words).toBe('Atributo obrigatório "Tamanho" não informado na variação CAM-3-M para a categoria Camisetas')
    variations[1].specifications.push({ key: "Tamanho", value: "M" })
    await hubClient.createProduct(configurable)
    expect((await refusal(hubClient.addVariation("CAM-3", { sku: "CAM-3-G", qty: 1, specifications: [{ key: "Cor", value: "Preto" }] }))).words).toBe(
      'Atributo obrigatório "Tamanho" não informado na variação CAM-3-G para a categoria Camisetas'
    )

    const radio: HubProductInput = { sku: "RADIO-1", name: "Rádio", description: "Rádio AM/FM", price: 120, categories: [{ code: "2002", name: "Eletrônicos" }], specifications: [{ key: "Voltagem", value: "Bivolt" }] }
    expect((await refusal(hubClient.createProduct(radio))).words).toBe("EAN obrigatório para a categoria Eletrônicos: informe o EAN do produto")
    expect(await hubClient.createProduct({ ...radio, ean: "7891000000014" })).toMatchObject({ sku: "RADIO-1" })
  })

  it("serves a list a test puts in its place, until reset", async () => {
    hub.setCategories([{ id: 77, eanRequired: false, categoryData: { id: 77, name: "Canecas" }, attributes: [{ name: "Material", nameId: 9, value: null, valueId: null, required: true, variant: false }] }])
    const hubClient = client()
    expect((await hubClient.categories.all()).categories).toEqual([
      { id: "77", name: "Canecas", eanRequired: false, attributes: [{ nameId: "9", name: "Material", required: true, variant: false, values: [] }] },
    ])
    const mug: HubProductInput = { sku: "MUG-1", name: "Caneca", description: "Caneca", price: 30, categories: [{ code: "77", name: "Casa > Canecas" }] }
    expect((await refusal(hubClient.createProduct(mug))).words).toBe('Atributo obrigatório "Material" não informado para a categoria Canecas')
    // A category no longer listed asks nothing.
    expect(await hubClient.createProduct(camiseta("CAM-4", []))).toMatchObject({ sku: "CAM-4" })

    const control = await fetch(`${hub.url}/_sandbox/categories`, { method: "PUT", body: JSON.stringify([{ id: "1", eanRequired: "no" }]) })
    expect(control.status).toBe(422)
    expect(((await control.json()) as { error: string }).error).toMatch(/^categories\.0\./)
    hub.reset()
    expect(hub.categories()).toEqual(DEFAULT_SANDBOX_CATEGORIES)
  })
})
