/*
 * What the hub client counts, as the admin, the logs and the store's hourly rows read it
 * (figures.ts keeps the counters).
 */
/** Per endpoint template (`POST /orders/{code}/invoice`). */
export type EndpointFigures = {
  sent: number
  /** Answers by HTTP status: `{ "200": 12, "422": 1 }`. */
  answers: Record<string, number>
  retries: number
  networkFaults: number
  invalidResponses: number
  /** Requests refused locally because the hub had refused the very same request. */
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
