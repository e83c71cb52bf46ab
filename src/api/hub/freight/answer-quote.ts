import { createHash, timingSafeEqual } from "node:crypto"
import { BlockList, isIPv4 } from "node:net"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { describeIssues } from "../../../hub-client/errors"
import { type FreightContract, type FreightRequest, legacyAnswer, partnerAnswer, readQuoteRequest } from "../../../mapping/freight-contracts"
import { cepRange, FREIGHT_DEADLINE_MS } from "../../../mapping/freight-rules"
import { HUB_MODULE } from "../../../modules/hub"
import type { HubAccountOptions } from "../../../modules/hub/accounts"
import type HubModuleService from "../../../modules/hub/service"
import { emptyFreightResult, quoteFreight } from "../../../queries/freight-quote"

/*
 * The hub's freight quote calls (docs/freight.md): outside /admin and /store, so Medusa authenticates
 * nothing; the account's token in the URL and its allowlist do. A caller that fails either is passed
 * on to the next route, which is none: it gets Medusa's answer for a missing route, and learns nothing.
 * The whole request has a deadline (`freight.deadlineMs`): whatever is slow, the database included,
 * the hub gets an answer in time, with the options priced by then.
 */

const digest = (text: string) => createHash("sha256").update(text).digest()

/** Constant time whatever the lengths: both sides hashed first. */
export function sameToken(given: string, kept: string): boolean {
  return timingSafeEqual(digest(given), digest(kept))
}

/** Whether the caller's address is in the account's allowlist (IPv4 addresses and CIDR ranges); an empty one allows any. */
export function allowed(allowlist: string[], ip: string | undefined): boolean {
  if (!allowlist.length) return true
  const address = ip?.replace(/^::ffff:/, "")
  if (!address || !isIPv4(address)) return false
  const list = new BlockList()
  for (const entry of allowlist) {
    const [network, bits] = entry.split("/")
    if (bits === undefined) list.addAddress(network, "ipv4")
    else list.addSubnet(network, Number(bits), "ipv4")
  }
  return list.check(address, "ipv4")
}

/** The account the URL names if its freight route is on and the caller passes; null answers as a missing route. */
async function callerAccount(req: MedusaRequest): Promise<HubAccountOptions | null> {
  const hub = req.scope.resolve<HubModuleService>(HUB_MODULE)
  const { account: id, token } = req.params as { account: string; token: string }
  const account = hub.accounts.find((candidate) => candidate.id === id)?.options
  const kept = account?.freight.enabled ? await hub.freightToken(account.id) : null
  // Compared even without a kept token, so a missing account costs what a wrong token costs.
  const match = sameToken(String(token ?? ""), kept ?? "\u0000no token")
  if (!account || !kept || !match) return null
  return allowed(account.freight.allowlist, req.ip ?? req.socket.remoteAddress) ? account : null
}

/** Resolves "late" at `at` (a timestamp) unless cancelled first. */
function deadlineAt(at: number): { reached: Promise<"late">; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined
  const reached = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), Math.max(0, at - Date.now()))))
  return { reached, cancel: () => clearTimeout(timer) }
}

export function answerFreightQuote(contract: FreightContract) {
  return async (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): Promise<void> => {
    const startedAt = Date.now()
    const hub = req.scope.resolve<HubModuleService>(HUB_MODULE)
    const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
    // The accounts are in memory: the deadline is known before anything reads the database.
    const named = hub.accounts.find((candidate) => candidate.id === (req.params as { account: string }).account)?.options
    const deadline = deadlineAt(startedAt + (named?.freight.deadlineMs ?? FREIGHT_DEADLINE_MS))
    const result = emptyFreightResult()
    let account: HubAccountOptions | null = null
    let request: FreightRequest | null = null
    const work = (async () => {
      account = await callerAccount(req)
      if (!account) return "missing" as const
      const read = readQuoteRequest(contract, req.body, account.freight.partnerUnits)
      if (!read.ok) return read
      request = read.request
      await quoteFreight(req.scope, account, request, startedAt, result)
      return "quoted" as const
    })()
    const outcome = await Promise.race([work, deadline.reached]).finally(deadline.cancel)
    // At the deadline before the caller was known: a missing route, as for any caller not let in.
    if (outcome === "missing" || (outcome === "late" && !request)) next()
    else if (typeof outcome === "object") res.status(400).json({ type: "invalid_data", message: `Invalid request: ${describeIssues(outcome.issues)}` })
    else {
      const answer = contract === "legacy" ? legacyAnswer(result.quotes) : partnerAnswer(request!, result.quotes, result.unknownSkus, new Date(), account!.freight.partnerUnits)
      res.status(answer.status).json(answer.body)
    }
    const ms = Date.now() - startedAt
    const answered = { options: outcome === "quoted" || outcome === "late" ? result.quotes.length : 0, cacheHit: result.cacheHit, source: result.source, unknownSkus: result.unknownSkus.length }
    // Recorded once the caller is known (a late quote's work may still be running): a deadline's miss is kept, never an unknown caller's.
    void (outcome === "late" ? work : Promise.resolve(outcome))
      .then(() => {
        if (!account || (outcome !== "quoted" && outcome !== "late") || !request) return
        const quoted: FreightRequest = request
        // SKUs are the merchant's catalogue; the CEP only by its first five digits; nothing of the buyer.
        if (result.unknownSkus.length) logger.warn(`hub (account ${account.id}): freight quote (${contract}) for SKUs Medusa does not have: ${result.unknownSkus.join(", ")}`)
        return hub.recordFreightQuote({ account: account.id, contract, cepRange: cepRange(quoted.cep), ms, timedOut: outcome === "late", ...answered })
      })
      .catch((error: Error) => logger.warn(`hub (${account ? `account ${account.id}` : "freight"}): a freight quote was not recorded: ${error.message}`))
  }
}
