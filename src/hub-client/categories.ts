/*
 * The marketplace's categories read from the category service (category-schemas.ts has their words):
 * a page at a time, or the whole list, through the account's transport to that service.
 */
import { HubInvalidRequestError, HubNotSentError } from "./errors"
import { CATEGORY_MAX_PAGES, CATEGORY_PAGE_LIMIT, categoryPageSchema, type HubCategoryList, type HubCategoryPage, type HubMarketplaceCategory } from "./category-schemas"
import type { HubTransport } from "./transport"

const ENDPOINT = "GET /categories"

export class HubCategories {
  /** `transport`: the account's transport to the category service; none when `categoryServiceUrl` is not set. */
  constructor(private readonly transport: HubTransport | undefined) {}

  /** One page: `limit` categories (1 to 10, default 10) from `offset` (from 0). */
  async page({ limit = CATEGORY_PAGE_LIMIT, offset = 0 }: { limit?: number; offset?: number } = {}): Promise<HubCategoryPage> {
    const transport = this.service()
    if (!Number.isInteger(limit) || limit < 1 || limit > CATEGORY_PAGE_LIMIT || !Number.isInteger(offset) || offset < 0) {
      throw new HubInvalidRequestError(ENDPOINT, `limit must be a whole number from 1 to ${CATEGORY_PAGE_LIMIT} and offset one from 0`)
    }
    const query = new URLSearchParams({ limit: String(limit), offset: String(offset) })
    return transport.send({ method: "GET", path: "/categories", endpoint: ENDPOINT, query, response: categoryPageSchema })
  }

  /**
   * Every category, a page of 10 at a time: offsets 0, 10, 20, ... while below the `total` the service
   * counts (the smallest it gave, should the list shrink meanwhile), ending early on a short or empty
   * page, and at `maxPages`. A page whose categories were all read already (a service that ignores
   * `offset`) ends it too. Both of those leave `complete` false: what was not read is not known absent.
   */
  async all({ maxPages = CATEGORY_MAX_PAGES }: { maxPages?: number } = {}): Promise<HubCategoryList> {
    this.service()
    if (!Number.isInteger(maxPages) || maxPages < 1) throw new HubInvalidRequestError(ENDPOINT, "maxPages must be a whole number from 1")
    const byId = new Map<string, HubMarketplaceCategory>()
    const invalid: string[] = []
    let total = Infinity
    const list = (complete: boolean): HubCategoryList => ({ total: Number.isFinite(total) ? total : byId.size, categories: [...byId.values()], invalid, complete })
    for (let read = 0, offset = 0; offset < total; read++, offset += CATEGORY_PAGE_LIMIT) {
      if (read === maxPages) return list(false)
      const page = await this.page({ limit: CATEGORY_PAGE_LIMIT, offset })
      total = Math.min(total, page.total)
      const fresh = page.categories.filter((category) => !byId.has(category.id))
      for (const category of fresh) byId.set(category.id, category)
      invalid.push(...page.invalid)
      if (page.categories.length + page.invalid.length < CATEGORY_PAGE_LIMIT) return list(true)
      if (page.categories.length && !fresh.length) return list(false)
    }
    return list(true)
  }

  private service(): HubTransport {
    if (!this.transport) {
      throw new HubNotSentError(
        ENDPOINT,
        "the marketplace's categories are served by the category service, at its own address: set the option `categoryServiceUrl` (configured for the account, as `baseUrl` is)"
      )
    }
    return this.transport
  }
}
