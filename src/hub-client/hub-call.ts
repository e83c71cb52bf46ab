/*
 * One request to the hub as the transport takes it (transport.ts): what it sends, how its answer is
 * read, and the facts the hub's rules key on (docs/hub-interface.md §7): the resource a write touches
 * (a refusal forgotten once it succeeds) and the request's fingerprint (a refused one never resent unchanged).
 */
import { createHash } from "node:crypto"
import type { z } from "zod"
import type { HubForm } from "./form"

export type HubMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

export type HubCall<T> = {
  method: HubMethod
  /** Relative to the base URL, already encoded: `/orders/Loja%20X-1/invoice`. */
  path: string
  /** The endpoint's template, for errors and figures: `POST /orders/{code}/invoice`. */
  endpoint: string
  query?: URLSearchParams
  body?: unknown
  /** A `multipart/form-data` body instead of JSON (an NF-e XML upload): text fields and one file. */
  form?: HubForm
  /** null: the answer's body is not read (or may be empty). */
  response: z.ZodType<T> | null
  /**
   * What the call writes, when more than its path: a refusal is forgotten once a write to the same
   * resource succeeds. `POST /products` writes the product named in its body, so one product's
   * creation never releases another's refused one. Default: method and path.
   */
  resource?: string
  /** A PDF asked for (`Accept: application/pdf`): a 2xx answer's body is handed over unread, as a stream (`document`). */
  pdf?: boolean
  /** A read whose 404 is an answer (nothing there), not a refusal: it resolves to null and is never remembered as refused. */
  absentOn404?: boolean
}

/** The request as sent, hashed: method, path, query and body (a form by its fields and its file's digest). */
export function callFingerprint(call: HubCall<unknown>): string {
  return createHash("sha256")
    .update(`${call.method} ${call.path}?${call.query ?? ""}\n${call.body === undefined ? "" : JSON.stringify(call.body)}`)
    .update(call.form ? JSON.stringify({ fields: call.form.fields, file: createHash("sha256").update(call.form.file.content).digest("hex") }) : "")
    .digest("hex")
}

/** What the call writes: its `resource`, else its method and path. */
export function resourceOf(call: HubCall<unknown>): string {
  return call.resource ?? `${call.method} ${call.path}`
}

/** A listing's 400 past its first page: the hub's index limit is lower than the specification's. */
export function isDeepPage(call: HubCall<unknown>): boolean {
  return (call.endpoint === "GET /orders" || call.endpoint === "GET /products") && Number(call.query?.get("page") ?? 1) > 1
}
