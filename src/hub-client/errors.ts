/*
 * Every error the hub client throws is built here, so that none can carry a credential: the
 * messages are composed from the endpoint template, the HTTP status and the hub's own `error`
 * text with the configured secrets masked out, never from headers or request options.
 */

export type HubErrorKind =
  | "rate_limited"
  | "deep_paging"
  | "refused"
  | "unavailable"
  | "invalid_response"
  | "invalid_request"
  | "not_sent"
  | "incomplete_listing"

export abstract class HubError extends Error {
  abstract readonly kind: HubErrorKind
  /** `POST /orders/{code}/invoice`: the template, so figures group by endpoint, not by order. */
  readonly endpoint: string
  readonly status?: number

  protected constructor(message: string, endpoint: string, status?: number) {
    super(message)
    this.name = new.target.name
    this.endpoint = endpoint
    this.status = status
  }

  toJSON() {
    return { name: this.name, kind: this.kind, message: this.message, endpoint: this.endpoint, status: this.status }
  }
}

/** 429: the account is paused until `retryAt`; nothing is sent before then. */
export class HubRateLimitedError extends HubError {
  readonly kind = "rate_limited"
  constructor(endpoint: string, readonly retryAt: number) {
    super(`The hub answered 429 to ${endpoint}: request limit of the window reached; paused until ${new Date(retryAt).toISOString()}`, endpoint, 429)
  }
}

/** 400 for a page past the hub's 10,000-entry index limit (docs/hub-interface.md §4.1), or a read that could not avoid one. */
export class HubDeepPagingError extends HubError {
  readonly kind = "deep_paging"
  constructor(endpoint: string, detail: string) {
    super(`${endpoint}: ${detail}`, endpoint, 400)
  }
}

/** Any other 4xx: the hub refused the request. It is never resent unchanged (docs/hub-interface.md §7 rule 1). */
export class HubRefusedError extends HubError {
  readonly kind = "refused"
  constructor(
    endpoint: string,
    status: number,
    readonly hubMessage: string,
    /** True when the client refused to resend a request the hub had already refused. */
    readonly repeated = false
  ) {
    super(
      repeated
        ? `Not sent: the hub already refused this exact ${endpoint} request with ${status} (${hubMessage}); change the request before sending it again`
        : `The hub refused ${endpoint} with ${status}: ${hubMessage}`,
      endpoint,
      status
    )
  }
}

/**
 * 5xx, timeout, connection refused or reset. `outcomeUnknown` is true when the request may have
 * reached the hub and changed something: such a write is never resent blindly; read the
 * order's state first.
 */
export class HubUnavailableError extends HubError {
  readonly kind = "unavailable"
  constructor(endpoint: string, detail: string, readonly outcomeUnknown: boolean, status?: number) {
    super(`The hub is unavailable for ${endpoint}: ${detail}`, endpoint, status)
  }
}

/**
 * The hub answered, but not in a shape this client understands: a body that fails its schema, one
 * longer than `maxResponseBytes`, or a redirect (3xx, never followed). For a write it may have taken
 * effect: callers treat it as an outcome not known.
 */
export class HubInvalidResponseError extends HubError {
  readonly kind = "invalid_response"
  constructor(endpoint: string, readonly issues: string, status?: number) {
    super(`The hub's answer to ${endpoint} failed validation: ${issues}`, endpoint, status)
  }
}

/**
 * A listing read only in part: the walk stopped at a bound (`maxProductPages`) rather than at its
 * end. What was read is good; nothing may be concluded about what was not (a product not seen is
 * not a product gone).
 */
export class HubIncompleteListingError extends HubError {
  readonly kind = "incomplete_listing"
  constructor(endpoint: string, detail: string) {
    super(`${endpoint}: the listing was read only in part: ${detail}`, endpoint)
  }
}

/** Our own input failed validation before anything was sent. */
export class HubInvalidRequestError extends HubError {
  readonly kind = "invalid_request"
  constructor(endpoint: string, readonly issues: string) {
    super(`Not sent: the ${endpoint} request is invalid: ${issues}`, endpoint)
  }
}

/** The client's own refusal, before sending (a sandbox-only call, a foreign cursor): nothing left for the hub. */
export class HubNotSentError extends HubError {
  readonly kind = "not_sent"
  constructor(endpoint: string, reason: string) {
    super(`Not sent: ${reason}`, endpoint)
  }
}

export function isHubError(error: unknown): error is HubError {
  return error instanceof HubError
}

/**
 * What a hub call's failure means for its caller, whichever error said it: the one reading of the
 * errors above that code outside the hub module and this client makes (`hubOutcome`). Each carries
 * `message`, the error's own text (composed here, so credential-free).
 */
export type HubOutcome =
  /**
   * Final until the request changes: the hub refused it (`status`, `hubMessage` its words), or it was
   * refused before leaving (`sent` false: our request invalid, a call this account may not make, or the
   * very request the hub refused already, whose `status` and words are the hub's first answer).
   */
  | { kind: "refused"; status: number | null; hubMessage: string | null; sent: boolean; message: string }
  /** The hub's 429: nothing goes for the account until `until`; then the same request may go again. */
  | { kind: "throttled"; until: Date; message: string }
  /** A POST that may have reached the hub, its answer lost or not understood: read the hub before sending it again. */
  | { kind: "outcome_unknown"; status: number | null; message: string }
  /**
   * No usable answer (5xx, timeout, connection refused or reset, an answer not understood) and nothing
   * changed that a repeat would double: safe to try again. `status`: the hub's, when it answered one.
   */
  | { kind: "unavailable"; status: number | null; message: string }
  /** A listing that could not be read whole (a bound reached, a page past the hub's index): what was read stands, nothing is concluded about the rest. */
  | { kind: "incomplete"; message: string }

/** The hub's failure `error` as its outcome; null when `error` is not the hub's (the caller's own failure, to throw on). */
export function hubOutcome(error: unknown): HubOutcome | null {
  if (!(error instanceof HubError)) return null
  const { message } = error
  // By kind, with no default: a kind added to HubErrorKind fails to compile here until it has its outcome.
  switch (error.kind) {
    case "refused": {
      const { status, hubMessage, repeated } = error as HubRefusedError
      return { kind: "refused", status: status ?? null, hubMessage, sent: !repeated, message }
    }
    case "invalid_request":
    case "not_sent":
      return { kind: "refused", status: null, hubMessage: null, sent: false, message }
    case "rate_limited":
      return { kind: "throttled", until: new Date((error as HubRateLimitedError).retryAt), message }
    case "unavailable":
      return { kind: (error as HubUnavailableError).outcomeUnknown ? "outcome_unknown" : "unavailable", status: error.status ?? null, message }
    case "invalid_response":
      // Only a POST is never resent by the client (transport.ts): any other write sets what it sets, so a repeat is safe.
      return { kind: error.endpoint.startsWith("POST ") ? "outcome_unknown" : "unavailable", status: error.status ?? null, message }
    case "deep_paging":
    case "incomplete_listing":
      return { kind: "incomplete", message }
  }
}

const MASK = "[redacted]"

/** Removes every configured secret from a text the hub sent back (it may echo headers). */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let masked = text
  for (const secret of secrets) {
    if (secret) {
      masked = masked.split(secret).join(MASK)
    }
  }
  return masked
}

/** zod issues -> one line naming each field, never echoing the values. */
export function describeIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.map(String).join(".") : "(body)"}: ${issue.message}`)
    .join("; ")
}
