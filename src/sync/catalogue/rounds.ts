import { setTimeout as sleep } from "node:timers/promises"

/**
 * A round starts at least this long after the one before it. A reading costs little more CPU for
 * twenty SKUs than for one (22 ms against 11), so rows falling due one after the other are claimed a
 * handful at a time instead of a round each; a backlog's rounds take longer than this anyway.
 */
const ROUND_SPACING_MS = 100

/** What one round did: how many rows it claimed, and when the next one is due (null: none waits). */
export type RoundResult = { claimed: number; nextDueInMs: number | null; failedAll?: boolean }

export type RoundsSettings = {
  round: () => Promise<RoundResult>
  /** The quiet time a change waits for (`catalogueCoalesceMs`). */
  coalesceMs: () => number
  /** How long to wait after a round that threw, or whose every claim failed (`catalogueRetryDelayMs`). */
  retryDelayMs: () => number
  /** A round threw: logged by the owner, tried again after `retryDelayMs`. */
  failed: (error: unknown) => void
}

/**
 * When to run an account's catalogue rounds (its flusher's one timer: each round pushes its due hub
 * products, beside a chunk of the walk applying saved price rules): rounds follow one another while
 * they claim, so a backlog drains at the hub's limit; a request while a round runs makes it look
 * again, and while none runs one timer waits for the earliest row to be due. The rows in PostgreSQL stay the truth: this only decides when to look at them.
 */
export class Rounds {
  private draining?: Promise<void>
  private again = false
  private timer?: NodeJS.Timeout
  private timerDueAt = Number.POSITIVE_INFINITY
  private lastRoundAt = 0
  private stopped = false

  constructor(private readonly settings: RoundsSettings) {}

  /** A change was recorded: a round once it is due (after the quiet time, unless `delayMs` says sooner). */
  request(delayMs = this.settings.coalesceMs()): void {
    if (this.draining) {
      this.again = true
      return
    }
    this.schedule(delayMs)
  }

  /** Rounds now until nothing due is left; joins the rounds already running, if they are. */
  flush(): Promise<void> {
    if (this.draining) {
      this.again = true
      return this.draining
    }
    this.clearTimer()
    this.draining = this.drain().finally(() => {
      this.draining = undefined
    })
    return this.draining
  }

  /** At shutdown: no new round, no timer; the round in flight ends on its own. */
  stop(): void {
    this.stopped = true
    this.clearTimer()
  }

  private async drain(): Promise<void> {
    let nextDueInMs: number | null = null
    try {
      while (!this.stopped) {
        this.again = false
        const spacingLeft = this.lastRoundAt + ROUND_SPACING_MS - Date.now()
        if (spacingLeft > 0) await sleep(spacingLeft)
        this.lastRoundAt = Date.now()
        const result = await this.settings.round()
        nextDueInMs = result.nextDueInMs
        if (result.claimed === 0) break
        // Every claim failed (the hub unavailable): not round after round.
        if (result.failedAll) await sleep(this.settings.retryDelayMs())
      }
    } catch (error) {
      this.settings.failed(error)
      nextDueInMs = this.settings.retryDelayMs()
    }
    // A change recorded during the last round is due after its quiet time; rows held by another
    // process, or waiting out a failure, when their time comes.
    if (this.again) nextDueInMs = Math.min(nextDueInMs ?? Number.POSITIVE_INFINITY, this.settings.coalesceMs())
    if (nextDueInMs !== null) this.schedule(Math.max(nextDueInMs, 20))
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return
    const dueAt = Date.now() + delayMs
    if (this.timer && this.timerDueAt <= dueAt) return
    this.clearTimer()
    this.timerDueAt = dueAt
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.timerDueAt = Number.POSITIVE_INFINITY
      void this.flush()
    }, delayMs)
    // Never keeps the process alive: the rows survive, and the next process sends them.
    this.timer.unref()
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    this.timerDueAt = Number.POSITIVE_INFINITY
  }
}
