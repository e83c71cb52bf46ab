/*
 * How a drill reports: one line per figure, `name: value (goal: ...) OK|MISSED`, and an exit status
 * that is non-zero when one missed, so `npm run drills` fails with it.
 */

export type Figure = { name: string; value: string | number; goal: string; ok: boolean }

export class DrillReport {
  private readonly figures: Figure[] = []

  constructor(readonly drill: string) {}

  /** A figure that must equal `goal` exactly (a count that must be 0, every one of N...). */
  equal(name: string, value: number, goal: number, detail = ""): void {
    this.add({ name, value: `${value}${detail ? ` ${detail}` : ""}`, goal: String(goal), ok: value === goal })
  }

  atLeast(name: string, value: number, goal: number, detail = ""): void {
    this.add({ name, value: `${value}${detail ? ` ${detail}` : ""}`, goal: `>= ${goal}`, ok: value >= goal })
  }

  /** Context beside the figures (sizes, durations): printed, never judged. */
  note(text: string): void {
    console.log(`  ${text}`)
  }

  private add(figure: Figure): void {
    this.figures.push(figure)
    console.log(`${figure.name}: ${figure.value} (goal: ${figure.goal}) ${figure.ok ? "OK" : "MISSED"}`)
  }

  get missed(): number {
    return this.figures.filter((figure) => !figure.ok).length
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
