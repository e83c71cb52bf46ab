import { FetchError } from "@medusajs/js-sdk"
import { hubDocumentUrl } from "../../lib/documents"

/**
 * An invoice the plugin refused before sending it: `problem` names why (src/mapping/nfe-xml.ts's, or
 * `key_in_use` with the `order` the key invoices), for the card to say in the admin's language.
 */
export class NfeRefusedError extends Error {
  constructor(
    message: string,
    readonly problem: string,
    readonly order?: string
  ) {
    super(message)
  }
}

/**
 * Sends a body that carries an NF-e (an invoice with its XML, `POST /admin/hub/orders/{code}/invoice-xml`,
 * or by its key, `.../moves`; a SAC instance with its return NF-e) with the admin's session. Its own
 * fetch, not the SDK's: the SDK keeps only an error's `message`, and the forms need the refusal's
 * `problem` (and `order`) too; any other failure is the SDK's own FetchError, with its status.
 */
export async function uploadNfe<T>(path: string, body: object): Promise<T> {
  const [pathname, search = ""] = path.split("?")
  const response = await fetch(hubDocumentUrl(pathname, Object.fromEntries(new URLSearchParams(search))), {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  })
  const answer = await response.json().catch(() => ({}))
  if (!response.ok) {
    const message = typeof answer.message === "string" ? answer.message : response.statusText
    throw typeof answer.problem === "string" ? new NfeRefusedError(message, answer.problem, typeof answer.order === "string" ? answer.order : undefined) : new FetchError(message, response.statusText, response.status)
  }
  return answer as T
}
