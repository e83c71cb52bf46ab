/*
 * The hub's paths for one order or product, as the client (client.ts) sends them: each code or SKU
 * encoded as one path segment, a SKU that cannot name a product refused before sending; and what a
 * product write changes, for the transport's memory of refusals (transport.ts).
 * The products listing's `next` link, followed only on the configured hub, is one of them.
 */
import { rateLimitBucketOf } from "./endpoints"
import { HubInvalidRequestError, HubNotSentError } from "./errors"
import { skuPathProblem } from "./product-schemas"

export function orderPath(code: string): string {
  return `/orders/${encodeURIComponent(code)}`
}

export function productPath(endpoint: string, sku: string): string {
  return `/products/${skuSegment(endpoint, sku)}`
}

/**
 * A SKU as the `{sku}` segment of a product or variation path, refused before sending when it cannot
 * name one: empty (`/products/` is the listing), `.` or `..` (the listing again, or the hub's root, once
 * the URL is resolved), or with spaces around it (never a hub SKU: the product read or changed would
 * not be the one meant). Encoding cannot help: `.` and `..` are left as they are.
 */
export function skuSegment(endpoint: string, sku: string): string {
  const problem = skuPathProblem(sku)
  if (problem) throw new HubInvalidRequestError(endpoint, `sku: ${typeof sku === "string" ? JSON.stringify(sku.slice(0, 100)) : typeof sku} ${problem}`)
  return encodeURIComponent(sku)
}

/** What a product write changes (its creation or a PUT), for forgetting its refusals once one succeeds. */
export const productResource = (sku: string) => `product ${sku}`
export const variationResource = (sku: string) => `variation ${sku}`

/**
 * The products listing's `next` link as a path and query on the configured hub. Only a link on that
 * hub (same origin, under the base path, to the listing) is followed: the credentials go nowhere else.
 */
export function productsCursorPath(next: string, base: URL, basePath: string): { path: string; query: URLSearchParams } {
  let url: URL
  try {
    url = new URL(next, base)
  } catch {
    throw new HubNotSentError("GET /products", "the hub's `next` link is not a URL")
  }
  const relative = url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : undefined
  if (url.origin !== base.origin || relative === undefined || rateLimitBucketOf("GET", relative) !== "GET /products") {
    throw new HubNotSentError("GET /products", `the hub's \`next\` link points outside the configured hub (${url.origin}); it is not followed`)
  }
  return { path: relative, query: url.searchParams }
}
