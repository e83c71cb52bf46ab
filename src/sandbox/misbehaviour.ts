/*
 * Switches that make the sandbox behave as a broken hub, or a gateway in front of it, would: a
 * Retry-After of a day, redirects, a `next` cursor that never ends, an order listed twice on a page,
 * a status code listed twice, a huge answer, an answer that drips. Each is what the plugin must bound
 * (docs/production.md, "What the plugin bounds"); tests switch them with `hub.misbehave(...)` or PUT
 * /_sandbox/misbehaviour.
 * Off by default, off again after `reset()`.
 */
import type { ServerResponse } from "node:http"
import { z } from "zod"
import { parseOrThrow } from "./errors"
import { send, type Answer } from "./http"

/** Which requests a switch takes: `times` of them (every one while absent), of `bucket` when given ("GET /products"). */
const takes = {
  times: z.number().int().positive().optional(),
  bucket: z.string().min(1).optional(),
}

export const misbehaviourSchema = z.strictObject({
  /** 429 with `Retry-After: <seconds>` (default: the next request only). */
  retryAfter: z
    .strictObject({ seconds: z.number().int().nonnegative(), times: z.number().int().positive().default(1), bucket: takes.bucket })
    .nullable()
    .optional(),
  /** A redirect, to `location` (by default another host): a client must neither follow it nor count it a success. */
  redirect: z
    .strictObject({
      status: z.union([z.literal(301), z.literal(302), z.literal(303), z.literal(307), z.literal(308)]).default(302),
      location: z.url().default("https://elsewhere.invalid/moved"),
      ...takes,
    })
    .nullable()
    .optional(),
  /**
   * `status` (200) with this JSON `body` instead of the hub's answer, whatever the request: a body a hub
   * gives that its documentation does not foresee (`{"product": null}`, a product without its fields).
   */
  answer: z
    .strictObject({ status: z.number().int().min(200).max(599).default(200), body: z.json(), ...takes })
    .nullable()
    .optional(),
  /** GET /products: once the real listing ends, every page (an empty one) still gives a new `next`. */
  endlessCursor: z.boolean().optional(),
  /** GET /orders: the first `n` orders of each listing page are listed again at its end (0: off). */
  duplicateOrderCodes: z.number().int().nonnegative().optional(),
  /** GET /statuses: the first `n` statuses listed again at its end, under another label (0: off). */
  duplicateStatusCodes: z.number().int().nonnegative().optional(),
  /** 200 with a JSON body of `bytes`, streamed from one reused chunk (never held whole); `declareLength` sends Content-Length. */
  hugeBody: z
    .strictObject({ bytes: z.number().int().min(64).max(10_000_000_000), declareLength: z.boolean().default(false), ...takes })
    .nullable()
    .optional(),
  /**
   * 200 whose body never ends: a space every `everyMs`, inside undici's idle timeouts, until the client
   * goes away; as JSON, or (`contentType: "pdf"`) as a PDF that never ends (a label, a PLP).
   */
  dripBody: z
    .strictObject({ everyMs: z.number().int().min(1).max(60_000).default(100), contentType: z.enum(["json", "pdf"]).default("json"), ...takes })
    .nullable()
    .optional(),
})
export type SandboxMisbehaviourInput = z.input<typeof misbehaviourSchema>
type Settings = z.output<typeof misbehaviourSchema>
type RequestSwitch = "retryAfter" | "redirect" | "answer" | "hugeBody" | "dripBody"

export type SandboxMisbehaviourState = {
  settings: Settings
  /** Bytes of huge bodies handed to sockets so far: how far a client read before it hung up. */
  hugeBytesWritten: number
}

/** What one request is answered with, when a switch takes it. */
export type Misbehaving = { status: number; carryOut(res: ServerResponse): void }

const CHUNK = Buffer.alloc(64 * 1024, "a")

export class Misbehaviour {
  private settings: Settings = {}
  private hugeBytesWritten = 0
  private readonly drips = new Set<NodeJS.Timeout>()

  /** `origin`: where the endless cursor's `next` points (the hub's own address). */
  constructor(private readonly origin: () => string) {}

  /** Sets the switches given (null turns one off); the others stay. */
  set(input: SandboxMisbehaviourInput): SandboxMisbehaviourState {
    const parsed = parseOrThrow(misbehaviourSchema, input, { prefix: "misbehaviour" })
    this.settings = Object.fromEntries(
      Object.entries({ ...this.settings, ...parsed }).filter(([, value]) => value !== null && value !== undefined)
    ) as Settings
    return this.state()
  }

  state(): SandboxMisbehaviourState {
    return { settings: structuredClone(this.settings), hugeBytesWritten: this.hugeBytesWritten }
  }

  reset(): void {
    this.settings = {}
    this.hugeBytesWritten = 0
  }

  /** Ends every drip (the hub is stopping). */
  stop(): void {
    for (const timer of this.drips) clearInterval(timer)
    this.drips.clear()
  }

  /** The answer a switch gives this request instead of the hub's, if any (consuming one of its `times`). */
  take(bucket: string): Misbehaving | undefined {
    const retryAfter = this.consume("retryAfter", bucket)
    if (retryAfter) {
      return json({ status: 429, body: { error: "Too many requests (sandbox misbehaviour)" }, headers: { "retry-after": String(retryAfter.seconds) } })
    }
    const redirect = this.consume("redirect", bucket)
    if (redirect) return json({ status: redirect.status, body: { error: "Moved (sandbox misbehaviour)" }, headers: { location: redirect.location } })
    const answer = this.consume("answer", bucket)
    if (answer) return json({ status: answer.status, body: answer.body })
    const huge = this.consume("hugeBody", bucket)
    if (huge) return { status: 200, carryOut: (res) => this.streamHuge(res, huge.bytes, huge.declareLength) }
    const drip = this.consume("dripBody", bucket)
    if (drip) return { status: 200, carryOut: (res) => this.drip(res, drip.everyMs, drip.contentType) }
    return undefined
  }

  /** The hub's own answer, as the listing switches change it. */
  rewrite(method: string, segments: string[], query: string, answer: Answer): Answer {
    if (method !== "GET" || segments.length !== 1 || answer.status !== 200) return answer
    const repeatedStatuses = this.settings.duplicateStatusCodes ?? 0
    if (segments[0] === "statuses" && repeatedStatuses > 0 && Array.isArray(answer.body)) {
      const again = (answer.body as Array<{ label: string }>).slice(0, repeatedStatuses).map((status) => ({ ...status, label: `${status.label} (listed again)` }))
      return { ...answer, body: [...answer.body, ...again] }
    }
    const body = answer.body as { products?: unknown[]; orders?: unknown[]; next?: string } | undefined
    if (segments[0] === "products" && this.settings.endlessCursor && body?.products && !body.next) {
      const next = new URL("/products", this.origin())
      for (const [key, value] of new URLSearchParams(query)) if (key !== "page" && key !== "cursor") next.searchParams.append(key, value)
      // After every SKU (U+FFFF sorts last), so each page is empty; a new cursor each time, so no link repeats.
      next.searchParams.set("cursor", Buffer.from(`\uffff${Date.now()}-${Math.random()}`, "utf8").toString("base64url"))
      return { ...answer, body: { ...body, next: next.toString() } }
    }
    const duplicates = this.settings.duplicateOrderCodes ?? 0
    if (segments[0] === "orders" && duplicates > 0 && body?.orders) {
      return { ...answer, body: { ...body, orders: [...body.orders, ...body.orders.slice(0, duplicates)] } }
    }
    return answer
  }

  private consume<K extends RequestSwitch>(name: K, bucket: string): NonNullable<Settings[K]> | undefined {
    const setting = this.settings[name] as (NonNullable<Settings[K]> & { times?: number; bucket?: string }) | undefined
    if (!setting || (setting.bucket !== undefined && setting.bucket !== bucket)) return undefined
    if (setting.times !== undefined) {
      if (setting.times <= 1) delete this.settings[name]
      else this.settings[name] = { ...setting, times: setting.times - 1 } as Settings[K]
    }
    return setting
  }

  /** `{"products":[],"total":0,"padding":"aaa…"}` of exactly `bytes`, written as the socket drains. */
  private streamHuge(res: ServerResponse, bytes: number, declareLength: boolean): void {
    const head = Buffer.from('{"products":[],"total":0,"padding":"')
    const tail = Buffer.from('"}')
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", ...(declareLength ? { "content-length": String(bytes) } : {}) })
    let left = Math.max(0, bytes - head.length - tail.length)
    const write = (chunk: Buffer) => {
      this.hugeBytesWritten += chunk.length
      return res.write(chunk)
    }
    const pump = () => {
      while (left > 0 && !res.destroyed) {
        const size = Math.min(left, CHUNK.length)
        left -= size
        if (!write(size === CHUNK.length ? CHUNK : CHUNK.subarray(0, size))) {
          res.once("drain", pump)
          return
        }
      }
      if (!res.destroyed) res.end(tail)
    }
    write(head)
    pump()
  }

  private drip(res: ServerResponse, everyMs: number, contentType: "json" | "pdf"): void {
    res.writeHead(200, { "content-type": contentType === "pdf" ? "application/pdf" : "application/json; charset=utf-8" })
    res.write(contentType === "pdf" ? "%PDF-1.4\n" : '{"products":[')
    const timer = setInterval(() => {
      if (res.destroyed) return stopDrip()
      res.write(" ")
    }, everyMs)
    const stopDrip = () => {
      clearInterval(timer)
      this.drips.delete(timer)
    }
    this.drips.add(timer)
    res.once("close", stopDrip)
  }
}

function json(answer: Answer): Misbehaving {
  return { status: answer.status, carryOut: (res) => send(res, answer) }
}
