/*
 * Reading a whole listing from the hub, one page held at a time (docs/hub-interface.md §4.1).
 * It depends only on the page readers it names in `HubPageReader`, never on the client, so the
 * walks can be read (and tested) apart from the request path; the client delegates to them.
 */
import { HUB_DAY_MS, HUB_INDEX_DEPTH, HUB_PAGE_SIZE } from "./endpoints"
import { HubDeepPagingError, HubIncompleteListingError, HubInvalidRequestError } from "./errors"
import type { ListedHubOrder } from "./listed-order"
import { HubProduct, HubProductList, OrderFilters, ProductFilters } from "./schemas"

export type Paged = { page?: number; perPage?: number }

/** The page reads a walk needs; the hub client provides them. */
export interface HubPageReader {
  listOrders(filters: OrderFilters, paging: Paged): Promise<{ total: number; orders: ListedHubOrder[] }>
  listProducts(filters: ProductFilters, paging: Paged): Promise<HubProductList>
  followProductsCursor(next: string): Promise<HubProductList>
}

/** A listing's `page` and `per_page`, refused before sending when the hub could not answer them. */
export function pageQuery(endpoint: string, { page = 1, perPage = HUB_PAGE_SIZE }: Paged): URLSearchParams {
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1 || perPage > HUB_PAGE_SIZE) {
    throw new HubInvalidRequestError(endpoint, `page must be a positive integer and per_page between 1 and ${HUB_PAGE_SIZE}`)
  }
  if (page * perPage > HUB_INDEX_DEPTH) {
    throw new HubDeepPagingError(endpoint, `not sent: page ${page} of ${perPage} lies past the hub's first ${HUB_INDEX_DEPTH} entries; narrow the filters`)
  }
  return new URLSearchParams({ page: String(page), per_page: String(perPage) })
}

/**
 * Every product matching `filters`: page 1, then each `next` link, holding one page at a time. The
 * walk stops where the hub's own answers say the listing is over, even while it still gives `next`:
 *
 * - The products read reach the `total` its first page announced (docs/hub-public-facts.md, Products:
 *   `{"products", "total", "next"}`): the walk ends, whole. Every product the hub counted has been
 *   read; a `next` past them is a cursor that does not know it ended (an endless one was followed for
 *   995 empty pages), and what it could still give the hub did not count, so the reads are not "in
 *   part". A product added while the walk went is read by the next walk, as it would be after a cursor
 *   that ended properly. A `total` below what the first page itself holds is not the listing's count
 *   and is not relied on.
 * - A `next` naming a cursor already followed (however the link is spelled): HubIncompleteListingError.
 *   The hub is looping over pages already read and the pages past the loop cannot be reached: the
 *   listing was read in part (had the total been reached, the walk would have ended above).
 * - `maxPages` pages read and a `next` still given: HubIncompleteListingError, the bound of a hub that
 *   announces no total and whose cursor never repeats.
 *
 * A product the schema sets aside (`setAside`: a null `qty`, no SKU) is handed to `onSetAside` with its
 * reason; the page and the walk go on.
 *
 * An incomplete walk is thrown, never ended quietly, so that a product not read is never taken for a
 * product gone.
 */
export async function* allProducts(
  reader: HubPageReader,
  filters: ProductFilters,
  maxPages = Infinity,
  onSetAside: (reasons: string[]) => void = () => {}
): AsyncGenerator<HubProduct> {
  let page = await reader.listProducts(filters, { page: 1, perPage: HUB_PAGE_SIZE })
  const announced = page.total !== undefined && page.total >= page.products.length ? page.total : undefined
  const followed = new Set<string>()
  let products = 0
  for (let read = 1; ; read++) {
    // A malformed product is set aside with its reason (schemas.ts); it still counts towards the total.
    if (page.setAside?.length) onSetAside(page.setAside)
    yield* page.products
    products += page.products.length + (page.setAside?.length ?? 0)
    if (!page.next) return
    if (announced !== undefined && products >= announced) return
    if (read >= maxPages) {
      throw new HubIncompleteListingError("GET /products", `the hub still gave a \`next\` link after ${read} pages (maxProductPages); the products past them were not read`)
    }
    const cursor = cursorKey(page.next)
    if (followed.has(cursor)) {
      throw new HubIncompleteListingError(
        "GET /products",
        `the hub's \`next\` link repeats a cursor already followed, after ${read} pages and ${products} products${announced === undefined ? "" : ` of the ${announced} it announced`}; the walk stopped`
      )
    }
    followed.add(cursor)
    page = await reader.followProductsCursor(page.next)
  }
}

/**
 * A `next` link as the page it names: its path and its query sorted, so the same cursor written
 * absolute or relative, its parameters in another order, is one cursor. The origin is left out: a
 * link off the configured hub is refused by the client before it is followed.
 */
function cursorKey(next: string): string {
  let url: URL
  try {
    url = new URL(next, "http://cursor.invalid")
  } catch {
    return next
  }
  const query = [...url.searchParams].sort(([a, x], [b, y]) => a.localeCompare(b) || x.localeCompare(y))
  return `${url.pathname}?${new URLSearchParams(query)}`
}

/**
 * Every order matching `filters`. The orders listing has no cursor and answers 400 past its
 * first 10,000 entries (docs/hub-interface.md §4.1), so a date range holding more is split in halves, by day,
 * until each part fits. A single day holding more than 10,000 matching orders cannot be split
 * further: its first 10,000 are yielded and the walk then throws, so the caller never takes an
 * incomplete read for a complete one.
 */
export async function* allOrders(
  reader: HubPageReader,
  { startDate, endDate, statuses }: OrderFilters & { startDate: Date }
): AsyncGenerator<ListedHubOrder> {
  const firstDay = dayNumber(startDate)
  // The hub's calendar day may run ahead of UTC: by default read one day past today.
  const lastDay = dayNumber(endDate ?? new Date(Date.now() + HUB_DAY_MS))
  if (lastDay < firstDay) return
  yield* ordersBetween(reader, statuses, firstDay, lastDay)
}

async function* ordersBetween(
  reader: HubPageReader,
  statuses: string[] | undefined,
  firstDay: number,
  lastDay: number
): AsyncGenerator<ListedHubOrder> {
  const filters = { statuses, startDate: dateOf(firstDay), endDate: dateOf(lastDay) }
  const first = await reader.listOrders(filters, { page: 1, perPage: HUB_PAGE_SIZE })
  if (first.total > HUB_INDEX_DEPTH && firstDay < lastDay) {
    const middle = Math.floor((firstDay + lastDay) / 2)
    yield* ordersBetween(reader, statuses, firstDay, middle)
    yield* ordersBetween(reader, statuses, middle + 1, lastDay)
    return
  }
  const pages = Math.min(Math.ceil(first.total / HUB_PAGE_SIZE), HUB_INDEX_DEPTH / HUB_PAGE_SIZE)
  yield* first.orders
  for (let page = 2; page <= pages; page++) {
    const { orders } = await reader.listOrders(filters, { page, perPage: HUB_PAGE_SIZE })
    yield* orders
    // The listing shrank while it was read (orders left the filter): the rest is on the next run.
    if (orders.length < HUB_PAGE_SIZE) break
  }
  if (first.total > HUB_INDEX_DEPTH) {
    throw new HubDeepPagingError(
      "GET /orders",
      `${first.total} orders match on ${filters.startDate.toISOString().slice(0, 10)}, more than the ${HUB_INDEX_DEPTH} the hub lets a filter reach; the first ${HUB_INDEX_DEPTH} were read`
    )
  }
}

function dayNumber(date: Date): number {
  return Math.floor(date.getTime() / HUB_DAY_MS)
}

function dateOf(day: number): Date {
  return new Date(day * HUB_DAY_MS)
}

/** The hub filters order dates by day, as DD/MM/YYYY. */
export function hubDate(date: Date): string {
  const day = String(date.getUTCDate()).padStart(2, "0")
  const month = String(date.getUTCMonth() + 1).padStart(2, "0")
  return `${day}/${month}/${date.getUTCFullYear()}`
}
