import type { NfeUpload } from "../../../hub-client/order-moves"
import { hubDocumentUrl } from "../../lib/documents"

/** The NF-e XML the plugin refused before sending it: `problem` names why (src/mapping/nfe-xml.ts), for the card to say in the admin's language. */
export class NfeRefusedError extends Error {
  constructor(message: string, readonly problem: string) {
    super(message)
  }
}

/**
 * Sends an invoice with its NF-e XML (`POST /admin/hub/orders/{code}/invoice-xml`) with the admin's
 * session. Its own fetch, not the SDK's: the SDK keeps only an error's `message`, and the card needs
 * the refused XML's `problem` too.
 */
export async function uploadNfe<T>(path: string, nfe: NfeUpload): Promise<T> {
  const [pathname, search = ""] = path.split("?")
  const response = await fetch(hubDocumentUrl(pathname, Object.fromEntries(new URLSearchParams(search))), {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(nfe),
  })
  const answer = await response.json().catch(() => ({}))
  if (!response.ok) {
    const message = typeof answer.message === "string" ? answer.message : response.statusText
    throw typeof answer.problem === "string" ? new NfeRefusedError(message, answer.problem) : new Error(message)
  }
  return answer as T
}
