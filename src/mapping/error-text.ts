import { maskPersonalData } from "./personal-data"

/**
 * An error's text for a log line or a stored reason, with customers' data masked. A workflow may
 * throw a plain object with a message rather than an Error, which `(error as Error).message` would
 * log as "undefined". Cut at `maxLength`: a database error quotes its whole statement and input.
 */
export function errorText(error: unknown, maxLength = 300): string {
  const message = (error as { message?: unknown } | null)?.message
  const text = maskPersonalData(typeof message === "string" ? message : String(error))
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text
}
