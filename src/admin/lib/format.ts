/** A timestamp in the merchant's locale; "—" when there is none. */
export function formatTime(at: string | null | undefined): string {
  return at ? new Date(at).toLocaleString() : "—"
}

/** A duration in seconds with one decimal, as the run tables show it. */
export function formatDuration(ms: number | null | undefined): string {
  return ms == null ? "—" : `${(ms / 1000).toFixed(1)} s`
}

/** The message of an admin API error (the js-sdk's FetchError carries the server's message). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
