import type { BlockList } from "node:net"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { describeIssues } from "../../../hub-client/errors"
import { allowed, blockListOf, callerAddress, sameToken, skusForLog, tokenOf } from "../../../mapping/freight-access"
import { type FreightContract, type FreightRequest, legacyAnswer, partnerAnswer, readQuoteRequest } from "../../../mapping/freight-contracts"
import { cepRange, FREIGHT_DEADLINE_MS } from "../../../mapping/freight-rules"
import { HUB_MODULE } from "../../../modules/hub"
import type { HubAccountOptions } from "../../../modules/hub/accounts"
import type HubModuleService from "../../../modules/hub/service"
import { emptyFreightResult, quoteFreight } from "../../../queries/freight-quote"
import { freightTokens } from "../../../queries/freight-kept"
import { freightRecorder } from "../../../queries/freight-recorder"
import { freightTurn } from "./turns"

/*
 * The hub's freight quote calls (docs/freight.md): outside /admin and /store, so Medusa authenticates
 * nothing; the account's token (in the URL or a header) and its allowlist do, both decided in memory.
 * A caller that fails either is passed on to the next route, which is none: it gets Medusa's answer
 * for a missing route, and learns nothing. The whole request has a deadline (`freight.deadlineMs`):
 * whatever is slow, the hub gets an answer in time, with the options priced by then.
 */

/** An account's door, built once from its options (checked at boot): its allowlist and trusted proxies as BlockLists. */
const doors = new WeakMap<HubAccountOptions, { allowlist: BlockList | null; trusted?: BlockList; proxyHops?: number }>()
function doorOf(account: HubAccountOptions) {
  let door = doors.get(account)
  if (!door) {
    const { allowlist, trustedProxies, proxyHops } = account.freight
    door = { allowlist: allowlist.length ? blockListOf(allowlist) : null, trusted: trustedProxies.length ? blockListOf(trustedProxies) : undefined, proxyHops }
    doors.set(account, door)
  }
  return door
}

/** A quote call as its URL names it: the account, the token when the URL carries it, the contract. */
export type FreightCall = { account: string; token?: string; contract: FreightContract }

/** The account if its freight route is on and the caller passes; null answers as a missing route. No query but an account's first. */
async function callerAccount(req: MedusaRequest, call: FreightCall, account: HubAccountOptions | undefined): Promise<HubAccountOptions | null> {
  const given = tokenOf(call.token, req.headers)
  let kept: string | null | undefined = null
  if (account?.freight.enabled) {
    const tokens = freightTokens(req.scope)
    kept = tokens.now(account.id)
    if (kept === undefined) kept = await tokens.read(account.id)
  }
  // Compared even without a kept token, so a missing account costs what a wrong token costs.
  const match = sameToken(given, kept ?? "\u0000no token")
  if (!account || !kept || !match) return null
  const door = doorOf(account)
  return allowed(door.allowlist, callerAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], door)) ? account : null
}

/** Resolves "late" at `at` (a timestamp) unless cancelled first. */
function deadlineAt(at: number): { reached: Promise<"late">; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined
  const reached = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), Math.max(0, at - Date.now()))))
  return { reached, cancel: () => clearTimeout(timer) }
}

/**
 * Writes a JSON answer with Node's own response: Express's `res.json` would also hash it for an ETag
 * (SHA-1, for a POST nothing revalidates) and copy it into a Buffer. The session express-session
 * opened for the request (the hub sends no cookie) is unset first, as its `unset` option describes:
 * nothing saved, no cookie, and its end-of-request checks (a hash of the session) skipped.
 */
function answerJson(req: MedusaRequest, res: MedusaResponse, status: number, body: unknown): void {
  delete (req as { session?: unknown }).session
  const text = JSON.stringify(body)
  res.statusCode = status
  res.setHeader("Content-Type", "application/json; charset=utf-8")
  res.setHeader("Content-Length", Buffer.byteLength(text))
  res.end(text)
}

/** Answers the quote `call` names (its body already read), or passes a caller not let in to the next route. */
export async function answerFreightQuote(call: FreightCall, req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): Promise<void> {
  const { contract } = call
  const startedAt = Date.now()
  const hubModule = req.scope.resolve<HubModuleService>(HUB_MODULE)
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  // The accounts are in memory: the deadline is known before anything reads the database.
  const named = hubModule.accounts.find((candidate) => candidate.id === call.account)?.options
  const deadline = deadlineAt(startedAt + (named?.freight.deadlineMs ?? FREIGHT_DEADLINE_MS))
  const result = emptyFreightResult()
  let account: HubAccountOptions | null = null
  let request: FreightRequest | null = null
  const work = (async () => {
    account = await callerAccount(req, call, named)
    if (!account) return "missing" as const
    const read = readQuoteRequest(contract, req.body, account.freight.partnerUnits)
    if (!read.ok) return read
    request = read.request
    // Priced on its turn (turns.ts): waiting in line counts against the deadline, which answers with what is known;
    // a quote answered so while in line is not priced after (under a burst, that would only delay the next ones).
    await freightTurn()
    if (res.writableEnded) return "late" as const
    await quoteFreight(req.scope, account, request, startedAt, result)
    return "quoted" as const
  })()
  const outcome = await Promise.race([work, deadline.reached]).finally(deadline.cancel)
  // At the deadline before the caller was known: a missing route, as for any caller not let in.
  if (outcome === "missing" || (outcome === "late" && !request)) next()
  else if (typeof outcome === "object") answerJson(req, res, 400, { type: "invalid_data", message: `Invalid request: ${describeIssues(outcome.issues)}` })
  else {
    // No option: a 404 only when no zone serves the CEP; nothing known in time lets the hub use the merchant's contingency table.
    const none = result.served === "unserved" ? "unserved" : "unavailable"
    const answer = contract === "legacy" ? legacyAnswer(result.quotes, none) : partnerAnswer(request!, result.quotes, result.unknownSkus, new Date(), account!.freight.partnerUnits, none)
    answerJson(req, res, answer.status, answer.body)
  }
  const ms = Date.now() - startedAt
  const answered = { options: outcome === "quoted" || outcome === "late" ? result.quotes.length : 0, cacheHit: result.cacheHit, source: result.source, unknownSkus: result.unknownSkus.length }
  // Recorded once the caller is known (a late quote's work may still be running): a deadline's miss is kept, never an unknown caller's.
  void (outcome === "late" ? work : Promise.resolve(outcome))
    .then(() => {
      if (!account || (outcome !== "quoted" && outcome !== "late") || !request) return
      const quoted: FreightRequest = request
      // SKUs are the merchant's catalogue, escaped and capped (a caller writes them); the CEP only by its first five digits; nothing of the buyer.
      if (result.unknownSkus.length) logger.warn(`hub (account ${account.id}): freight quote (${contract}) for SKUs Medusa does not have: ${skusForLog(result.unknownSkus)}`)
      freightRecorder(req.scope).record({ account: account.id, contract, cepRange: cepRange(quoted.cep), ms, timedOut: outcome === "late", answeredAt: new Date(startedAt + ms), ...answered })
    })
    .catch((error: Error) => logger.warn(`hub (${account ? `account ${account.id}` : "freight"}): a freight quote was not recorded: ${error.message}`))
}
