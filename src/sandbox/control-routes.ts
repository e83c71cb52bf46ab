/*
 * The control endpoints under /_sandbox/: the SandboxHub handle over HTTP, for a sandbox run as
 * its own process (`npx hub-sandbox`, the demo, the browser test). Not part of the hub's interface:
 * no credentials, rate limits or faults, and not logged.
 */
import { z } from "zod"
import type { HubOrder } from "../hub-client/schemas"
import type { SandboxTestOrderInput } from "./test-order-rules"
import { parseOrThrow } from "./errors"
import type { SandboxCategoryInput } from "./category-service"
import type { SandboxHub } from "./hub"
import type { Answer, Route, RouteRequest } from "./http"
import type { SandboxMisbehaviourInput } from "./misbehaviour"
import type { SandboxSyncErrorReport } from "./marketplace-review"
import type { SandboxProductInput, SandboxStatus } from "./records"
import type { SandboxHubState } from "./state"
import { QUEUE_FAULTS } from "./order-queue"
import { sandboxAnswersSchema } from "./answers"
import { faultsSchema, rateLimitsSchema } from "./traffic"
import { FreightCalls, freightCallSchema } from "./freight-caller"

export const CONTROL_PREFIX = "_sandbox"

const freightCallsQuerySchema = z.strictObject({
  after: z.coerce.number({ error: "after must be a run's id" }).int().nonnegative().optional(),
  results: z.enum(["true", "false"], { error: "results must be true or false" }).optional(),
})

const freightCallerLoadQuerySchema = z.strictObject({ reset: z.enum(["true", "false"], { error: "reset must be true or false" }).optional() })

const seedOrdersSchema = z.strictObject({
  count: z.number().int().nonnegative(),
  days: z.number().int().positive().optional(),
  /** ISO date-time of the latest order; its UTC day is the last of `days`. */
  endAt: z.iso.datetime().optional(),
  queued: z.boolean().optional(),
})

export function buildControlRoutes(hub: SandboxHub, state: SandboxHubState): Route[] {
  const marketplaceMove =
    (move: (code: string) => HubOrder) =>
    ({ params }: RouteRequest): Answer => ({ status: 200, body: move(params.code) })
  const freightCalls = new FreightCalls()
  return [
    // The hub calling a store's freight quote URL (freight-caller.ts): started here, its answers and times read by GET.
    { method: "POST", path: "/freight-calls", handle: ({ body }) => ({ status: 202, body: freightCalls.start(parseOrThrow(freightCallSchema, body())) }) },
    {
      method: "GET",
      path: "/freight-calls",
      handle: ({ query }) => {
        const { after, results } = parseOrThrow(freightCallsQuerySchema, Object.fromEntries(query))
        return { status: 200, body: { runs: freightCalls.list({ after, results: results !== "false" }) } }
      },
    },
    {
      // The caller's own CPU and event loop delay since the last reset: on the store's machine, the callers share its cores.
      method: "GET",
      path: "/freight-calls/load",
      handle: ({ query }) => ({ status: 200, body: freightCalls.load({ reset: parseOrThrow(freightCallerLoadQuerySchema, Object.fromEntries(query)).reset === "true" }) }),
    },
    {
      method: "GET",
      path: "/requests",
      handle: () => ({ status: 200, body: { requests: hub.requestLog(), counters: hub.counters() } }),
    },
    {
      method: "DELETE",
      path: "/requests",
      handle: () => {
        hub.resetRequestLog()
        return { status: 204 }
      },
    },
    { method: "POST", path: "/statuses", handle: ({ body }) => ({ status: 201, body: state.addStatus(body() as SandboxStatus) }) },
    {
      method: "POST",
      path: "/products",
      handle: ({ body }) => ({ status: 200, body: { products: state.upsertProducts(body() as SandboxProductInput[]) } }),
    },
    {
      // A product or a variation with every field the hub holds, outside the account's limits.
      method: "GET",
      path: "/products/:sku",
      handle: ({ params }) => {
        const found = hub.getProduct(params.sku) ?? hub.getVariation(params.sku)
        return found ? { status: 200, body: found } : { status: 404, body: { error: `no product or variation ${params.sku}` } }
      },
    },
    {
      method: "POST",
      path: "/orders",
      handle: ({ body }) => ({ status: 201, body: hub.createOrder(body() as SandboxTestOrderInput) }),
    },
    {
      method: "POST",
      path: "/orders/seed",
      handle: ({ body }) => {
        const { count, days, endAt, queued } = parseOrThrow(seedOrdersSchema, body())
        const codes = hub.seedOrders(count, days, { endAt: endAt === undefined ? undefined : new Date(endAt), queued })
        return { status: 201, body: { codes } }
      },
    },
    {
      method: "PUT",
      path: "/queue",
      handle: ({ body }) => {
        const { fault } = parseOrThrow(z.strictObject({ fault: z.enum(QUEUE_FAULTS).nullable() }), body())
        hub.setQueueFault(fault)
        return { status: 200, body: { fault } }
      },
    },
    {
      method: "DELETE",
      path: "/queue",
      handle: () => {
        hub.emptyQueue()
        return { status: 204 }
      },
    },
    {
      method: "POST",
      path: "/orders/raw",
      handle: ({ body }) => {
        const order = body()
        state.insertRawOrder(order)
        return { status: 201, body: state.getOrder((order as { code: string }).code) }
      },
    },
    {
      // The order as the hub holds it, outside the account's limits: a test reads it without taking the store's budget.
      method: "GET",
      path: "/orders/:code",
      handle: ({ params }) => {
        const order = state.getOrder(params.code)
        return order ? { status: 200, body: order } : { status: 404, body: { error: `no order ${params.code}` } }
      },
    },
    { method: "POST", path: "/orders/:code/approve", handle: marketplaceMove((code) => hub.marketplaceApprove(code)) },
    { method: "POST", path: "/orders/:code/cancel", handle: marketplaceMove((code) => hub.marketplaceCancel(code)) },
    // The hub's own delivery: shipped (one parcel of everything, a Correios track), then delivered.
    { method: "POST", path: "/orders/:code/ship", handle: marketplaceMove((code) => hub.marketplaceShip(code)) },
    { method: "POST", path: "/orders/:code/deliver", handle: marketplaceMove((code) => hub.marketplaceDeliver(code)) },
    {
      // The marketplace puts the order in any status of the account ({"status": "has_incident"}), outside the move rules.
      method: "POST",
      path: "/orders/:code/status",
      handle: ({ params, body }) => ({ status: 200, body: hub.marketplaceSetStatus(params.code, parseOrThrow(z.strictObject({ status: z.string().min(1) }), body()).status) }),
    },
    {
      // How the hub answers from now on: {"answers": "realistic" | "tidy"} (answers.ts).
      method: "PUT",
      path: "/answers",
      handle: ({ body }) => {
        const { answers } = parseOrThrow(z.strictObject({ answers: sandboxAnswersSchema }), body())
        hub.setAnswers(answers)
        return { status: 200, body: { answers } }
      },
    },
    {
      method: "PUT",
      path: "/faults",
      handle: ({ body }) => {
        const settings = parseOrThrow(faultsSchema, body())
        hub.setFaults(settings)
        return { status: 200, body: settings }
      },
    },
    {
      method: "PUT",
      path: "/rate-limits",
      handle: ({ body }) => {
        const limits = parseOrThrow(rateLimitsSchema, body())
        hub.setRateLimits(limits)
        return { status: 200, body: limits }
      },
    },
    {
      method: "PUT",
      path: "/next-origin",
      handle: ({ body }) => {
        const { origin } = parseOrThrow(z.strictObject({ origin: z.url().nullable() }), body())
        hub.setNextOrigin(origin ?? undefined)
        return { status: 200, body: { origin } }
      },
    },
    {
      // The hub's price rules: {"maxCutPercent": 50|null, "productModel": "2025"|"legacy"}.
      method: "PUT",
      path: "/price-rules",
      handle: ({ body }) => {
        hub.setPriceRules(body() as Parameters<SandboxHub["setPriceRules"]>[0])
        return { status: 200, body: state.priceRules }
      },
    },
    {
      // What a PLP's `order_remote_codes` names on this hub (the record is unsure): the order code or the marketplace's number.
      method: "PUT",
      path: "/delivery",
      handle: ({ body }) => {
        const { plpOrderCodes } = parseOrThrow(z.strictObject({ plpOrderCodes: z.enum(["code", "marketplace_number"]) }), body())
        state.delivery.plpOrderCodes = plpOrderCodes
        return { status: 200, body: { plpOrderCodes } }
      },
    },
    {
      // The marketplace's review: {"eanRequired": true} refuses a product the hub took without an EAN.
      method: "PUT",
      path: "/review",
      handle: ({ body }) => {
        const { eanRequired } = parseOrThrow(z.strictObject({ eanRequired: z.boolean() }), body())
        hub.setReview({ eanRequired })
        return { status: 200, body: { eanRequired } }
      },
    },
    // The category service's list (category-service.ts), in its shape: [{"id","eanRequired","categoryData":{"id","name"},"attributes":[...]}].
    { method: "GET", path: "/categories", handle: () => ({ status: 200, body: hub.categories() }) },
    {
      method: "PUT",
      path: "/categories",
      handle: ({ body }) => {
        hub.setCategories(body() as SandboxCategoryInput[])
        return { status: 200, body: hub.categories() }
      },
    },
    // A refusal no client can foresee: {"entity":"products"|"orders","entity_id","error_code","error_category_code","message"}.
    { method: "POST", path: "/sync_errors", handle: ({ body }) => ({ status: 201, body: hub.reportSyncError(body() as SandboxSyncErrorReport) }) },
    // Misbehaviours (misbehaviour.ts): a body such as { "retryAfter": { "seconds": 86400, "times": 3 } }; null turns one off.
    { method: "PUT", path: "/misbehaviour", handle: ({ body }) => ({ status: 200, body: hub.misbehave(body() as SandboxMisbehaviourInput) }) },
    { method: "GET", path: "/misbehaviour", handle: () => ({ status: 200, body: hub.misbehaviour() }) },
    {
      method: "POST",
      path: "/reset",
      handle: () => {
        hub.reset()
        return { status: 204 }
      },
    },
  ]
}
