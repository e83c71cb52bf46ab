/**
 * The admin's language (Medusa keeps it in localStorage as `lng`), as a locale for dates;
 * en-US, Medusa's default, when it names none the browser knows.
 */
function adminLocale(): string {
  const language = typeof localStorage === "undefined" ? null : localStorage.getItem("lng")
  try {
    return language ? Intl.getCanonicalLocales(language)[0] : "en-US"
  } catch {
    return "en-US"
  }
}

/** A timestamp as Medusa's admin shows one (date-fns `PP p`: "Nov 22, 2026 2:30 PM"); "—" when there is none. */
export function formatTime(at: string | Date | null | undefined): string {
  if (!at) return "—"
  const date = new Date(at)
  if (Number.isNaN(date.getTime())) return "—"
  const locale = adminLocale()
  return `${date.toLocaleDateString(locale, { dateStyle: "medium" })} ${date.toLocaleTimeString(locale, { timeStyle: "short" })}`
}

/** A duration in seconds with one decimal, as the run tables show it. */
export function formatDuration(ms: number | null | undefined): string {
  return ms == null ? "—" : `${(ms / 1000).toFixed(1)} s`
}

/** The message of an admin API error (the js-sdk's FetchError carries the server's message). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
