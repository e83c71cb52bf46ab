/*
 * The category service beside the hub, as the sandbox plays it (docs/hub-public-facts.md, Categories and
 * attributes): the marketplace's categories with their attributes, at `GET /category-service/categories`,
 * paged with `limit` (at most 10) and `offset`, answering `{"total", "values"}` in the record's shape: an
 * attribute with listed values is an entry per value (same `nameId`, its own `value` and `valueId`); a
 * free-text one, one entry with no value. Behind the hub's credentials and rate limits like every hub
 * route (server.ts). Its own reading of the record, apart from the plugin's (src/hub-client/categories.ts).
 * A default list (two categories that ask for attributes, 21 plain ones: 23, three pages) until a test
 * replaces it (`PUT /_sandbox/categories`); products named in one are reviewed by category-review.ts.
 */
import { z } from "zod"
import { parseOrThrow, SandboxHubError } from "./errors"
import { allowOnlyParams, readInteger, type Route } from "./http"
import { clone } from "./records"

/** The most a page holds. */
export const SANDBOX_CATEGORY_PAGE_LIMIT = 10

const id = (field: string) => z.union([z.string().trim().min(1, `${field} must not be empty`), z.number().int()], `${field} must be a string or a whole number`)
const text = (field: string) => z.string(`${field} must be a string`).trim().min(1, `${field} must not be empty`)
const flag = (field: string) => z.boolean(`${field} must be true or false`)

/** Fields beyond the record's ("...") are kept and served as given. */
const attributeSchema = z.looseObject({
  name: text("name"),
  nameId: id("nameId"),
  value: z.string("value must be a string").nullable().optional(),
  valueId: id("valueId").nullable().optional(),
  required: flag("required"),
  variant: flag("variant"),
})

const categorySchema = z.looseObject({
  id: id("id"),
  eanRequired: flag("eanRequired"),
  categoryData: z.looseObject({ id: id("categoryData.id"), name: text("categoryData.name") }),
  attributes: z.array(attributeSchema, "attributes must be a list"),
})

/** `PUT /_sandbox/categories`: the whole list, each category once. */
const categoryListSchema = z
  .array(categorySchema, "the body must be the list of categories, in the service's shape")
  .max(10_000, "at most 10000 categories")
  .refine((list) => new Set(list.map((category) => String(category.id))).size === list.length, "each category id once")

/** A category as the service serves it. */
export type SandboxCategory = z.infer<typeof categorySchema>
export type SandboxCategoryInput = z.input<typeof categorySchema>
type SandboxCategoryAttribute = SandboxCategory["attributes"][number]

/** An attribute whose values are listed: one entry a value. */
const listed = (name: string, nameId: string, required: boolean, variant: boolean, values: string[]): SandboxCategoryAttribute[] =>
  values.map((value, index) => ({ name, nameId, value, valueId: `${nameId}-${index + 1}`, required, variant }))

/** A free-text attribute: one entry, no value. */
const freeText = (name: string, nameId: string, required: boolean, variant: boolean): SandboxCategoryAttribute[] => [{ name, nameId, value: null, valueId: null, required, variant }]

const category = (categoryId: string, name: string, eanRequired: boolean, attributes: SandboxCategoryAttribute[] = []): SandboxCategory => ({
  id: categoryId,
  eanRequired,
  categoryData: { id: categoryId, name },
  attributes,
})

const PLAIN_CATEGORIES = [
  "Livros", "Brinquedos", "Calçados", "Bolsas", "Relógios", "Óculos", "Perfumes", "Maquiagem", "Cama, Mesa e Banho", "Decoração",
  "Utilidades Domésticas", "Ferramentas", "Jardim", "Papelaria", "Pet Shop", "Esporte e Lazer", "Bebês", "Alimentos", "Bebidas", "Instrumentos Musicais",
]

/** The list the sandbox starts with, and goes back to on reset. */
export const DEFAULT_SANDBOX_CATEGORIES: readonly SandboxCategory[] = [
  category("1001", "Camisetas", false, [
    ...listed("Gênero", "gen", true, false, ["Masculino", "Feminino", "Unissex"]),
    ...freeText("Tamanho", "tam", true, true),
    ...freeText("Estampa", "est", false, false),
  ]),
  category("2002", "Eletrônicos", true, listed("Voltagem", "volt", true, false, ["110V", "220V", "Bivolt"])),
  // Plain: nothing required (one optional attribute whose values are listed).
  category("3001", "Canecas", false, listed("Material", "mat", false, false, ["Cerâmica", "Porcelana", "Vidro"])),
  ...PLAIN_CATEGORIES.map((name, index) => category(String(3002 + index), name, false)),
]

export class SandboxCategoryService {
  private list: SandboxCategory[] = clone([...DEFAULT_SANDBOX_CATEGORIES])

  reset(): void {
    this.list = clone([...DEFAULT_SANDBOX_CATEGORIES])
  }

  /** Replaces the whole list (a 422 naming the bad field changes nothing); answers it as stored. */
  replace(input: unknown): SandboxCategory[] {
    this.list = parseOrThrow(categoryListSchema, input, { prefix: "categories" })
    return this.all()
  }

  all(): SandboxCategory[] {
    return clone(this.list)
  }

  /** The category whose id a product's `categories[].code` names. */
  byId(code: string): SandboxCategory | undefined {
    return this.list.find((entry) => String(entry.id) === code)
  }

  page(limit: number, offset: number): { total: number; values: SandboxCategory[] } {
    return { total: this.list.length, values: clone(this.list.slice(offset, offset + limit)) }
  }
}

/** `GET /category-service/categories?limit=&offset=`: a 400 in the hub's words for a limit above 10. */
export function categoryServiceRoutes(service: SandboxCategoryService): Route[] {
  return [
    {
      method: "GET",
      path: "/category-service/categories",
      handle: ({ query }) => {
        allowOnlyParams(query, ["limit", "offset"])
        const limit = readInteger(query, "limit") ?? SANDBOX_CATEGORY_PAGE_LIMIT
        const offset = readInteger(query, "offset") ?? 0
        if (limit < 1 || limit > SANDBOX_CATEGORY_PAGE_LIMIT) throw new SandboxHubError(400, `O parâmetro limit deve estar entre 1 e ${SANDBOX_CATEGORY_PAGE_LIMIT}`)
        if (offset < 0) throw new SandboxHubError(400, "O parâmetro offset não pode ser negativo")
        return { status: 200, body: service.page(limit, offset) }
      },
    },
  ]
}
