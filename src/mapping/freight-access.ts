import { createHash, timingSafeEqual } from "node:crypto"
import { BlockList, isIP } from "node:net"
import { z } from "zod"

/*
 * Who may ask for a freight quote (docs/freight.md, *Who may call*): the caller's address, read from
 * the socket unless the account names the proxies in front of the store, against the account's
 * allowlist; and the token, compared in constant time. Pure: no Medusa, no I/O.
 */

/** An IPv4-mapped IPv6 address ("::ffff:1.2.3.4") as the IPv4 address it is. */
const plain = (address: string): string => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "")

/** An address or CIDR range ("200.10.0.0/16", "2001:db8::/32"), or null when it is not one: node's reading, leading zeros refused. */
function rangeOf(entry: string): { network: string; prefix: number; type: "ipv4" | "ipv6" } | null {
  const [network, bits, extra] = entry.split("/")
  const version = isIP(network ?? "")
  if (!version || extra !== undefined) return null
  const max = version === 4 ? 32 : 128
  if (bits !== undefined && !/^\d{1,3}$/.test(bits)) return null
  const prefix = bits === undefined ? max : Number(bits)
  if (prefix > max) return null
  return { network, prefix, type: version === 4 ? "ipv4" : "ipv6" }
}

/** An option's list of addresses and CIDR ranges, each checked at boot: a bad one stops it, named by its place. */
const addressList = (option: string) =>
  z
    .array(z.string({ error: `${option} must hold IP addresses or CIDR ranges` }).refine((entry) => rangeOf(entry) !== null, `${option}: not an IP address or CIDR range (such as 200.10.0.0/16)`))
    .default([])

/**
 * The account's door options (docs/options.md, *Freight quotes*). Medusa's Express trusts one proxy
 * hop and offers no setting, so `req.ip` is whatever a caller writes in X-Forwarded-For wherever no
 * proxy overwrites it: the caller's address is the socket's unless `trustedProxies` or `proxyHops` says
 * which proxies stand in front of the store.
 */
export const freightAccessSchema = {
  /** The caller's addresses (IPv4 or IPv6, single or CIDR); empty: any caller with the token. */
  allowlist: addressList("freight.allowlist"),
  /** The proxies in front of the store (CIDRs): the caller is the nearest X-Forwarded-For address not among them. */
  trustedProxies: addressList("freight.trustedProxies"),
  /** Or how many proxies stand in front of the store (each appends to X-Forwarded-For): the caller is the address the outermost saw. */
  proxyHops: z.number({ error: "freight.proxyHops must be a whole number" }).int("freight.proxyHops must be a whole number").min(1, "freight.proxyHops must be at least 1").max(10, "freight.proxyHops must be at most 10").optional(),
}
export type FreightAccess = { allowlist: string[]; trustedProxies: string[]; proxyHops?: number }

/** A list of addresses and ranges as node's BlockList, built once (the entries were checked at boot). */
export function blockListOf(entries: string[]): BlockList {
  const list = new BlockList()
  for (const entry of entries) {
    const range = rangeOf(entry)
    if (range) list.addSubnet(range.network, range.prefix, range.type)
  }
  return list
}

const holds = (list: BlockList, address: string): boolean => {
  const version = isIP(address)
  return version !== 0 && list.check(address, version === 4 ? "ipv4" : "ipv6")
}

/**
 * The caller's address: the socket's; behind `trustedProxies`, the nearest X-Forwarded-For entry that
 * is not one of them (walking from the socket); behind `proxyHops` proxies, the address the outermost
 * saw. Null when there is none to read.
 */
export function callerAddress(socket: string | undefined, forwardedFor: string | string[] | undefined, access: Pick<FreightAccess, "proxyHops"> & { trusted?: BlockList }): string | null {
  if (!socket) return null
  const chain = [...[forwardedFor ?? []].flat().flatMap((header) => header.split(",")).map(plain).filter(Boolean), plain(socket)]
  if (access.proxyHops) return chain[Math.max(0, chain.length - 1 - access.proxyHops)]
  let index = chain.length - 1
  if (access.trusted) while (index > 0 && holds(access.trusted, chain[index])) index--
  return chain[index]
}

/** Whether the caller's address is in the account's allowlist; an empty one allows any; no address is refused. */
export function allowed(allowlist: BlockList | null, address: string | null): boolean {
  if (!allowlist) return true
  return !!address && holds(allowlist, address)
}

const digest = (text: string) => createHash("sha256").update(text).digest()
/** The kept tokens' digests: a token changes at a rotation, so a quote hashes the given one alone. */
const keptDigests = new Map<string, Buffer>()

/** Constant time whatever the lengths: both sides hashed first. */
export function sameToken(given: string, kept: string): boolean {
  let keptDigest = keptDigests.get(kept)
  if (!keptDigest) {
    if (keptDigests.size >= 100) keptDigests.clear()
    keptDigests.set(kept, (keptDigest = digest(kept)))
  }
  return timingSafeEqual(digest(given), keptDigest)
}

/** The token a request carries: in the URL's path, else the `x-hub-freight-token` header, else `Authorization: Bearer`. */
export function tokenOf(pathToken: string | undefined, headers: Record<string, string | string[] | undefined>): string {
  if (pathToken) return pathToken
  const header = headers["x-hub-freight-token"]
  if (typeof header === "string" && header) return header.trim()
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(String(headers.authorization ?? ""))
  return bearer?.[1] ?? ""
}

/** The quote call a path names: /hub/freight/{account}[/{token}]/{legacy|partner}, a trailing slash allowed, any query; null for any other. */
export function freightCallOf(originalUrl: string): { account: string; token?: string; contract: "legacy" | "partner" } | null {
  const [path] = originalUrl.split("?")
  const match = /^\/hub\/freight\/([^/]+)\/(?:([^/]+)\/)?(legacy|partner)\/?$/.exec(path)
  if (!match) return null
  const [account, token] = [match[1], match[2]].map((part) => (part === undefined ? undefined : safeDecode(part)))
  if (account === undefined || account === null || token === null) return null
  return { account, ...(token === undefined ? {} : { token }), contract: match[3] as "legacy" | "partner" }
}

/** A path segment decoded as Express decodes its params; null when it is not valid percent-encoding (a missing route). */
function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

/** A freight route's path as the logs may show it: the token segment (any but the contract after the account) replaced, no query. */
export function loggablePath(originalUrl: string): string {
  const [path] = originalUrl.split("?")
  const parts = path.split("/")
  // ["", "hub", "freight", account, token | contract, contract?, ...]
  if (parts.length > 4 && !(parts.length === 5 && (parts[4] === "partner" || parts[4] === "legacy"))) parts[4] = "[token]"
  return parts.map((part, index) => (index > 4 ? part.slice(0, 40) : part)).join("/")
}

/** SKUs for a log line: each as a JSON string (control characters escaped), cut at 60 characters, at most 10 named. */
export function skusForLog(skus: string[], shown = 10): string {
  const named = skus.slice(0, shown).map((sku) => JSON.stringify(sku.length > 60 ? `${sku.slice(0, 60)}…` : sku))
  return `${named.join(", ")}${skus.length > shown ? ` and ${skus.length - shown} more` : ""}`
}

/**
 * A fulfillment provider's error for a log line: its text may quote the destination (a CEP, an
 * address), so digits are masked, control characters dropped and the text cut.
 */
export function providerErrorText(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message
  const text = (typeof message === "string" ? message : String(error)).replace(/\p{Cc}+/gu, " ").replace(/\d/g, "#")
  return text.length > 120 ? `${text.slice(0, 120)}…` : text
}
