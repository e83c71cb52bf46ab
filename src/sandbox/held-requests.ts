/**
 * A switch of the sandbox hub for tests of slow answers: a hold on requests of one method and path
 * keeps each matching request, after it arrived and before the hub carries it out, until the test
 * releases it. No timer: a test makes a move slow for exactly as long as it needs, and knows when
 * the request has arrived.
 */
export type RequestHold = {
  /** Resolves once a matching request has arrived and is being held. */
  readonly reached: Promise<void>
  /** Lets every held request (and later matching ones) go on; the hold ends. */
  release(): void
}

type Hold = { method: string; path: string; reached: () => void; released: Promise<void>; release: () => void }

export class HeldRequests {
  private holds: Hold[] = []

  /** Holds the requests of `method` to `path` (exact, without the query) until released. */
  hold(method: string, path: string): RequestHold {
    let reached!: () => void
    let release!: () => void
    const reachedPromise = new Promise<void>((resolve) => (reached = resolve))
    const released = new Promise<void>((resolve) => (release = resolve))
    const hold: Hold = { method: method.toUpperCase(), path, reached, released, release }
    this.holds.push(hold)
    return {
      reached: reachedPromise,
      release: () => {
        this.holds = this.holds.filter((other) => other !== hold)
        release()
      },
    }
  }

  /** Waits while a hold matches this request (resolves at once when none does). */
  async pass(method: string, path: string): Promise<void> {
    const hold = this.holds.find((candidate) => candidate.method === method && candidate.path === path)
    if (!hold) return
    hold.reached()
    await hold.released
  }

  /** Lets everything held go (the hub's reset and stop). */
  releaseAll(): void {
    for (const hold of this.holds) hold.release()
    this.holds = []
  }
}
