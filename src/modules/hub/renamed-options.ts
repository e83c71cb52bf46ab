import { HubPluginOptionsError } from "./options"

/**
 * Options renamed, one word per concept: in 0.3.0 those that time the whole catalogue (the outbox's
 * pushes and the products' publication), not stock alone (`stockBuffer` keeps its name: it is about
 * quantity); later, the hub's 4xx named a refusal wherever the plugin names it. The old names are still
 * read, with a boot warning.
 */
export const RENAMED_OPTIONS = {
  stockCoalesceMs: "catalogueCoalesceMs",
  stockMaxDelayMs: "catalogueMaxDelayMs",
  stockMinPushIntervalMs: "catalogueMinPushIntervalMs",
  stockLeaseMs: "catalogueLeaseMs",
  stockRetryDelayMs: "catalogueRetryDelayMs",
  stockReconcileEveryMinutes: "catalogueReconcileEveryMinutes",
  rejectedRequestMemoryMs: "refusedRequestMemoryMs",
} as const

/**
 * One options object with each old name given under its new one. `place` names the object in a
 * message (`accounts.0 (brand-b)`). Both names given is refused (which one is meant cannot be told);
 * `renamed` says what to write instead, for the boot's warning.
 */
export function readRenamedOptions(options: Record<string, unknown>, place?: string): { options: Record<string, unknown>; renamed: string[] } {
  const read = { ...options }
  const renamed: string[] = []
  const at = (key: string) => (place ? `${place}.${key}` : key)
  for (const [old, current] of Object.entries(RENAMED_OPTIONS)) {
    if (read[old] === undefined) continue
    if (read[current] !== undefined) throw new HubPluginOptionsError(`${at(old)}: renamed ${current}, which is given too; keep only ${current}`)
    read[current] = read[old]
    delete read[old]
    renamed.push(`${at(old)} is now ${current}`)
  }
  return { options: read, renamed }
}
