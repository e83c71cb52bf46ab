import { CATEGORY_PAGE_LIMIT } from "../category-schemas"
import { HubCategories } from "../categories"
import { HubClient } from "../client"
import type { HubCall } from "../hub-call"
import type { HubTransport } from "../transport"

/*
 * The category service's answers read through HubCategories with a transport that hands each call's
 * schema a canned body (the HTTP path: integration-tests/hub/categories.spec.ts).
 */

/** A transport answering each page from `answer(offset)`, and the calls it was given. */
function serving(answer: (offset: number, limit: number) => unknown) {
  const calls: Array<{ path: string; query: string }> = []
  const transport = {
    send: async (call: HubCall<unknown>) => {
      calls.push({ path: call.path, query: String(call.query) })
      const body = answer(Number(call.query?.get("offset")), Number(call.query?.get("limit")))
      const parsed = call.response!.safeParse(body)
      if (!parsed.success) throw new Error(`invalid answer: ${parsed.error.message}`)
      return parsed.data
    },
  }
  return { categories: new HubCategories(transport as unknown as HubTransport), calls }
}

const attribute = (fields: Record<string, unknown>) => ({ value: null, valueId: null, required: false, variant: false, ...fields })

describe("the category service's answers", () => {
  it("takes ids given as numbers as strings, and groups an attribute's values listed one entry each", async () => {
    const { categories, calls } = serving(() => ({
      total: 1,
      values: [
        {
          id: 1001,
          eanRequired: false,
          categoryData: { id: 1001, name: "Camisetas", parentId: 10 },
          attributes: [
            attribute({ name: "Gênero", nameId: 7, value: "Masculino", valueId: 71, required: true }),
            attribute({ name: "Gênero", nameId: 7, value: "Feminino", valueId: 72, required: true }),
            attribute({ name: "Gênero", nameId: 7, value: "Feminino", valueId: 72, required: true }),
            attribute({ name: "Tamanho", nameId: "tam", value: "", required: true, variant: true }),
            { name: "Estampa", nameId: "est" },
          ],
        },
      ],
    }))
    expect(await categories.page()).toEqual({
      total: 1,
      invalid: [],
      categories: [
        {
          id: "1001",
          name: "Camisetas",
          eanRequired: false,
          attributes: [
            { nameId: "7", name: "Gênero", required: true, variant: false, values: ["Masculino", "Feminino"] },
            { nameId: "tam", name: "Tamanho", required: true, variant: true, values: [] },
            { nameId: "est", name: "Estampa", required: false, variant: false, values: [] },
          ],
        },
      ],
    })
    expect(calls).toEqual([{ path: "/categories", query: "limit=10&offset=0" }])
  })

  it("sets a category that does not fit aside with its reason, never failing the page", async () => {
    const { categories } = serving(() => ({
      total: "3",
      values: [
        { id: "2002", eanRequired: true, categoryData: { name: "Eletrônicos" }, attributes: [attribute({ name: "Voltagem", nameId: "volt", value: "110V", required: true })] },
        { id: "3003", eanRequired: "sim", categoryData: { name: "Livros" }, attributes: [] },
        { categoryData: { name: "Sem id" }, attributes: [attribute({ nameId: "x" })] },
      ],
    }))
    const page = await categories.page({ limit: 3, offset: 0 })
    expect(page.total).toBe(3)
    expect(page.categories.map((category) => [category.id, category.eanRequired, category.attributes[0]?.values])).toEqual([["2002", true, ["110V"]]])
    expect(page.invalid).toEqual([expect.stringMatching(/^category 3003: eanRequired: /), expect.stringMatching(/^values\.2: id: .*; attributes\.0\.name: /)])
  })

  it("refuses before sending a limit above 10 or a negative offset, and without the service's address, names the option", async () => {
    const { categories, calls } = serving(() => ({ total: 0, values: [] }))
    await expect(categories.page({ limit: 11 })).rejects.toThrow("limit must be a whole number from 1 to 10")
    await expect(categories.page({ offset: -1 })).rejects.toThrow("Not sent")
    expect(calls).toEqual([])

    const client = new HubClient({ baseUrl: "https://api.hub.example/v3", userEmail: "a@b.example", apiKey: "k", accountManagerKey: "m" })
    await expect(client.categories.all()).rejects.toThrow("categoryServiceUrl")
    await client.close()
    expect(() => new HubClient({ baseUrl: "https://api.hub.example/v3", categoryServiceUrl: "http://categories.example", userEmail: "a@b.example", apiKey: "k", accountManagerKey: "m" })).toThrow(
      "categoryServiceUrl: must use https"
    )
    expect(() => new HubClient({ baseUrl: "https://api.hub.example/v3", categoryServiceUrl: "categories", userEmail: "a@b.example", apiKey: "k", accountManagerKey: "m" })).toThrow(
      "categoryServiceUrl: must be an absolute URL"
    )
  })
})

describe("all categories", () => {
  const listOf = (total: number) => Array.from({ length: total }, (_, index) => ({ id: String(index + 1), eanRequired: false, categoryData: { name: `Categoria ${index + 1}` }, attributes: [] }))

  it("walks the offsets up to the total: 23 in 3 pages, 20 in 2 (never a page past the total)", async () => {
    for (const [total, pages] of [[23, 3], [20, 2], [0, 1]]) {
      const list = listOf(total)
      const { categories, calls } = serving((offset, limit) => ({ total, values: list.slice(offset, offset + limit) }))
      const read = await categories.all()
      expect(read).toMatchObject({ total, complete: true, invalid: [] })
      expect(read.categories.map((category) => category.id)).toEqual(list.map((category) => category.id))
      expect(calls.map((call) => call.query)).toEqual(Array.from({ length: pages }, (_, page) => `limit=${CATEGORY_PAGE_LIMIT}&offset=${page * CATEGORY_PAGE_LIMIT}`))
    }
  })

  it("ends on a short page, stops at maxPages, and at a service that answers the same page whatever the offset", async () => {
    const list = listOf(15)
    const short = serving((offset, limit) => ({ total: 50, values: list.slice(offset, offset + limit) }))
    expect(await short.categories.all()).toMatchObject({ complete: true, categories: expect.arrayContaining([expect.objectContaining({ id: "15" })]) })
    expect(short.calls).toHaveLength(2)

    const endless = serving((offset, limit) => ({ total: 1_000_000, values: listOf(offset + limit).slice(offset) }))
    const bounded = await endless.categories.all({ maxPages: 4 })
    expect(bounded).toMatchObject({ complete: false, total: 1_000_000 })
    expect(bounded.categories).toHaveLength(40)
    expect(endless.calls).toHaveLength(4)

    const stuck = serving(() => ({ total: 100, values: list.slice(0, 10) }))
    expect(await stuck.categories.all()).toMatchObject({ complete: false })
    expect(stuck.calls).toHaveLength(2)
  })
})
