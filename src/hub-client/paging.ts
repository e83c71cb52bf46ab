import type { HubClient } from "./client"
import { describeIssues, HubDeepPagingError } from "./errors"
import { HubOrder, hubOrderSchema, HubProduct, OrderFilters, ProductFilters } from "./schemas"

export type ListedHubOrder = { code: string } & Record<string, unknown>

const PER_PAGE = 100
const INDEX_DEPTH = 10_000
const DAY_MS = 86_400_000

/** Every product matching `filters`: page 1, then each `next` link, holding one page at a time. */
export async function* allProducts(client: HubClient, filters: ProductFilters): AsyncGenerator<HubProduct> {
  let page = await client.listProducts(filters, { page: 1, perPage: PER_PAGE })
  const followed = new Set<string>()
  for (;;) {
    yield* page.products
    if (!page.next) return
    // A hub that hands back a link already followed would otherwise loop for ever.
    if (followed.has(page.next)) {
      throw new HubDeepPagingError("GET /products", "the hub's `next` link repeats a page already read; the walk stopped")
    }
    followed.add(page.next)
    page = await client.followProductsCursor(page.next)
  }
}

/**
 * Every order matching `filters`. The orders listing has no cursor and answers 400 past its
 * first 10,000 entries (docs/hub-interface.md §4.1), so a date range holding more is split in halves, by day,
 * until each part fits. A single day holding more than 10,000 matching orders cannot be split
 * further: its first 10,000 are yielded and the walk then throws, so the caller never takes an
 * incomplete read for a complete one.
 */
export async function* allOrders(
  client: HubClient,
  { startDate, endDate, statuses }: OrderFilters & { startDate: Date }
): AsyncGenerator<ListedHubOrder> {
  const firstDay = dayNumber(startDate)
  // The hub's calendar day may run ahead of UTC: by default read one day past today.
  const lastDay = dayNumber(endDate ?? new Date(Date.now() + DAY_MS))
  if (lastDay < firstDay) return
  yield* ordersBetween(client, statuses, firstDay, lastDay)
}

async function* ordersBetween(
  client: HubClient,
  statuses: string[] | undefined,
  firstDay: number,
  lastDay: number
): AsyncGenerator<ListedHubOrder> {
  const filters = { statuses, startDate: dateOf(firstDay), endDate: dateOf(lastDay) }
  const first = await client.listOrders(filters, { page: 1, perPage: PER_PAGE })
  if (first.total > INDEX_DEPTH && firstDay < lastDay) {
    const middle = Math.floor((firstDay + lastDay) / 2)
    yield* ordersBetween(client, statuses, firstDay, middle)
    yield* ordersBetween(client, statuses, middle + 1, lastDay)
    return
  }
  const pages = Math.min(Math.ceil(first.total / PER_PAGE), INDEX_DEPTH / PER_PAGE)
  yield* first.orders
  for (let page = 2; page <= pages; page++) {
    const { orders } = await client.listOrders(filters, { page, perPage: PER_PAGE })
    yield* orders
    // The listing shrank while it was read (orders left the filter): the rest is on the next run.
    if (orders.length < PER_PAGE) break
  }
  if (first.total > INDEX_DEPTH) {
    throw new HubDeepPagingError(
      "GET /orders",
      `${first.total} orders match on ${filters.startDate.toISOString().slice(0, 10)}, more than the ${INDEX_DEPTH} the hub lets a filter reach; the first ${INDEX_DEPTH} were read`
    )
  }
}

export type ParsedHubOrder = { ok: true; hubOrder: HubOrder } | { ok: false; code: string; reason: string }

/** Validates one listed order on its own: a malformed order is set aside with its reason. */
export function parseHubOrder(listed: ListedHubOrder): ParsedHubOrder {
  const parsed = hubOrderSchema.safeParse(listed)
  return parsed.success
    ? { ok: true, hubOrder: parsed.data }
    : { ok: false, code: listed.code, reason: describeIssues(parsed.error.issues) }
}

function dayNumber(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS)
}

function dateOf(day: number): Date {
  return new Date(day * DAY_MS)
}
