/**
 * The admin's language (the dashboard keeps the admin user's choice in localStorage as `lng`, in
 * Medusa's codes: "en", "ptBR") as a locale for dates and numbers; en-US, Medusa's default, when it
 * names none the browser knows.
 */
export function adminLocale(): string {
  const language = typeof localStorage === "undefined" ? null : localStorage.getItem("lng")
  // Medusa's codes join language and region ("ptBR"); Intl wants them apart ("pt-BR").
  const tag = language?.replace(/^([a-z]{2,3})([A-Z]{2})$/, "$1-$2")
  try {
    return tag ? Intl.getCanonicalLocales(tag)[0] : "en-US"
  } catch {
    return "en-US"
  }
}

/** A timestamp in the admin's language ("Nov 22, 2026 2:30 PM", "22 de nov. de 2026 14:30"); "—" when there is none. */
export function formatTime(at: string | Date | null | undefined): string {
  if (!at) return "—"
  const date = new Date(at)
  if (Number.isNaN(date.getTime())) return "—"
  const locale = adminLocale()
  return `${date.toLocaleDateString(locale, { dateStyle: "medium" })} ${date.toLocaleTimeString(locale, { timeStyle: "short" })}`
}

/** From one timestamp to another, the day said once when both fall on it ("Dec 1, 2026 9:03 PM–9:40 PM"), the time once when both read the same. */
export function formatTimeRange(from: string | Date, to: string | Date): string {
  const [start, end] = [new Date(from), new Date(to)]
  if (formatTime(start) === formatTime(end)) return formatTime(start)
  if (start.toDateString() !== end.toDateString()) return `${formatTime(start)}–${formatTime(end)}`
  return `${formatTime(start)}–${end.toLocaleTimeString(adminLocale(), { timeStyle: "short" })}`
}

/** A duration in seconds with one decimal, as the run tables show it ("1.5 s", "1,5 s"). */
export function formatDuration(ms: number | null | undefined): string {
  return ms == null ? "—" : `${(ms / 1000).toLocaleString(adminLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s`
}

/** The message of an admin API error (the js-sdk's FetchError carries the server's message). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** A wait in the admin's language, in minutes from one minute up ("about 3 minutes", "3 minutos"), else seconds. */
export function formatSecondsLeft(seconds: number): string {
  const [value, unit] = seconds >= 60 ? [Math.ceil(seconds / 60), "minute"] : [Math.max(0, Math.ceil(seconds)), "second"]
  return new Intl.NumberFormat(adminLocale(), { style: "unit", unit, unitDisplay: "long" }).format(value)
}

/**
 * An amount to the cent as the admin's language writes it: in its currency when one is known (the hub's
 * prices: the account region's, "R$ 115,90" in Portuguese, "R$115.90" in English), else the number alone.
 */
export function formatAmount(value: number | string | null | undefined, currencyCode?: string | null): string {
  if (value == null || value === "") return "—"
  const amount = Number(value)
  if (currencyCode) return amount.toLocaleString(adminLocale(), { style: "currency", currency: currencyCode.toUpperCase() })
  return amount.toLocaleString(adminLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 })
}
