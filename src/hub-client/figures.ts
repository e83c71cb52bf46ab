/** Per endpoint template (`POST /orders/{code}/invoice`). */
export type EndpointFigures = {
  sent: number
  /** Answers by HTTP status: `{ "200": 12, "422": 1 }`. */
  answers: Record<string, number>
  retries: number
  networkFaults: number
  invalidResponses: number
  /** Requests refused locally because the hub had rejected the very same request. */
  refusedRepeats: number
}

/** A bucket's limit per window: as configured, and as the throttle applies it now after 429s. */
export type BucketLimitFigures = { windowMs: number; configured: number; effective: number }

export type HubFiguresSnapshot = {
  since: string
  requestsSent: number
  /** docs/hub-interface.md §7 rule 3: every 4xx the hub answered, 429 included. */
  clientErrors: number
  rateLimited: number
  serverErrors: number
  networkFaults: number
  /** ISO time until which nothing is sent after a 429, when a pause is in force. */
  pausedUntil: string | null
  /** "shared": every process of the store draws from one budget in Redis; "process": this one's own. */
  budget: "shared" | "process" | "process (shared budget unreachable)"
  /** Per bucket ("PUT /products", ...): the limit configured and the limit in force. */
  rateLimits: Record<string, BucketLimitFigures>
  lastError: { at: string; endpoint: string; status?: number; cause: string } | null
  byEndpoint: Record<string, EndpointFigures>
}

/** The hub client's counters, kept in memory for the admin page and the logs. */
export class HubFigures {
  private readonly since = new Date()
  private readonly endpoints = new Map<string, EndpointFigures>()
  private lastError: HubFiguresSnapshot["lastError"] = null

  sent(endpoint: string): void {
    this.of(endpoint).sent++
  }

  answered(endpoint: string, status: number): void {
    const figures = this.of(endpoint)
    figures.answers[status] = (figures.answers[status] ?? 0) + 1
    if (status >= 400) {
      this.lastError = { at: new Date().toISOString(), endpoint, status, cause: `HTTP ${status}` }
    }
  }

  retried(endpoint: string): void {
    this.of(endpoint).retries++
  }

  networkFault(endpoint: string, code: string): void {
    this.of(endpoint).networkFaults++
    this.lastError = { at: new Date().toISOString(), endpoint, cause: code }
  }

  invalidResponse(endpoint: string): void {
    this.of(endpoint).invalidResponses++
    this.lastError = { at: new Date().toISOString(), endpoint, cause: "invalid response" }
  }

  refusedRepeat(endpoint: string): void {
    this.of(endpoint).refusedRepeats++
  }

  snapshot(pausedUntilMs: number, throttle: Pick<HubFiguresSnapshot, "budget" | "rateLimits">): HubFiguresSnapshot {
    const byEndpoint: Record<string, EndpointFigures> = {}
    let requestsSent = 0
    let clientErrors = 0
    let rateLimited = 0
    let serverErrors = 0
    let networkFaults = 0
    for (const [endpoint, figures] of this.endpoints) {
      byEndpoint[endpoint] = { ...figures, answers: { ...figures.answers } }
      requestsSent += figures.sent
      networkFaults += figures.networkFaults
      for (const [status, count] of Object.entries(figures.answers)) {
        const code = Number(status)
        if (code >= 400 && code < 500) clientErrors += count
        if (code === 429) rateLimited += count
        if (code >= 500) serverErrors += count
      }
    }
    return {
      since: this.since.toISOString(),
      requestsSent,
      clientErrors,
      rateLimited,
      serverErrors,
      networkFaults,
      pausedUntil: pausedUntilMs > Date.now() ? new Date(pausedUntilMs).toISOString() : null,
      budget: throttle.budget,
      rateLimits: throttle.rateLimits,
      lastError: this.lastError,
      byEndpoint,
    }
  }

  private of(endpoint: string): EndpointFigures {
    let figures = this.endpoints.get(endpoint)
    if (!figures) {
      figures = { sent: 0, answers: {}, retries: 0, networkFaults: 0, invalidResponses: 0, refusedRepeats: 0 }
      this.endpoints.set(endpoint, figures)
    }
    return figures
  }
}
