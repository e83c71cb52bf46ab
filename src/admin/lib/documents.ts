/**
 * Where the admin opens a document the hub makes (a label, a PLP) in a new tab: an admin route that
 * streams it from the hub, reached with the admin's own session.
 */
export function hubDocumentUrl(path: string, query: Record<string, string>): string {
  const base = (import.meta.env.VITE_BACKEND_URL || "").replace(/\/+$/, "")
  return `${base}${path}?${new URLSearchParams(query)}`
}
