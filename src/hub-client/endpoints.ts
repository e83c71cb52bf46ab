/*
 * How the hub counts requests (docs/hub-public-facts.md): per store credential, per resource and
 * per HTTP method, with the order GETs split into the listing and the single order. The client
 * throttles with these buckets and the sandbox hub counts with them, so both agree.
 */

export type RateLimit = { limit: number; windowMs: number }

const DEFAULT_RATE_LIMIT: RateLimit = { limit: 1, windowMs: 1000 }

/** Published figures of one hub with this interface; every one is configurable. */
export const DEFAULT_RATE_LIMITS: Record<string, RateLimit> = {
  "GET /products": { limit: 9, windowMs: 1000 },
  "PUT /products": { limit: 9, windowMs: 1000 },
  "POST /products": { limit: 9, windowMs: 1000 },
  "DELETE /products": { limit: 9, windowMs: 1000 },
  // Not published: a configurable product's children are product data, so they are counted like products.
  "PUT /variations": { limit: 9, windowMs: 1000 },
  "GET /variations": { limit: 9, windowMs: 1000 },
  "POST /orders": { limit: 9, windowMs: 1000 },
  "PUT /orders": { limit: 9, windowMs: 1000 },
  "DELETE /orders": { limit: 9, windowMs: 1000 },
  "GET /orders": { limit: 1, windowMs: 1000 },
  "GET /orders/{code}": { limit: 1, windowMs: 1000 },
  "GET /statuses": { limit: 1, windowMs: 1000 },
  // After-sale (docs/hub-public-facts.md): SAC 9/s per method, every /sac path in its method's bucket.
  "GET /sac": { limit: 9, windowMs: 1000 },
  "POST /sac": { limit: 9, windowMs: 1000 },
  "PUT /sac": { limit: 9, windowMs: 1000 },
  "PATCH /sac": { limit: 9, windowMs: 1000 },
  // Warehouses (docs/hub-public-facts.md, Stock per warehouse): stores GET 1/s, POST and PUT 9/s.
  "GET /stores": { limit: 1, windowMs: 1000 },
  "POST /stores": { limit: 9, windowMs: 1000 },
  "PUT /stores": { limit: 9, windowMs: 1000 },
}

/** `method` and a path relative to the hub's base URL (`/orders/X-1/invoice`) -> its bucket. */
export function rateLimitBucketOf(method: string, path: string): string {
  const segments = path.split("?")[0].split("/").filter(Boolean)
  const resource = segments[0] ?? ""
  const verb = method.toUpperCase()
  if (resource === "orders" && verb === "GET") {
    return segments.length > 1 ? "GET /orders/{code}" : "GET /orders"
  }
  return `${verb} /${resource}`
}

export function rateLimitOf(bucket: string, limits: Record<string, RateLimit>): RateLimit {
  return limits[bucket] ?? limits.default ?? DEFAULT_RATE_LIMIT
}

/** Every bucket (and `default`) at one limit: for a sandbox or a bench where limits are not the point. */
export function uniformRateLimits(limit: number, windowMs = 1000): Record<string, RateLimit> {
  return Object.fromEntries([...Object.keys(DEFAULT_RATE_LIMITS), "default"].map((bucket) => [bucket, { limit, windowMs }]))
}

/** Records per page of a listing: the default and the maximum (docs/hub-interface.md §4.1, §8). */
export const HUB_PAGE_SIZE = 100

/** Index entries a listing page may lie within; past them the hub answers 400 (docs/hub-interface.md §4.1 rule 1). */
export const HUB_INDEX_DEPTH = 10_000

/** The orders listing filters by calendar day (docs/hub-public-facts.md, Orders): the unit a date range is split by. */
export const HUB_DAY_MS = 86_400_000
