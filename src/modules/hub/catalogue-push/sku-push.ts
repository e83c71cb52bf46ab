/*
 * A SKU's outbox row pushed alone (a SKU no product push of this store carries), and what a push's
 * answer means for the row, for both pushes (hub-products-push.ts, carried-skus.ts). Sent as one partial
 * `PUT /products/{sku}` (or `/variations/{sku}`, per the account's `productEndpoint`) carrying only the
 * fields that differ from what the hub last accepted (docs/hub-interface.md §4 rule 2): a price change
 * sends no `qty`. The client throttles, waits out 429s and retries 5xx and network faults (a PUT sets
 * values, so repeating it is safe); what is left to decide here is what an error means for the row.
 */
import { hubOutcome } from "../../../hub-client"
import { fieldsToSend, refusedFields, type HubProductFields } from "../../../mapping/hub-product"
import type { ClaimedCatalogueChange, CataloguePushOutcome } from "../models/hub-catalogue-change"
import { sendSku, type SkuSender } from "./sku-send"

/**
 * A SKU an account's hub refused in this flush: the account, its answer, the fields held back until their cause changes,
 * and when the hub last accepted the SKU (null: never), which tells a refusal that recurs after the
 * SKU went through from one that goes on.
 */
export type SkuRefusal = { account: string; sku: string; status: number; message: string; fields: string[]; lastSentAt: string | null }

/**
 * One SKU's fields that differ from what the hub accepted, alone in one PUT, said and stepped as the hub
 * takes them (sku-send.ts); how it went. A hub read that fails is a failed push, tried again later.
 * `endpoint`: where the SKU is updated, `productEndpoint` unless the push knows it is a variation.
 */
export async function pushSkuFields(sender: SkuSender, change: ClaimedCatalogueChange, endpoint = sender.options.productEndpoint): Promise<CataloguePushOutcome> {
  try {
    const went = await sendSku(sender, change, {}, (wire) => sender.client.update(change.sku, wire, endpoint))
    if (!went) return { kind: "unchanged" }
    return went.error === undefined ? sent(went.row, went.fields) : pushError(went.row, went.fields, went.error)
  } catch (error) {
    return pushError(change, {}, error)
  }
}

/** What a PUT of these fields that threw means for the row. */
export function pushError(change: ClaimedCatalogueChange, fields: HubProductFields, error: unknown): CataloguePushOutcome {
  const outcome = hubOutcome(error)
  if (!outcome) throw error
  // Refused by the hub, or by the client before sending: resending the same values cannot help either.
  if (outcome.kind === "refused") return refused(change, fields, outcome.status, outcome.hubMessage ?? outcome.message, outcome.sent)
  // A 429 outlasting the client's retries, the hub unavailable after them, or a 2xx answer that
  // could not be read: the fields go again after a delay (a PUT is safe to repeat).
  const status = outcome.kind === "unavailable" || outcome.kind === "outcome_unknown" ? (outcome.status ?? undefined) : undefined
  return { kind: "failed", status, reason: outcome.message }
}

/** A row's refusal as the `hub-sku.refused` event names it, when the hub answered it (a local refusal repeats one announced). */
export function skuRefusal(account: string, change: ClaimedCatalogueChange, outcome: CataloguePushOutcome): SkuRefusal | null {
  if (outcome.kind !== "refused" || !outcome.sent || outcome.status === null) return null
  return { account, sku: change.sku, status: outcome.status, message: outcome.hubMessage, fields: Object.keys(outcome.refused), lastSentAt: change.lastSentAt }
}

function refused(change: ClaimedCatalogueChange, sent: HubProductFields, status: number | null, hubMessage: string, reachedHub: boolean): CataloguePushOutcome {
  const refused = refusedFields(sent)
  const more = Object.keys(fieldsToSend(change.wanted, change.accepted, { ...change.refused, ...refused })).length > 0
  return { kind: "refused", status, hubMessage, sent: reachedHub, refused, more }
}

/**
 * A push the hub took. When it changed a catalogue field, the product's prices or status on the hub
 * are no longer those a refusal was made against (a price repaired under a refused sale price): the
 * refused values are the cause corrected (docs/hub-interface.md §7 rule 1) and go once more. A
 * quantity alone changes nothing they depend on, so it keeps them held.
 */
export function sent(change: ClaimedCatalogueChange, fields: HubProductFields): CataloguePushOutcome {
  const keys = Object.keys(fields)
  const clearRefused = keys.some((field) => field !== "qty")
  const refusedAfter = clearRefused ? {} : Object.fromEntries(Object.entries(change.refused).filter(([field]) => !keys.includes(field)))
  const more = Object.keys(fieldsToSend(change.wanted, { ...change.accepted, ...fields }, refusedAfter)).length > 0
  return { kind: "sent", fields, clearRefused, more }
}
