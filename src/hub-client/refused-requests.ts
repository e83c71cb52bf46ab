/*
 * What the hub refused, remembered per request (docs/hub-interface.md §7 rule 1: an unchanged request
 * is never sent again after a 4xx): by the request's fingerprint, forgotten once a write to the same
 * resource succeeds (its cause may have been corrected) or after `memoryMs`. Bounded: the oldest
 * refusals are forgotten first.
 */
export type RememberedRefusal = { status: number; hubMessage: string; at: number; resource: string }

const MAX_REMEMBERED = 10_000

export class RefusedRequests {
  private readonly byFingerprint = new Map<string, RememberedRefusal>()
  /** The refused fingerprints of each written resource (`PUT /products/X`). */
  private readonly byResource = new Map<string, Set<string>>()

  constructor(private readonly memoryMs: number) {}

  /** The refusal of this very request, while it is remembered. */
  earlier(fingerprint: string): RememberedRefusal | undefined {
    const earlier = this.byFingerprint.get(fingerprint)
    return earlier && Date.now() - earlier.at < this.memoryMs ? earlier : undefined
  }

  remember(fingerprint: string, resource: string, status: number, hubMessage: string): void {
    if (this.memoryMs === 0) return
    this.byFingerprint.delete(fingerprint)
    this.byFingerprint.set(fingerprint, { status, hubMessage, at: Date.now(), resource })
    const ofResource = this.byResource.get(resource) ?? new Set<string>()
    this.byResource.set(resource, ofResource.add(fingerprint))
    if (this.byFingerprint.size > MAX_REMEMBERED) {
      const [oldest, entry] = this.byFingerprint.entries().next().value as [string, RememberedRefusal]
      this.byFingerprint.delete(oldest)
      this.byResource.get(entry.resource)?.delete(oldest)
    }
  }

  forget(resource: string): void {
    const fingerprints = this.byResource.get(resource)
    if (!fingerprints) return
    for (const fingerprint of fingerprints) this.byFingerprint.delete(fingerprint)
    this.byResource.delete(resource)
  }
}
