/*
 * How every bench prints a figure: one line `name: value (goal: ...) OK|MISSED`, optionally followed
 * by what it was measured on in brackets; `npm run bench` collects these lines into its summary.
 */

export type Goal = { at: "<=" | ">=" | "="; target: number; unit?: string }

/**
 * Prints the figure's line and says whether it met its goal, judged at the precision shown (1.002
 * requests per SKU is "1.00", which meets "<= 1"); NaN and Infinity never do.
 */
export function figure(name: string, value: number, goal: Goal, { digits = 2, detail }: { digits?: number; detail?: string } = {}): boolean {
  const shownValue = Number(value.toFixed(digits))
  const met =
    Number.isFinite(value) &&
    (goal.at === "<=" ? shownValue <= goal.target : goal.at === ">=" ? shownValue >= goal.target : shownValue === goal.target)
  const unit = goal.unit ? ` ${goal.unit}` : ""
  const shown = Number.isFinite(value) ? value.toFixed(digits) : String(value)
  console.log(`${name}: ${shown}${unit} (goal: ${goal.at} ${goal.target}${unit}) ${met ? "OK" : "MISSED"}${detail ? `  [${detail}]` : ""}`)
  return met
}

/** A figure without a goal of its own (shown for comparison): `name: value  [detail]`. */
export function info(name: string, value: string, detail?: string): void {
  console.log(`${name}: ${value}${detail ? `  [${detail}]` : ""}`)
}

/** The value at `share` (0..1) of the sorted values; Infinity when there are none. */
export function percentile(sorted: readonly number[], share: number): number {
  if (!sorted.length) return Number.POSITIVE_INFINITY
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]
}
