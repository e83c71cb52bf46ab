/**
 * A piece of this process's machinery (the outbox's recorder and flusher, the import lanes, the
 * publisher, the sale timers, the reservation turns): state that lives as long as the application
 * and is stopped when it shuts down.
 */
export interface ProcessPart {
  /** Clears timers and starts no new work; work in flight ends on its own (its rows and leases make it safe). */
  stop?(): void
}

/**
 * The process's parts, one of each per application: built by the hub module's loader into the
 * module's container and stopped by its `onApplicationShutdown` hook. A part is made on first use by
 * whoever reaches it (a job, a subscriber, a route, a step) with the application's container, because
 * the drivers run workflows across the store's modules, which a module's own container cannot resolve.
 */
export class ProcessParts {
  private readonly parts = new Map<string, object & ProcessPart>()
  private stoppedAt: Date | null = null

  /** The part named `name`, made by `make` the first time it is asked for. */
  get<T extends object>(name: string, make: () => T): T {
    let part = this.parts.get(name) as T | undefined
    if (!part) {
      part = make()
      this.parts.set(name, part)
    }
    return part
  }

  /** True once the application is shutting down: work that would retry gives up then. */
  get stopped(): boolean {
    return this.stoppedAt !== null
  }

  stop(): void {
    this.stoppedAt ??= new Date()
    for (const part of this.parts.values()) part.stop?.()
  }
}
