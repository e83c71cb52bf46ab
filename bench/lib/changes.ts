/**
 * How many pushes a SKU's edits may cost by the outbox's design (src/modules/hub/repositories/
 * hub-catalogue-change.ts): a row is due once quiet for `catalogueCoalesceMs` or waiting longer than
 * `catalogueMaxDelayMs`, so edits further apart than the first, or a run of them longer than the second,
 * are changes of their own, each allowed its push. On a store whose writes are quick, one per SKU.
 */
export function coalescedChanges(editTimesBySku: number[][], timing: { catalogueCoalesceMs: number; catalogueMaxDelayMs: number }): number {
  let changes = 0
  for (const times of editTimesBySku) {
    let startedAt = Number.NEGATIVE_INFINITY
    let lastAt = Number.NEGATIVE_INFINITY
    for (const at of [...times].sort((a, b) => a - b)) {
      if (at - lastAt > timing.catalogueCoalesceMs || at - startedAt > timing.catalogueMaxDelayMs) {
        changes++
        startedAt = at
      }
      lastAt = at
    }
  }
  return changes
}
