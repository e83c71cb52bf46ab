/*
 * How a drill reports: one line per figure as the benches print it (bench/lib/figures.ts,
 * `name: value (goal: ...) OK|MISSED`), and an exit status that is non-zero when one missed, so
 * `npm run drills` fails with it.
 */
import { figure, type Goal } from "../../bench/lib/figures"

export class DrillReport {
  private missedCount = 0

  constructor(readonly drill: string) {}

  /** A count that must be exactly `goal` (0 lost, all of N...). */
  equal(name: string, value: number, goal: number, detail?: string): void {
    this.add(name, value, { at: "=", target: goal }, detail)
  }

  /** A ratio that must be exactly `goal`, shown with two decimals (pair it with a count: rounding hides one in a thousand). */
  ratio(name: string, value: number, goal: number, detail?: string): void {
    this.add(name, value, { at: "=", target: goal }, detail, 2)
  }

  atLeast(name: string, value: number, goal: number, detail?: string): void {
    this.add(name, value, { at: ">=", target: goal }, detail)
  }

  atMost(name: string, value: number, goal: number, detail?: string): void {
    this.add(name, value, { at: "<=", target: goal }, detail)
  }

  /** Context beside the figures (sizes, durations): printed, never judged. */
  note(text: string): void {
    console.log(`  ${text}`)
  }

  private add(name: string, value: number, goal: Goal, detail?: string, digits = 0): void {
    if (!figure(name, value, goal, { digits, detail })) this.missedCount++
  }

  get missed(): number {
    return this.missedCount
  }
}

/** Runs a drill's main and exits with its verdict (1 when a figure missed or it threw). */
export function runDrill(main: () => Promise<DrillReport>): void {
  main().then(
    (report) => process.exit(report.missed ? 1 : 0),
    (error) => {
      console.error(error)
      process.exit(1)
    }
  )
}

/** `--quick` on the command line (or DRILLS_QUICK=true): fewer repetitions, shorter storms. */
export const QUICK = process.argv.includes("--quick") || process.env.DRILLS_QUICK === "true"

export const log = (drill: string) => (message: string) => console.error(`[${drill}] ${new Date().toISOString().slice(11, 19)} ${message}`)
