/*
 * What a marketplace refused after the hub took it, read and cleared through the account's transport
 * (sync-error-schemas.ts has the hub's words for it): a page, every page, the glossary, the clearing.
 */
import { HUB_PAGE_SIZE } from "./endpoints"
import { pageQuery } from "./paging"
import { glossaryKey, SYNC_ERROR_MAX_PAGES, syncErrorCategoriesSchema, syncErrorListingSchema, type HubSyncError, type SyncErrorEntity, type SyncErrorGlossary } from "./sync-error-schemas"
import type { HubTransport } from "./transport"

export class HubSyncErrors {
  constructor(private readonly transport: HubTransport) {}

  /** One page (1-based) of what the marketplaces refuse of the account's `entity` (products or orders). */
  async page(entity: SyncErrorEntity, page: number): Promise<{ errors: HubSyncError[]; invalid: string[] }> {
    const endpoint = `GET /sync_errors/${entity}`
    const query = pageQuery(endpoint, { page, perPage: HUB_PAGE_SIZE })
    return this.transport.send({ method: "GET", path: `/sync_errors/${entity}`, endpoint, query, response: syncErrorListingSchema })
  }

  /**
   * Every page, one held at a time: ends on a page shorter than a full one, on a page whose entries
   * were all read already (a hub that answers the whole list whatever the page), or at `maxPages`
   * (`complete` false then: what was not read is never taken for an error gone).
   */
  async *all(entity: SyncErrorEntity, maxPages = SYNC_ERROR_MAX_PAGES): AsyncGenerator<{ errors: HubSyncError[]; invalid: string[] }, { complete: boolean }> {
    const seen = new Set<string>()
    for (let page = 1; page <= maxPages; page++) {
      const answer = await this.page(entity, page)
      const fresh = answer.errors.filter((error) => {
        const key = `${error.entityId}\u0000${glossaryKey(error.errorCategoryCode, error.errorCode)}`
        if (seen.has(key)) return false
        seen.add(key)
        return true
      })
      if (answer.errors.length && !fresh.length) return { complete: true }
      yield { errors: fresh, invalid: answer.invalid }
      if (answer.errors.length + answer.invalid.length < HUB_PAGE_SIZE) return { complete: true }
    }
    return { complete: false }
  }

  /** The hub's name and solution for each error code, by category (`GET /sync_errors/categories`). */
  async glossary(): Promise<SyncErrorGlossary> {
    const categories = await this.transport.send({ method: "GET", path: "/sync_errors/categories", endpoint: "GET /sync_errors/categories", response: syncErrorCategoriesSchema })
    const glossary: SyncErrorGlossary = new Map()
    for (const category of categories) {
      for (const type of category.error_types) glossary.set(glossaryKey(category.code, type.code), { name: type.name ?? null, solution: type.solution ?? null })
    }
    return glossary
  }

  /**
   * Tells the hub these errors are fixed (`PATCH /sync_errors/{entity}`, the body the record shows). Safe
   * to send again: clearing a cleared error changes nothing; an error the marketplace finds again is
   * listed again.
   */
  async clear(entity: SyncErrorEntity, errors: Array<Pick<HubSyncError, "entityId" | "errorCategoryCode" | "errorCode">>): Promise<void> {
    if (!errors.length) return
    await this.transport.send({
      method: "PATCH",
      path: `/sync_errors/${entity}`,
      endpoint: `PATCH /sync_errors/${entity}`,
      body: { errors: errors.map((error) => ({ entity_id: error.entityId, error_category_code: error.errorCategoryCode, error_code: error.errorCode })) },
      response: null,
    })
  }
}
