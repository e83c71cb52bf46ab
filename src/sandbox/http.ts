/*
 * HTTP plumbing shared by the hub's routes and the control routes: routing a path to a route,
 * reading bodies and query parameters, answering JSON. Kept apart so that a route file holds only
 * what its endpoints do; knows nothing of the hub's state.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http"
import { HUB_PAGE_SIZE } from "../hub-client/endpoints"
import { SandboxHubError } from "./errors"

/** `raw`: bytes answered as they are (a PDF), with their content type in `headers`; else `body` as JSON. */
export type Answer = { status: number; body?: unknown; raw?: Buffer; headers?: Record<string, string> }
/** `accept`: the request's Accept header, lower-cased ("" when none). */
export type RouteRequest = { params: Record<string, string>; query: URLSearchParams; accept: string; body(): unknown }
export type Route = { method: string; path: string; handle(request: RouteRequest): Answer }

const MAX_BODY_BYTES = 1_000_000

// ---- Routing ---------------------------------------------------------------------------

/** Runs the first route matching method and path; a refusal becomes its answer, anything else a 500. */
export function answerRoute(
  routes: Route[],
  method: string,
  rawSegments: string[],
  rawQuery: string,
  body: () => unknown,
  accept = ""
): Answer {
  try {
    const segments = rawSegments.map((segment) => {
      try {
        return decodeURIComponent(segment)
      } catch {
        throw new SandboxHubError(400, "Malformed percent-encoding in the path")
      }
    })
    for (const route of routes) {
      const params = matchPath(route.path, segments)
      if (route.method === method && params) {
        return route.handle({ params, query: new URLSearchParams(rawQuery), accept: accept.toLowerCase(), body })
      }
    }
    throw new SandboxHubError(404, `No route ${method} /${rawSegments.join("/")}`)
  } catch (error) {
    if (error instanceof SandboxHubError) return errorAnswer(error)
    console.error("[hub-sandbox] unexpected error:", error)
    return { status: 500, body: { error: "Internal sandbox error" } }
  }
}

function matchPath(pattern: string, segments: string[]): Record<string, string> | undefined {
  const parts = pattern.split("/").filter(Boolean)
  if (parts.length !== segments.length) return undefined
  const params: Record<string, string> = {}
  for (const [index, part] of parts.entries()) {
    if (part.startsWith(":")) params[part.slice(1)] = segments[index]
    else if (part !== segments[index]) return undefined
  }
  return params
}

export function splitOnce(value: string, separator: string): [string, string?] {
  const index = value.indexOf(separator)
  return index === -1 ? [value] : [value.slice(0, index), value.slice(index + 1)]
}

// ---- Requests and answers --------------------------------------------------------------

export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()]
  return (Array.isArray(value) ? value[0] : value) || undefined
}

type RequestBody = { bytes: Buffer; tooLarge: boolean }

/** Reads the whole body (so keep-alive connections stay usable), keeping at most MAX_BODY_BYTES. */
export function readBody(req: IncomingMessage): Promise<RequestBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY_BYTES) chunks.push(chunk)
    })
    req.on("end", () => resolve({ bytes: Buffer.concat(chunks), tooLarge: size > MAX_BODY_BYTES }))
    req.on("error", reject)
  })
}

/** A `multipart/form-data` body as a route reads it: its text fields and its files. */
export type FormBody = { form: true; fields: Record<string, string>; files: Record<string, { name: string; type: string; content: string }> }

/**
 * A request's body: JSON, or (for the hub's one form, an invoice with its NF-e XML) a
 * `multipart/form-data` one, read by the small reader below: a test tool's own, so the sandbox takes
 * what a form encoder sends (each part's headers, a blank line, its content) and nothing more.
 */
export function parseJson(
  body: RequestBody,
  options: { requireJsonContentType: boolean; headers: IncomingHttpHeaders }
): unknown {
  const contentType = headerValue(options.headers, "content-type") ?? ""
  const mediaType = contentType.split(";")[0].trim().toLowerCase()
  if (mediaType === "multipart/form-data") {
    if (body.tooLarge) throw new SandboxHubError(413, `Request body exceeds ${MAX_BODY_BYTES} bytes`)
    return parseForm(body.bytes.toString("utf8"), contentType)
  }
  if (options.requireJsonContentType && mediaType !== "application/json") {
    throw new SandboxHubError(415, "Content-Type must be application/json")
  }
  if (body.tooLarge) throw new SandboxHubError(413, `Request body exceeds ${MAX_BODY_BYTES} bytes`)
  if (body.bytes.length === 0) throw new SandboxHubError(400, "A JSON body is required")
  try {
    return JSON.parse(body.bytes.toString("utf8"))
  } catch {
    throw new SandboxHubError(400, "Malformed JSON body")
  }
}

function parseForm(text: string, contentType: string): FormBody {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1]
  if (!boundary) throw new SandboxHubError(400, "multipart/form-data without a boundary")
  const form: FormBody = { form: true, fields: {}, files: {} }
  for (const part of text.split(`--${boundary}`).slice(1)) {
    if (part.startsWith("--")) break
    const split = part.indexOf("\r\n\r\n")
    if (split < 0) throw new SandboxHubError(400, "a form part without its blank line")
    const headers = part.slice(0, split)
    const content = part.slice(split + 4).replace(/\r\n$/, "")
    const name = /name="([^"]*)"/i.exec(headers)?.[1]
    if (!name) throw new SandboxHubError(400, "a form part without a name")
    const fileName = /filename="([^"]*)"/i.exec(headers)?.[1]
    if (fileName === undefined) form.fields[name] = content
    else form.files[name] = { name: fileName, type: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? "", content }
  }
  return form
}

export function send(res: ServerResponse, answer: Answer): void {
  if (res.headersSent || res.destroyed) return
  if (answer.raw) {
    res.writeHead(answer.status, { "content-length": String(answer.raw.length), ...answer.headers })
    res.end(answer.raw)
    return
  }
  const payload = answer.body === undefined ? undefined : JSON.stringify(answer.body)
  res.writeHead(answer.status, {
    ...(payload === undefined
      ? {}
      : { "content-type": "application/json; charset=utf-8", "content-length": String(Buffer.byteLength(payload)) }),
    ...answer.headers,
  })
  res.end(payload)
}

export function errorAnswer(error: SandboxHubError): Answer {
  return { status: error.status, body: { error: error.message } }
}

// ---- Query parameters ------------------------------------------------------------------

export function allowOnlyParams(query: URLSearchParams, allowed: readonly string[]): void {
  for (const key of query.keys()) {
    if (!allowed.includes(key)) throw new SandboxHubError(400, `Unknown query parameter ${key}`)
  }
}

export function readSingle(query: URLSearchParams, key: string): string | undefined {
  const values = query.getAll(key)
  if (values.length > 1) throw new SandboxHubError(400, `${key} may be given only once`)
  return values[0]
}

export function readInteger(query: URLSearchParams, key: string): number | undefined {
  const value = readSingle(query, key)
  if (value === undefined) return undefined
  if (!/^-?\d+$/.test(value)) throw new SandboxHubError(400, `${key} must be an integer`)
  return Number(value)
}

/** page (absent when not given) and per_page (default and maximum HUB_PAGE_SIZE: docs/hub-interface.md §4.1, §8). */
export function readPaging(query: URLSearchParams): { page?: number; perPage: number } {
  const page = readInteger(query, "page")
  const perPage = readInteger(query, "per_page") ?? HUB_PAGE_SIZE
  if (page !== undefined && page < 1) throw new SandboxHubError(400, "page must be 1 or more")
  if (perPage < 1 || perPage > HUB_PAGE_SIZE) {
    throw new SandboxHubError(400, `per_page must be between 1 and ${HUB_PAGE_SIZE}`)
  }
  return { page, perPage }
}
