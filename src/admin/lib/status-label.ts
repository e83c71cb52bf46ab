/*
 * A hub status's label in the merchant's words. The hub's labels carry its machinery beside the words
 * (docs/hub-public-facts.md, Statuses: `NEW - Pagamento Pendente (Sandbox)`, `Pagamento Pendente (new)
 * (<service>)`): the status type, which the card's badge says already, and the hub service's name on
 * every status alike. Both are dropped; a label that would be left empty stays as the hub wrote it.
 */

/** The status types a label may carry, as the hub spells them (hub-client/schemas.ts's, and the types outside them). */
const TYPE_WORD = "(?:NEW|APPROVED|CANCELED|CANCELLED|INVOICED|SHIPPED|DELIVERED|SHIPMENT_EXCEPTION|INCIDENT|RETURNED)"
const TYPE_PREFIX = new RegExp(`^${TYPE_WORD}\\s*[-–:]\\s*`, "i")
const TYPE_MARKER = new RegExp(`\\s*\\(${TYPE_WORD}\\)`, "gi")
const LAST_GROUP = /\s*\(([^()]+)\)\s*$/

/**
 * The service's name: the parenthesised words the most of the catalogue's labels end with, three at
 * least (or every label of a shorter catalogue): the hub's standard statuses carry it, an account's
 * own statuses may not, and a label's own words in parentheses seldom repeat. Else null.
 */
export function serviceSuffix(labels: string[]): string | null {
  const counts = new Map<string, number>()
  for (const label of labels) {
    const group = label.match(LAST_GROUP)?.[1]
    if (group) counts.set(group, (counts.get(group) ?? 0) + 1)
  }
  const [group, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [null, 0]
  return group && (count >= 3 || (count >= 2 && count === labels.length)) ? group : null
}

/** `label` without its status type and the catalogue's service name (`suffix`, from serviceSuffix). */
export function merchantStatusLabel(label: string, suffix: string | null): string {
  let words = label.trim()
  if (suffix && words.endsWith(`(${suffix})`)) words = words.slice(0, -`(${suffix})`.length)
  words = words.replace(TYPE_MARKER, "").replace(TYPE_PREFIX, "").trim()
  return words || label
}
