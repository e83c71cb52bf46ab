import type { MerchantOrderMove, NfeUpload } from "../../../hub-client/order-moves"
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
 * Sends an invoice with its NF-e XML (`POST /admin/hub/orders/{code}/invoice-xml`), or by its key
 * (`.../moves`), with the admin's session. Its own fetch, not the SDK's: the SDK keeps only an error's
 * `message`, and the card needs the refusal's `problem` (and `order`) too.
 */
export async function uploadNfe<T>(path: string, nfe: NfeUpload | MerchantOrderMove): Promise<T> {
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
    throw typeof answer.problem === "string" ? new NfeRefusedError(message, answer.problem, typeof answer.order === "string" ? answer.order : undefined) : new Error(message)
  }
  return answer as T
}
