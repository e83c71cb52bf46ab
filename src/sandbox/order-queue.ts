/*
 * The hub's order queue (docs/hub-public-facts.md, Orders): `GET /queues/orders` hands out one
 * order (an empty body when none is waiting) and hides it for the visibility timeout; `DELETE
 * /queues/orders/{code}` acknowledges it; an order not acknowledged comes back after the timeout;
 * every change of an order's status puts it back at the end of the queue.
 */

/** About five minutes on the hubs of the public record. */
export const DEFAULT_QUEUE_VISIBILITY_MS = 5 * 60_000

/**
 * A queue that stops answering, set from the control routes: `unavailable` answers 503 to every
 * queue request, `empty` answers as if nothing were waiting; orders still queue up meanwhile and are
 * handed out once the fault is lifted (null).
 */
export const QUEUE_FAULTS = ["unavailable", "empty"] as const
export type SandboxQueueFault = (typeof QUEUE_FAULTS)[number] | null

export class SandboxOrderQueue {
  /** Code -> when it may be handed out again; a Map keeps the order codes were queued in. */
  private readonly visibleAt = new Map<string, number>()
  fault: SandboxQueueFault = null

  constructor(
    private readonly now: () => number,
    private readonly visibilityMs: number = DEFAULT_QUEUE_VISIBILITY_MS
  ) {}

  /** Queues an order (again): at the end, visible at once. */
  enqueue(code: string): void {
    this.visibleAt.delete(code)
    this.visibleAt.set(code, 0)
  }

  /** The first order visible now, hidden for the visibility timeout; undefined when none is waiting. */
  take(): string | undefined {
    const now = this.now()
    for (const [code, visibleAt] of this.visibleAt) {
      if (visibleAt <= now) {
        this.visibleAt.set(code, now + this.visibilityMs)
        return code
      }
    }
    return undefined
  }

  /** Removes an order from the queue; false when it was not queued. */
  acknowledge(code: string): boolean {
    return this.visibleAt.delete(code)
  }

  /** Orders queued, handed out or not. */
  depth(): number {
    return this.visibleAt.size
  }

  /** Empties the queue, as if every order had been acknowledged. */
  acknowledgeAll(): void {
    this.visibleAt.clear()
  }

  clear(): void {
    this.acknowledgeAll()
    this.fault = null
  }
}
