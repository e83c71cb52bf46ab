import type { EndpointFigures, HourlyTraffic, HubFiguresSnapshot } from "./figure-snapshot"

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

  /** The hourly increments not taken yet, as copies: what a reader adds to the store's rows without taking them. */
  untakenHourly(): HourlyTraffic[] {
    return [...this.hourly.values()].map((entry) => ({ ...entry }))
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
