/*
 * The hub's SAC endpoints (docs/hub-public-facts.md, After-sale) and their control routes: the listing by
 * its cursor, a ticket's chats, lines and refunds, the seller's answer in a chat; under /_sandbox/ the
 * buyer opening a ticket and writing, the marketplace archiving it. The state decides (sac.ts).
 */
import { SandboxHubError } from "./errors"
import { allowOnlyParams, readSingle, type Route } from "./http"
import type { SandboxSac, SandboxSacMessageInput, SandboxSacTicketInput } from "./sac"
import type { SandboxSacInstances } from "./sac-instances"

export function sacRoutes(sac: SandboxSac, instances: SandboxSacInstances): Route[] {
  return [
    {
      method: "GET",
      path: "/sac",
      handle: ({ query }) => {
        allowOnlyParams(query, ["status", "platform", "next_page"])
        const cursor = readSingle(query, "next_page")
        if (cursor === "") throw new SandboxHubError(400, "next_page is empty")
        return { status: 200, body: sac.list({ cursor, status: readSingle(query, "status"), platform: readSingle(query, "platform") }) }
      },
    },
    { method: "GET", path: "/sac/:code/chats", handle: ({ params }) => ({ status: 200, body: sac.chats(params.code) }) },
    { method: "GET", path: "/sac/:code/items", handle: ({ params }) => ({ status: 200, body: sac.items(params.code) }) },
    { method: "GET", path: "/sac/:code/refunds", handle: ({ params }) => ({ status: 200, body: sac.refunds(params.code) }) },
    { method: "POST", path: "/sac/:code/chats/:parts", handle: ({ params, body }) => ({ status: 201, body: sac.reply(params.code, params.parts, body()) }) },
    // What the seller does about the ticket (sac-instances.ts).
    { method: "GET", path: "/sac/:code/instances", handle: ({ params }) => ({ status: 200, body: instances.list(params.code) }) },
    { method: "POST", path: "/sac/:code/instances", handle: ({ params, body }) => ({ status: 201, body: instances.open(params.code, body()) }) },
  ]
}

export function sacControlRoutes(sac: SandboxSac, instances: SandboxSacInstances): Route[] {
  return [
    // The buyer opens a ticket for an order: {"order_code","action"?,"cause"?,"items"?,"message"?:{"content","buyer"?},...} (sac.ts).
    { method: "POST", path: "/sac", handle: ({ body }) => ({ status: 201, body: sac.open(body() as SandboxSacTicketInput) }) },
    // Every ticket, outside the account's limits: {"sac": [...]}.
    { method: "GET", path: "/sac", handle: () => ({ status: 200, body: { sac: sac.all() } }) },
    {
      // A ticket with its chats, lines and refunds, outside the account's limits.
      method: "GET",
      path: "/sac/:code",
      handle: ({ params }) => {
        const ticket = sac.get(params.code)
        return ticket ? { status: 200, body: ticket } : { status: 404, body: { error: `no ticket ${params.code}` } }
      },
    },
    // The buyer (or the marketplace, "role":"B2W") writes: {"chat"?,"content","role"?,"buyer"?:{"name","email"?},"at"?}.
    { method: "POST", path: "/sac/:code/messages", handle: ({ params, body }) => ({ status: 201, body: sac.write(params.code, body() as SandboxSacMessageInput) }) },
    { method: "PUT", path: "/sac/:code/archive", handle: ({ params }) => ({ status: 200, body: sac.archive(params.code) }) },
    // The marketplace moves an instance on: {"status","refundStatus"?}.
    { method: "PUT", path: "/sac/:code/instances/:id", handle: ({ params, body }) => ({ status: 200, body: instances.advance(params.code, params.id, body() as { status: string; refundStatus?: string }) }) },
  ]
}
