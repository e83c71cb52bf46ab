import type { HourlyTraffic } from "../hub-client"

/**
 * The store's recorded hours with a process's counts not recorded yet added in, over the same last
 * `hours` hours as the rows were read (`now`'s hour and the `hours - 1` before it), in hour and
 * endpoint order: what the admin's chart shows without a read writing anything.
 */
export function withUntakenTraffic(recorded: HourlyTraffic[], untaken: HourlyTraffic[], hours: number, now = new Date()): HourlyTraffic[] {
  const since = Math.floor(now.getTime() / 3_600_000) * 3_600_000 - (hours - 1) * 3_600_000
  const byKey = new Map(recorded.map((row) => [`${row.hour} ${row.endpoint}`, { ...row }]))
  for (const row of untaken) {
    const hour = new Date(row.hour).toISOString()
    if (Date.parse(hour) < since) continue
    const key = `${hour} ${row.endpoint}`
    const kept = byKey.get(key) ?? { hour, endpoint: row.endpoint, requests: 0, clientErrors: 0, rateLimited: 0 }
    kept.requests += row.requests
    kept.clientErrors += row.clientErrors
    kept.rateLimited += row.rateLimited
    byKey.set(key, kept)
  }
  return [...byKey.values()].sort((a, b) => (a.hour === b.hour ? (a.endpoint < b.endpoint ? -1 : a.endpoint > b.endpoint ? 1 : 0) : a.hour < b.hour ? -1 : 1))
}
