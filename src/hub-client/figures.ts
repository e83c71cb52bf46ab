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
  /**
   * Since when every request has ended in a 429, a 5xx or no answer (null once the hub answers
   * otherwise), and when the last of them did: an outage the merchant is told of after minutes.
   */
  failing: { since: string; lastAt: string } | null
  byEndpoint: Record<string, EndpointFigures>
}

/** One endpoint's requests in one hour (its start, ISO), counted since the store last took them. */
export type HourlyTraffic = { hour: string; endpoint: string; requests: number; clientErrors: number; rateLimited: number }

/** The hub client's counters, kept in memory for the admin page and the logs. */
export class HubFigures {
  private readonly since = new Date()
  private readonly endpoints = new Map<string, EndpointFigures>()
  /** Increments per hour and endpoint not yet taken (see takeHourly): what the store adds up across processes. */
  private hourly = new Map<string, HourlyTraffic>()
  private lastError: HubFiguresSnapshot["lastError"] = null
  private failing: HubFiguresSnapshot["failing"] = null

  sent(endpoint: string): void {
    this.of(endpoint).sent++
    this.hourOf(endpoint).requests++
  }

  /** `expected`: a 404 the caller reads as "nothing there" (counted as the 4xx it is, never the last error). */
  answered(endpoint: string, status: number, { expected = false }: { expected?: boolean } = {}): void {
    const figures = this.of(endpoint)
    figures.answers[status] = (figures.answers[status] ?? 0) + 1
    if (status >= 400 && status < 500) this.hourOf(endpoint).clientErrors++
    if (status === 429) this.hourOf(endpoint).rateLimited++
    if (status >= 400 && !expected) {
      this.lastError = { at: new Date().toISOString(), endpoint, status, cause: `HTTP ${status}` }
    }
    if (status === 429 || status >= 500) this.failed()
    else this.failing = null
  }

  retried(endpoint: string): void {
    this.of(endpoint).retries++
  }

  networkFault(endpoint: string, code: string): void {
    this.of(endpoint).networkFaults++
    this.lastError = { at: new Date().toISOString(), endpoint, cause: code }
    this.failed()
  }

  invalidResponse(endpoint: string, cause = "invalid response"): void {
    this.of(endpoint).invalidResponses++
    this.lastError = { at: new Date().toISOString(), endpoint, cause }
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
      failing: this.failing && { ...this.failing },
      byEndpoint,
    }
  }

  /** The hourly increments since the last take, handed over once (a store adds them to its own rows). */
  takeHourly(): HourlyTraffic[] {
    const taken = [...this.hourly.values()]
    this.hourly = new Map()
    return taken
  }

  /** Gives back increments a store could not record, to be taken again with the next ones. */
  returnHourly(rows: HourlyTraffic[]): void {
    for (const row of rows) {
      const entry = this.hourOf(row.endpoint, row.hour)
      entry.requests += row.requests
      entry.clientErrors += row.clientErrors
      entry.rateLimited += row.rateLimited
    }
  }

  private failed(): void {
    const at = new Date().toISOString()
    this.failing = { since: this.failing?.since ?? at, lastAt: at }
  }

  private hourOf(endpoint: string, hour = startOfHour(new Date())): HourlyTraffic {
    const key = `${hour} ${endpoint}`
    let entry = this.hourly.get(key)
    if (!entry) {
      entry = { hour, endpoint, requests: 0, clientErrors: 0, rateLimited: 0 }
      this.hourly.set(key, entry)
    }
    return entry
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

function startOfHour(at: Date): string {
  return new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000).toISOString()
}
