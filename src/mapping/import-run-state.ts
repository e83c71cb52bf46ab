/*
 * How an order import run stands, as the hub page shows it. A run records its end (`finished_at`);
 * one whose process died (a restart, a deploy) never does, so its lease (`held_until`, moved on while
 * its process holds the import's lock) tells it apart once it has passed.
 */
export const IMPORT_RUN_STATES = ["running", "finished", "interrupted"] as const
export type ImportRunState = (typeof IMPORT_RUN_STATES)[number]

export function importRunState(run: { finished_at: Date | string | null; held_until?: Date | string | null }, now: number): ImportRunState {
  if (run.finished_at) return "finished"
  // A run recorded before runs held a lease has none: its process is long gone.
  if (!run.held_until) return "interrupted"
  return new Date(run.held_until).getTime() < now ? "interrupted" : "running"
}
