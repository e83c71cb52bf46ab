import type { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"

/*
 * What freight quotes hold in memory per process (docs/freight.md, *What a quote costs*): a value per
 * account read from the database once, answered from memory after, read again behind the quotes when
 * older than its expiry (a safety net for changes made in another process) or when an event says it
 * changed. A quote never waits for a read but the first.
 */

/** How long a kept value answers before it is read again behind the quotes. */
export const FREIGHT_KEPT_TTL_MS = 5_000
/** How long events are gathered before the values they changed are read again. */
const REFRESH_BURST_MS = 250

export class KeptPerAccount<T> {
  private readonly kept = new Map<string, { value: T; at: number }>()
  private readonly reads = new Map<string, Promise<T>>()

  constructor(
    private readonly readValue: (account: string) => Promise<T>,
    private readonly ttlMs = FREIGHT_KEPT_TTL_MS
  ) {}

  /** The kept value (undefined before the first read ended); an old one starts a read behind it. */
  now(account: string): T | undefined {
    const kept = this.kept.get(account)
    if (!kept || Date.now() - kept.at >= this.ttlMs) void this.read(account).catch(() => undefined)
    return kept?.value
  }

  /** Reads the value again (one read at a time per account); a failed read keeps the value before, tried again after the expiry. */
  read(account: string): Promise<T> {
    const running = this.reads.get(account)
    if (running) return running
    // A read that started before a set() or clear() is stale when it ends: it answers its caller, it is not kept.
    const version = this.versionOf(account)
    const read = this.readValue(account)
      .then(
        (value) => {
          if (this.versionOf(account) === version) this.kept.set(account, { value, at: Date.now() })
          return value
        },
        (error: unknown) => {
          const kept = this.kept.get(account)
          if (kept) kept.at = Date.now()
          throw error
        }
      )
      .finally(() => {
        if (this.reads.get(account) === read) this.reads.delete(account)
      })
    this.reads.set(account, read)
    return read
  }

  private generation = 0
  private readonly versions = new Map<string, number>()
  private versionOf(account: string): string {
    return `${this.generation}.${this.versions.get(account) ?? 0}`
  }

  /** Sets the value at once (the process that changed it knows it); a read in flight is not kept. */
  set(account: string, value: T): void {
    this.versions.set(account, (this.versions.get(account) ?? 0) + 1)
    this.reads.delete(account)
    this.kept.set(account, { value, at: Date.now() })
  }

  private refreshing: NodeJS.Timeout | undefined

  /**
   * Every account's value read again behind the quotes (an event said the store's shipping changed),
   * once for a burst: Medusa emits a price event per price, and a catalogue's bulk update is thousands.
   */
  refreshAll(): void {
    if (this.refreshing) return
    this.refreshing = setTimeout(() => {
      this.refreshing = undefined
      // A read already in flight may have started before the change: read again, and keep only the new read
      // (an account whose first read is in flight too, or it would be kept by no one and the next quote would wait).
      const accounts = new Set([...this.kept.keys(), ...this.reads.keys()])
      this.generation++
      this.reads.clear()
      for (const account of accounts) void this.read(account).catch(() => undefined)
    }, REFRESH_BURST_MS)
    this.refreshing.unref()
  }

  /** Forgets every value, and the reads in flight: the next quote reads it (the admin's own changes, a test's cold process). */
  clear(): void {
    this.generation++
    this.reads.clear()
    this.kept.clear()
  }
}

/** The process's kept value named `name`, made the first time with `read` (given the container that made it). */
export function keptPerAccount<T>(container: MedusaContainer, name: string, read: (container: MedusaContainer, account: string) => Promise<T>): KeptPerAccount<T> {
  return container.resolve<HubModuleService>(HUB_MODULE).processPart(name, () => new KeptPerAccount<T>((account) => read(container, account)))
}

/** Each account's quote route token (null: none), kept in memory: a wrong token is decided without a query. */
export const freightTokens = (container: MedusaContainer) =>
  keptPerAccount<string | null>(container, "freight-tokens", (scope, account) => scope.resolve<HubModuleService>(HUB_MODULE).account(account).records.freight.token())
