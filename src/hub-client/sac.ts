/*
 * The marketplace's customer service (SAC) as the hub serves it, the client's calls (its words are
 * `sac-schemas.ts`): the tickets by their cursor, a ticket's chats, lines, refunds and instances, the
 * seller's instance and answer in a chat.
 *
 * The answer's path and body are not published at all: `POST /sac/{code}/chats/{parts}` with
 * `{ "message": { "content" } }` is a guess (the sandbox's reading, docs/sandbox.md), made here once.
 */
import { z } from "zod"
import { describeIssues, HubIncompleteListingError, HubInvalidRequestError } from "./errors"
import {
  hubSacChatSchema,
  hubSacItemSchema,
  hubSacRefundSchema,
  hubSacInstanceSchema,
  sacPageSchema,
  listOf,
  sacInstanceRequestSchema,
  sacAnswerSchema,
  SAC_MAX_PAGES,
  type HubSacPage,
  type HubSacChat,
  type HubSacItem,
  type HubSacRefund,
  type HubSacInstance,
  type HubSacInstanceRequest,
} from "./sac-schemas"
import type { HubTransport } from "./transport"

const sacPath = (code: string, ...rest: string[]) => ["", "sac", encodeURIComponent(code), ...rest.map(encodeURIComponent)].join("/")

export class HubSac {
  constructor(private readonly transport: HubTransport) {}

  /** One page of the tickets: the first (with its filters), or the one `nextPage` points at (the hub ignores filters then). */
  async page(nextPage?: string, filters: { status?: string; platform?: string } = {}): Promise<HubSacPage> {
    const query = new URLSearchParams()
    if (nextPage !== undefined) query.set("next_page", nextPage)
    else for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value)
    return this.transport.send({ method: "GET", path: "/sac", endpoint: "GET /sac", query, response: sacPageSchema })
  }

  /**
   * Every page, one held at a time, to the one without `next_page`. A cursor given twice (the hub
   * looping) or more than `maxPages` pages: HubIncompleteListingError, never a listing passed off as whole.
   */
  async *all(maxPages = SAC_MAX_PAGES): AsyncGenerator<HubSacPage> {
    const followed = new Set<string>()
    let next: string | undefined
    for (let read = 0; read < maxPages; read++) {
      const page = await this.page(next)
      yield page
      if (!page.nextPage) return
      if (followed.has(page.nextPage)) throw new HubIncompleteListingError("GET /sac", "the hub gave a next_page it had given before")
      followed.add(page.nextPage)
      next = page.nextPage
    }
    throw new HubIncompleteListingError("GET /sac", `more than ${maxPages} pages`)
  }

  async chats(code: string): Promise<{ chats: HubSacChat[]; setAside: string[] }> {
    const { read, setAside } = await this.transport.send({ method: "GET", path: sacPath(code, "chats"), endpoint: "GET /sac/{code}/chats", response: listOf(hubSacChatSchema, "chats", "data") })
    return { chats: read, setAside }
  }

  async items(code: string): Promise<HubSacItem[]> {
    return (await this.transport.send({ method: "GET", path: sacPath(code, "items"), endpoint: "GET /sac/{code}/items", response: listOf(hubSacItemSchema, "items", "data") })).read
  }

  async refunds(code: string): Promise<HubSacRefund[]> {
    return (await this.transport.send({ method: "GET", path: sacPath(code, "refunds"), endpoint: "GET /sac/{code}/refunds", response: listOf(hubSacRefundSchema, "refunds", "data") })).read
  }

  /** The ticket's instances as the hub holds them (what an instance whose answer was lost is looked for in). */
  async instances(code: string): Promise<HubSacInstance[]> {
    return (await this.transport.send({ method: "GET", path: sacPath(code, "instances"), endpoint: "GET /sac/{code}/instances", response: listOf(hubSacInstanceSchema, "instances", "data") })).read
  }

  /**
   * The seller's instance: a POST, never resent when its outcome is unknown (read the instances back
   * first). `returnInvoiceField`: the body's key for the return NF-e (the account's `sacReturnInvoiceField`).
   */
  async openInstance(code: string, instance: HubSacInstanceRequest, returnInvoiceField: string): Promise<HubSacInstance | null> {
    const endpoint = "POST /sac/{code}/instances"
    const valid = sacInstanceRequestSchema.safeParse(instance)
    if (!valid.success) throw new HubInvalidRequestError(endpoint, describeIssues(valid.error.issues))
    const { return_invoice: returnInvoice, ...fields } = valid.data
    const body = returnInvoice ? { ...fields, [returnInvoiceField]: returnInvoice } : fields
    // An answer that does not read as an instance still says the hub took it: null, read back later.
    const answer = z.unknown().transform((body) => hubSacInstanceSchema.safeParse(body).data ?? null)
    return this.transport.send({ method: "POST", path: sacPath(code, "instances"), endpoint, body, response: answer })
  }

  /** The seller answers in a chat: a POST, never resent when its outcome is unknown (read the chat back first). */
  async answer(code: string, parts: string, content: string): Promise<void> {
    const endpoint = "POST /sac/{code}/chats/{parts}"
    const valid = sacAnswerSchema.safeParse(content)
    if (!valid.success) throw new HubInvalidRequestError(endpoint, describeIssues(valid.error.issues))
    await this.transport.send({ method: "POST", path: sacPath(code, "chats", parts), endpoint, body: { message: { content: valid.data } }, response: null })
  }
}
