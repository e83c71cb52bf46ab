/*
 * A hub order as a listing or the queue hands it out (docs/hub-interface.md §4.1): the hub's words,
 * read by the import apart from the request path that brought it (paging.ts, transport.ts).
 */
import { describeIssues } from "./errors"
import { type HubOrder, hubOrderSchema } from "./schemas"

/** One order of a page as the hub sent it, checked only for its code: each is parsed on its own. */
export type ListedHubOrder = { code: string } & Record<string, unknown>

export type ParsedHubOrder = { ok: true; hubOrder: HubOrder } | { ok: false; code: string; reason: string }

/** Validates one listed order on its own: a malformed order is set aside with its reason. */
export function parseHubOrder(listed: ListedHubOrder): ParsedHubOrder {
  const parsed = hubOrderSchema.safeParse(listed)
  return parsed.success
    ? { ok: true, hubOrder: parsed.data }
    : { ok: false, code: listed.code, reason: describeIssues(parsed.error.issues) }
}
