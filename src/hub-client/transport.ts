/*
 * The one request path to the hub. It exists apart from the typed endpoints (client.ts) so that
 * the hub's rules (docs/hub-interface.md §7) live in one place and every call obeys them alike:
 * throttled per bucket, silent after a 429 until the window ends, a 4xx never retried and never
 * resent unchanged, a 5xx or network fault retried with backoff only when the request is safe
 * to repeat. Only this file speaks HTTP; it knows no endpoint beyond what a call tells it.
 */
import { createHash } from "node:crypto"
import type { Readable } from "node:stream"
import { setTimeout as sleep } from "node:timers/promises"
import { Pool } from "undici"
import type { z } from "zod"
import { formData } from "./form"
import { AnswerTooLongError, readBounded, retryAfterMs } from "./bounds"
import { boundedStream, headerNumber, type HubDocument, isPdf } from "./documents"
import { DEFAULT_RATE_LIMITS, HUB_INDEX_DEPTH, rateLimitBucketOf } from "./endpoints"
import {
  describeIssues,
  HubDeepPagingError,
  HubInvalidResponseError,
  HubRateLimitedError,
  HubRefusedError,
  HubUnavailableError,
  maskSecrets,
} from "./errors"
import { describeNetworkFault, networkCode } from "./network-faults"
import type { HourlyTraffic, HubFiguresSnapshot } from "./figure-snapshot"
import { HubFigures } from "./figures"
import { HubClientOptions } from "./options"
import { type HubTracer, NO_TRACER } from "./tracing"
import { HubRateLimiter } from "./rate-limit"
import { RefusedRequests } from "./refused-requests"
import type { HubBudgetStore } from "./budget-store"
import { RedisBudgetStore } from "./redis-budget-store"
import { callFingerprint, type HubCall, isDeepPage, resourceOf } from "./hub-call"
import { hubErrorBodySchema } from "./schemas"

/** The few logger methods the client uses; Medusa's logger and `console` both fit. */
export type HubLogger = Pick<Console, "warn" | "info">

const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT", "EHOSTUNREACH", "ENETUNREACH"])

export class HubTransport {
  /** The configured hub (or the service beside it, `besideAt`): its origin and base path are the only place a request goes. */
  readonly base: URL
  readonly basePath: string
  private readonly pool: Pool
  private readonly limiter: HubRateLimiter
  private readonly figuresBook: HubFigures
  private readonly refused: RefusedRequests
  private readonly secrets: string[]

  /**
   * `budgetStore`: where the account's request budget lives when not in Redis (the plugin's PostgreSQL); else `rateLimitRedisUrl`, else this process.
   * `beside`: a service beside the hub at its own address (`besideAt`), sharing that transport's budget and figures.
   */
  constructor(
    private readonly options: HubClientOptions,
    private readonly logger?: HubLogger,
    budgetStore?: HubBudgetStore,
    private readonly tracer: HubTracer = NO_TRACER,
    private readonly beside?: { baseUrl: string; hub: HubTransport }
  ) {
    this.base = new URL(beside?.baseUrl ?? options.baseUrl)
    this.basePath = this.base.pathname.replace(/\/+$/, "")
    this.secrets = [options.apiKey, options.accountManagerKey, options.userEmail]
    this.refused = new RefusedRequests(options.refusedRequestMemoryMs)
    this.figuresBook = beside?.hub.figuresBook ?? new HubFigures()
    this.limiter = beside?.hub.limiter ?? new HubRateLimiter({ ...DEFAULT_RATE_LIMITS, ...options.rateLimits }, {
      store: options.rateLimitRedisUrl ? this.redisBudget(options.rateLimitRedisUrl) : budgetStore,
      adaptive: options.adaptiveRateLimits,
      recoveryWindows: options.rateLimitRecoveryWindows,
      // The longest a send can wait for its whole answer: undici's timeouts count idle time only.
      maxSendMs: options.requestDeadlineMs,
      maxPauseMs: options.rateLimitMaxPauseMs,
      logger,
    })
    this.pool = new Pool(this.base.origin, {
      keepAliveTimeout: 10_000,
      connectTimeout: Math.min(options.requestTimeoutMs, 10_000),
      headersTimeout: options.requestTimeoutMs,
      bodyTimeout: options.requestTimeoutMs,
    })
  }

  figures(): HubFiguresSnapshot {
    return this.figuresBook.snapshot(this.limiter.pausedUntil, { budget: this.limiter.budget, rateLimits: this.limiter.limitFigures() })
  }

  takeHourlyTraffic(): HourlyTraffic[] {
    return this.figuresBook.takeHourly()
  }

  untakenHourlyTraffic(): HourlyTraffic[] {
    return this.figuresBook.untakenHourly()
  }

  returnHourlyTraffic(rows: HourlyTraffic[]): void {
    this.figuresBook.returnHourly(rows)
  }

  /**
   * The account's transport to a service beside the hub at its own address (the category service,
   * categories.ts), reached with the same credentials: its requests draw from this one's budget (one
   * credential, one budget: a 429 from either pauses both) and count in its figures; its own connections.
   */
  besideAt(baseUrl: string): HubTransport {
    return new HubTransport(this.options, this.logger, undefined, this.tracer, { baseUrl, hub: this })
  }

  async close(): Promise<void> {
    // The budget is the hub transport's: it closes it.
    await Promise.all([this.pool.close(), this.beside ? undefined : this.limiter.close()])
  }

  /** The account's budget in Redis, under its key (`hubAccountKey`). */
  private redisBudget(url: string): RedisBudgetStore {
    const account = hubAccountKey(this.options)
    let reported = false
    return new RedisBudgetStore({
      url,
      keyPrefix: `${this.options.rateLimitRedisPrefix}:${account}`,
      maxPauseMs: this.options.rateLimitMaxPauseMs,
      onError: (error) => {
        // ioredis reports every failed reconnection; the limiter says when the budget falls back.
        if (!reported) this.logger?.warn(`hub: Redis for the shared rate-limit budget: ${maskSecrets(error.message, this.secrets)}`)
        reported = true
      },
    })
  }

  /**
   * A document's body still under its request's deadline once handed over: a hub dripping bytes
   * inside undici's idle timeouts would otherwise hold the request (and the admin's) for ever.
   */
  private withinDeadline(endpoint: string, body: Readable, deadline: AbortSignal, timer: NodeJS.Timeout): Readable {
    const cutOff = () => body.destroy(new HubUnavailableError(endpoint, describeNetworkFault("DEADLINE", this.options.requestDeadlineMs), false))
    deadline.addEventListener("abort", cutOff, { once: true })
    body.once("close", () => {
      clearTimeout(timer)
      deadline.removeEventListener("abort", cutOff)
    })
    return body
  }

  async send<T>(call: HubCall<T>): Promise<T> {
    const fingerprint = callFingerprint(call)
    const earlier = this.refused.earlier(fingerprint)
    if (earlier) {
      this.figuresBook.refusedRepeat(call.endpoint)
      throw new HubRefusedError(call.endpoint, earlier.status, earlier.hubMessage, true)
    }

    // GET and PUT (the product update sets a value) are safe to repeat; a POST moves an order.
    const repeatable = call.method !== "POST"
    const bucket = rateLimitBucketOf(call.method, call.path)
    const path = `${this.basePath}${call.path}${call.query && [...call.query].length ? `?${call.query}` : ""}`
    const body = call.form ? undefined : call.body === undefined ? undefined : JSON.stringify(call.body)

    for (let attempt = 0; ; attempt++) {
      const retriesLeft = attempt < this.options.maxRetries
      const waitStarted = Date.now()
      const slot = await this.limiter.acquire(bucket)
      this.figuresBook.sent(call.endpoint)
      const span = this.tracer.startSpan(`hub ${call.endpoint}`, {
        "hub.bucket": bucket,
        "http.request.method": call.method,
        "hub.endpoint": call.endpoint,
        "hub.attempt": attempt + 1,
        "hub.budget_wait_ms": Date.now() - waitStarted,
      })
      try {

        let status: number
        let headers: Record<string, string | string[] | undefined>
        let text = ""
        let pdf: HubDocument | undefined
        let pauseMs = 0
        let pausing: Promise<void> | undefined
        // One attempt's whole exchange, to the answer's last byte: a body dripping slower than undici's
        // idle timeouts would otherwise never end.
        const deadline = new AbortController()
        const deadlineTimer = setTimeout(() => deadline.abort(), this.options.requestDeadlineMs)
        let deadlineOnBody = false
        try {
          const answer = await this.pool.request({
            method: call.method,
            path,
            headers: this.headers(body !== undefined, call.pdf),
            // A form is built for each attempt (its stream is read once).
            body: call.form ? formData(call.form) : body,
            signal: deadline.signal,
          })
          status = answer.statusCode
          headers = answer.headers
          if (status === 429) {
            // The account pauses before the body is read: no send waiting for its turn leaves meanwhile.
            const maxPauseMs = this.options.rateLimitMaxPauseMs
            pauseMs = retryAfterMs(headers["retry-after"], Date.now(), maxPauseMs) ?? Math.min(this.options.rateLimitPauseMs, maxPauseMs)
            pausing = this.limiter.refused(slot, Date.now() + pauseMs)
            // Awaited below; handled here too in case reading the body fails first.
            pausing.catch(() => undefined)
          }
          if (call.pdf && status >= 200 && status < 300 && isPdf(headers["content-type"])) {
            // Streamed to whoever asked, bounded by size and by the deadline, never held whole.
            pdf = { body: this.withinDeadline(call.endpoint, boundedStream(answer.body, this.options.maxDocumentBytes), deadline.signal, deadlineTimer), contentLength: headerNumber(headers["content-length"]) }
            deadlineOnBody = true
          } else {
            text = await readBounded(answer.body, this.options.maxResponseBytes, headers["content-length"])
          }
          slot.answered()
        } catch (error) {
          // It may have reached the hub: its slot is held a window from now all the same.
          slot.answered()
          if (error instanceof AnswerTooLongError) {
            this.figuresBook.invalidResponse(call.endpoint, "answer too long")
            throw new HubInvalidResponseError(call.endpoint, error.message)
          }
          const code = deadline.signal.aborted ? "DEADLINE" : networkCode(error)
          const notSent = NOT_SENT_CODES.has(code)
          this.figuresBook.networkFault(call.endpoint, code)
          if ((repeatable || notSent) && retriesLeft) {
            await this.backoff(call.endpoint, attempt, code)
            continue
          }
          throw new HubUnavailableError(call.endpoint, describeNetworkFault(code, this.options.requestDeadlineMs), !notSent && !repeatable)
        } finally {
          if (!deadlineOnBody) clearTimeout(deadlineTimer)
        }

        // A read answered 404 says "not there", not that the connection fails: counted, never the last error.
        this.figuresBook.answered(call.endpoint, status, { expected: status === 404 && (call.absentOn404 === true || call.method === "GET") })
        span.setAttributes({ "http.response.status_code": status })

        if (status === 429) {
          await pausing
          this.logger?.warn(`hub: 429 on ${call.endpoint}; sending nothing for ${pauseMs} ms`)
          // A 429 means the request was not processed: it goes again once the window is over.
          if (retriesLeft) continue
          throw new HubRateLimitedError(call.endpoint, this.limiter.pausedUntil)
        }

        if (status >= 500) {
          if (repeatable && retriesLeft) {
            await this.backoff(call.endpoint, attempt, `HTTP ${status}`)
            continue
          }
          throw new HubUnavailableError(call.endpoint, `the hub answered ${status}`, !repeatable, status)
        }

        if (status >= 300 && status < 400) {
          // Never followed: the credentials go to the configured hub only. Not a success either (a stock
          // push marked sent, a queue read as empty); for a write, an outcome not known.
          this.figuresBook.invalidResponse(call.endpoint, `HTTP ${status}`)
          throw new HubInvalidResponseError(call.endpoint, `the hub answered ${status}, a redirect${this.redirectTarget(headers)}, which is never followed`, status)
        }

        if (status === 404 && call.absentOn404) return null as T

        if (status >= 400) {
          const hubMessage = this.hubMessage(text, status)
          this.refused.remember(fingerprint, resourceOf(call), status, hubMessage)
          if (status === 400 && isDeepPage(call)) {
            throw new HubDeepPagingError(call.endpoint, `page past the hub's first ${HUB_INDEX_DEPTH} entries (${hubMessage})`)
          }
          throw new HubRefusedError(call.endpoint, status, hubMessage)
        }

        // The resource changed: a request it refused before may now be right (the cause corrected, §7 rule 1).
        if (call.method !== "GET") this.refused.forget(resourceOf(call))
        if (call.pdf) {
          if (pdf) return pdf as T
          this.figuresBook.invalidResponse(call.endpoint, "not a PDF")
          throw new HubInvalidResponseError(call.endpoint, `a PDF was asked for; the hub answered ${status} without one`)
        }
        return this.parseAnswer(call, status, text)
      } catch (error) {
        span.recordError(error)
        throw error
      } finally {
        span.end()
      }
    }
  }

  /** An answer's JSON checked against `schema`; a mismatch is counted and thrown as an invalid response. */
  parseWith<T>(endpoint: string, schema: z.ZodType<T>, json: unknown): T {
    const parsed = schema.safeParse(json)
    if (!parsed.success) {
      this.figuresBook.invalidResponse(endpoint)
      throw new HubInvalidResponseError(endpoint, describeIssues(parsed.error.issues))
    }
    return parsed.data
  }

  private parseAnswer<T>(call: HubCall<T>, status: number, text: string): T {
    const empty = status === 204 || text.trim() === ""
    if (call.response === null) {
      return (empty ? null : this.parseJson(call.endpoint, text)) as T
    }
    if (empty) {
      throw new HubInvalidResponseError(call.endpoint, `expected a JSON body, got HTTP ${status} with none`)
    }
    return this.parseWith(call.endpoint, call.response, this.parseJson(call.endpoint, text))
  }

  private parseJson(endpoint: string, text: string): unknown {
    try {
      return JSON.parse(text)
    } catch {
      this.figuresBook.invalidResponse(endpoint)
      throw new HubInvalidResponseError(endpoint, "the body is not JSON")
    }
  }

  private headers(withBody: boolean, pdf = false): Record<string, string> {
    return {
      "x-user-email": this.options.userEmail,
      "x-api-key": this.options.apiKey,
      "x-accountmanager-key": this.options.accountManagerKey,
      accept: pdf ? "application/pdf" : "application/json",
      ...(withBody ? { "content-type": "application/json" } : {}),
    }
  }

  private hubMessage(text: string, status: number): string {
    let message = `HTTP ${status}`
    try {
      const body = hubErrorBodySchema.safeParse(JSON.parse(text))
      if (body.success) message = body.data.error
    } catch {
      if (text.trim()) message = text.trim()
    }
    return maskSecrets(message, this.secrets).slice(0, 500)
  }

  /** Where a redirect pointed, by its origin alone (a path or query may carry anything). */
  private redirectTarget(headers: Record<string, string | string[] | undefined>): string {
    const location = Array.isArray(headers.location) ? headers.location[0] : headers.location
    if (!location) return ""
    try {
      return ` to ${maskSecrets(new URL(location, this.base).origin, this.secrets)}`
    } catch {
      return ""
    }
  }

  /** Exponential backoff with jitter (half fixed, half random), capped at 30 s. */
  private async backoff(endpoint: string, attempt: number, cause: string): Promise<void> {
    const ceiling = Math.min(30_000, this.options.retryBaseDelayMs * 2 ** attempt)
    const delayMs = Math.round(ceiling / 2 + Math.random() * (ceiling / 2))
    this.figuresBook.retried(endpoint)
    this.logger?.warn(`hub: ${endpoint} failed (${cause}); retry ${attempt + 1} of ${this.options.maxRetries} in ${delayMs} ms`)
    await sleep(delayMs)
  }
}

/**
 * One budget per hub account (the hub counts per store credential, docs/hub-public-facts.md): the
 * account named by a digest of its URL and user, never by a credential.
 */
export function hubAccountKey(options: Pick<HubClientOptions, "baseUrl" | "userEmail" | "apiKey">): string {
  const base = new URL(options.baseUrl)
  return createHash("sha256")
    .update(`${base.origin}${base.pathname.replace(/\/+$/, "")}\n${options.userEmail}\n${options.apiKey}`)
    .digest("hex")
    .slice(0, 16)
}
