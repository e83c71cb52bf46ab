import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { hubOutcome, plpRemoteCode } from "../../../hub-client"
import { errorText } from "../../../mapping/error-text"
import { maskPersonalData } from "../../../mapping/personal-data"
import { HUB_MODULE } from "../../../modules/hub"
import type { HubAccount } from "../../../modules/hub/hub-account"
import type { HubDeliveryActionKind } from "../../../modules/hub/types"
import type HubModuleService from "../../../modules/hub/service"

/** What the merchant asks of the marketplace's delivery for an account (docs/delivery.md). */
export type DeliveryActionRequest =
  | { account: string; action: "group"; codes: string[] }
  | { account: string; action: "ungroup"; plpId: string }
  | { account: string; action: "request_collection"; codes: string[] }

/**
 * How an action ended: `done`; `refused` (the hub's words in `error`); `failed`, nothing done (not
 * sent, or its answer lost and the hub's lists, read after to their end, show it not done); `unknown`,
 * answer lost and the lists unreadable, or read only in part without it (a resend could make it twice). `codes`: the orders it concerns.
 */
export type DeliveryActionOutcome = {
  account: string
  kind: HubDeliveryActionKind
  state: "done" | "refused" | "failed" | "unknown"
  codes: string[]
  plpId: string | null
  error: string | null
}

const KIND: Record<DeliveryActionRequest["action"], HubDeliveryActionKind> = { group: "grouped", ungroup: "ungrouped", request_collection: "collection_requested" }

/** The pages of a delivery listing read back after a lost answer (20 orders each). */
const READ_BACK_PAGES = 10

/**
 * Sends one action to the account's hub. A refusal is kept in the hub's words; a write whose answer
 * was lost is never resent: the hub's own lists are read to tell whether it was done.
 */
export const sendDeliveryActionStep = createStep("send-hub-delivery-action", async (request: DeliveryActionRequest, { container }) => {
  const hubModule = container.resolve<HubModuleService>(HUB_MODULE)
  const { options, delivery } = hubModule.account(request.account)
  const ended = (state: DeliveryActionOutcome["state"], codes: string[], plpId: string | null, error: string | null = null) =>
    new StepResponse<DeliveryActionOutcome>({ account: request.account, kind: KIND[request.action], state, codes, plpId, error })

  // The orders an ungroup concerns, read before it (the PLP's, as the hub lists them).
  const plp = request.action === "ungroup" ? (await delivery.plps()).find((candidate) => candidate.id === request.plpId) : undefined
  if (request.action === "ungroup" && !plp) return ended("refused", [], request.plpId, `PLP ${request.plpId} is not among the hub's PLPs`)
  const codes = request.action === "ungroup" ? plp!.orders.map((order) => order.code) : request.codes

  let remote = codes
  if (request.action === "group" && options.plpOrderCodes !== "code") {
    const records = await hubModule.account(request.account).records.orders.byCodes(codes)
    const channels = new Map(records.map((record) => [record.code, record.channel]))
    remote = codes.map((code) => plpRemoteCode(code, channels.get(code), options.plpOrderCodes))
  }
  try {
    if (request.action === "group") return ended("done", codes, (await delivery.group(remote)).plpId)
    if (request.action === "ungroup") await delivery.ungroup(request.plpId)
    else await delivery.requestCollection(codes)
    return ended("done", codes, request.action === "ungroup" ? request.plpId : null)
  } catch (error) {
    const outcome = hubOutcome(error)
    if (outcome?.kind === "refused") return ended("refused", codes, request.action === "ungroup" ? request.plpId : null, maskPersonalData(outcome.hubMessage ?? outcome.message))
    if (outcome?.kind !== "outcome_unknown") return ended("failed", codes, null, errorText(error))
    const lost = errorText(error)
    try {
      const done = await readBack(delivery, request, codes, remote)
      if (done.done) return ended("done", codes, done.plpId)
      if (!done.whole) return ended("unknown", codes, null, `${lost}; the hub's lists, read as far as ${READ_BACK_PAGES} pages, do not show it: it may be done, read the lists before asking again`)
      return ended("failed", codes, null, `${lost}; the hub's lists show it not done`)
    } catch (readError) {
      return ended("unknown", codes, null, `${lost}; the hub's lists could not be read after it (${errorText(readError)})`)
    }
  }
})

/** Whether the hub's lists show the action done (and the PLP it made); `whole`: read to their end. */
async function readBack(delivery: HubAccount["delivery"], request: DeliveryActionRequest, codes: string[], remote: string[]): Promise<{ done: boolean; plpId: string | null; whole: boolean }> {
  if (request.action === "ungroup") return { done: !(await delivery.plps()).some((plp) => plp.id === request.plpId), plpId: request.plpId, whole: true }
  if (request.action === "group") {
    const wanted = new Set([...codes, ...remote])
    const plp = (await delivery.plps()).find((candidate) => candidate.orders.length > 0 && codes.every((code, index) => candidate.orders.some((order) => order.code === code || order.code === remote[index])) && candidate.orders.every((order) => wanted.has(order.code)))
    return { done: plp !== undefined, plpId: plp?.id ?? null, whole: true }
  }
  const requested = new Set<string>()
  for (let page = 1; page <= READ_BACK_PAGES; page++) {
    const orders = await delivery.collectables(true, page)
    orders.forEach((order) => requested.add(order.code))
    if (codes.every((code) => requested.has(code))) return { done: true, plpId: null, whole: true }
    // Only an empty page ends the list for sure (pages hold "about 20").
    if (orders.length === 0) return { done: false, plpId: null, whole: true }
  }
  return { done: false, plpId: null, whole: false }
}
