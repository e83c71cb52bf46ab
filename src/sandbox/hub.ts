/*
 * What a caller of startSandboxHub sees: its options, the credentials it accepts, and the
 * SandboxHub handle. A file of its own so that the server and the control routes (which drive
 * the handle over HTTP) share it without importing each other.
 */
import type { SandboxShipment } from "./move-bodies"
import type { RequestHold } from "./held-requests"
import { z } from "zod"
import type { RateLimit } from "../hub-client/endpoints"
import type { HubOrder } from "../hub-client/schemas"
import type { SandboxTestOrderInput } from "./test-order-rules"
import type { SandboxMisbehaviourInput, SandboxMisbehaviourState } from "./misbehaviour"
import { sandboxAnswersSchema, type SandboxAnswers } from "./answers"
import { moveRulesSchema } from "./move-rules"
import { sandboxPriceRulesSchema } from "./price-rules"
import type { SandboxQueueFault } from "./order-queue"
import type { SandboxVariationView } from "./catalogue"
import type { SandboxCategory, SandboxCategoryInput } from "./category-service"
import type { SeedOrdersOptions } from "./state"
import type { SandboxPlpOrderCodes } from "./marketplace-delivery"
import type { SandboxSyncError, SandboxSyncErrorEntity, SandboxSyncErrorReport } from "./marketplace-review"
import type { SandboxProduct, SandboxProductInput, SandboxStatus } from "./records"
import type { SandboxStoreView } from "./warehouses"
import type { SandboxSacInstance } from "./sac-instances"
import type { SandboxSac, SandboxSacChat, SandboxSacMessageInput, SandboxSacTicket, SandboxSacTicketInput } from "./sac"
import {
  faultsSchema,
  rateLimitsSchema,
  type SandboxCounters,
  type SandboxFaults,
  type SandboxRequestLogEntry,
} from "./traffic"

export type SandboxCredentials = { userEmail: string; apiKey: string; accountManagerKey: string }

/** Fixed development values, so a merchant's .env keeps working across restarts. */
export const DEFAULT_SANDBOX_CREDENTIALS: SandboxCredentials = {
  userEmail: "dev@sandbox-hub.test",
  apiKey: "sbx_key_3f9c2a7e5b1d4c8f9a6e0b2d7c4f1a83",
  accountManagerKey: "sbx_am_8e1f4b6c2d9a7e3f5c0b1a4d6e8f2c97",
}

export const sandboxHubOptionsSchema = z.strictObject({
  /** 0 = any free port. The host is always 127.0.0.1. */
  port: z.number().int().min(0).max(65535).optional(),
  credentials: z
    .strictObject({ userEmail: z.string().min(1), apiKey: z.string().min(1), accountManagerKey: z.string().min(1) })
    .optional(),
  /** false = a production account: test-order creation and approval answer 403. */
  sandboxAccount: z.boolean().optional(),
  /** Merged over DEFAULT_RATE_LIMITS; the key "default" covers buckets without their own limit. */
  rateLimits: rateLimitsSchema.optional(),
  /** Send Retry-After on 429 (the public record does not promise it). */
  retryAfterHeader: z.boolean().optional(),
  /** A product update succeeds with 204 and no body, or 200 with the product. */
  productUpdateResponse: z.union([z.literal(200), z.literal(204)]).optional(),
  faults: faultsSchema.optional(),
  seed: z
    .strictObject({
      products: z.number().int().nonnegative().optional(),
      orders: z.number().int().nonnegative().optional(),
      days: z.number().int().positive().optional(),
      /** A store's own SKUs with their hub quantities, seeded before the orders (which sell them too). */
      skus: z
        .array(z.strictObject({ sku: z.string().trim().min(1), qty: z.number().int().nonnegative() }))
        .optional(),
    })
    .optional(),
  /** Which spelling(s) of the shipment-exception path segment are served; the other answers 404. */
  shipmentExceptionPath: z.enum(["shiptment_exception", "shipment_exception", "both"]).optional(),
  /**
   * First sequence number of order codes (`<channel>-<sequence>`). The sandbox keeps nothing
   * between starts while a store's database does: the CLI starts from the clock, so a restarted
   * sandbox never hands out a code a store has already imported.
   */
  firstOrderSequence: z.number().int().positive().optional(),
  /**
   * How the hub answers (answers.ts, docs/sandbox.md): `realistic` (default) as real hubs do (nulls, "",
   * missing keys, written phones, company buyers, promotions, the 2025 statuses), or `tidy`.
   */
  answers: sandboxAnswersSchema.optional(),
  /** Which moves the hub accepts from which status: `strict` (default), `lenient`, or rules of one's own. */
  moveRules: moveRulesSchema.optional(),
  /** The hub's price rules (price-rules.ts): `{ maxCutPercent: 50, productModel: "2025" }` unless given; `reset()` goes back to them. */
  priceRules: sandboxPriceRulesSchema.partial().optional(),
  /** How long an order handed out by `GET /queues/orders` stays hidden unless acknowledged (default 5 min). */
  queueVisibilityMs: z.number().int().positive().optional(),
  /** Makes the products listing's `next` point at another origin (for clients that must refuse it). */
  nextOrigin: z.url().optional(),
})
export type SandboxHubOptions = z.input<typeof sandboxHubOptionsSchema>

export interface SandboxHub {
  /** The hub base URL, e.g. http://127.0.0.1:40123; endpoints are url + "/orders" etc. */
  url: string
  credentials: SandboxCredentials
  /** Closes the server and every keep-alive socket. */
  stop(): Promise<void>
  addStatus(status: SandboxStatus): void
  /** What `GET /statuses` lists now, outside the account's limits. */
  statuses(): SandboxStatus[]
  upsertProducts(products: SandboxProductInput[]): void
  /** A simple or configurable product, with every field the hub holds (a configurable one with its variations). */
  getProduct(sku: string): SandboxProduct | undefined
  /** A variation of a configurable product by its own SKU, with its product's (`parent_sku`). */
  getVariation(sku: string): SandboxVariationView | undefined
  /** Takes a product off the hub (as its own panel can): updates of its SKU are then 404s. */
  removeProduct(sku: string): boolean
  /** Stores any JSON object as an order (tests of malformed orders); `code` is required. */
  insertRawOrder(order: unknown): void
  /** Same as POST /orders, on any account: this is the marketplace placing an order. */
  createOrder(input: SandboxTestOrderInput, placedAt?: Date): HubOrder
  getOrder(code: string): HubOrder | undefined
  /** Every order's code, in the order the orders were created. */
  orderCodes(): string[]
  /** Deterministic products SKU-00001.. (as the `seed.products` option). */
  seedProducts(count: number): void
  /**
   * Deterministic book_product orders over the last `days` UTC calendar days (default 7, the plugin's
   * look-back; today included), selling existing products; or over the `days` up to `endAt`, and
   * left out of the order queue with `queued: false`. Returns their codes.
   */
  seedOrders(count: number, days?: number, options?: SeedOrdersOptions): string[]
  /** Marketplace moves; throw a SandboxHubError (422) when the state machine refuses. */
  marketplaceApprove(code: string): HubOrder
  marketplaceCancel(code: string): HubOrder
  /** The marketplace puts the order in any status of the account (a 2025 code, a custom one), outside the move rules. */
  marketplaceSetStatus(code: string, status: string): HubOrder
  /**
   * The hub's own delivery moving an order (docs/hub-public-facts.md, The hub's own delivery): shipped
   * with one parcel of every item and a Correios track (or `shipment` as given), then delivered. Both
   * follow the move rules, so a shipment waits for the invoice as on a real hub.
   */
  marketplaceShip(code: string, shipment?: Partial<SandboxShipment>): HubOrder
  marketplaceDeliver(code: string): HubOrder
  setFaults(faults: SandboxFaults): void
  /** The order queue stops answering (`unavailable`: 503; `empty`: nothing waiting) until `null`. */
  setQueueFault(fault: SandboxQueueFault): void
  /** Empties the order queue, as if a consumer had acknowledged every order. */
  emptyQueue(): void
  setRateLimits(limits: Record<string, RateLimit>): void
  setNextOrigin(origin: string | undefined): void
  /** What a PLP's `order_remote_codes` names on this hub (the record is unsure): `code` (default) or `marketplace_number`. */
  setPlpOrderCodes(form: SandboxPlpOrderCodes): void
  /** The marketplace's review (marketplace-review.ts): with `eanRequired`, a product the hub took without an EAN is refused a moment later. */
  setReview(review: { eanRequired: boolean }): void
  /** A refusal by the marketplace no client can foresee: listed under `GET /sync_errors/{entity}` until cleared. */
  reportSyncError(report: SandboxSyncErrorReport): SandboxSyncError
  /** What `GET /sync_errors/{entity}` lists now (every page), outside the account's limits. */
  syncErrors(entity: SandboxSyncErrorEntity): SandboxSyncError[]
  /** The buyer opens a SAC ticket for an order the hub holds (sac.ts), with its first message when given. */
  openSacTicket(ticket: SandboxSacTicketInput): SandboxSacTicket
  /** The buyer (or the marketplace) writes in a chat of the ticket. */
  writeSacMessage(code: string, message: SandboxSacMessageInput): SandboxSacChat
  /** The marketplace archives a ticket: listed `ARCHIVED`, no answer taken. */
  archiveSacTicket(code: string): SandboxSacTicket
  /** A ticket with its chats, lines and refunds, outside the account's limits. */
  sacTicket(code: string): ReturnType<SandboxSac["get"]>
  /** What the seller did about a ticket (sac-instances.ts), outside the account's limits. */
  sacInstances(code: string): SandboxSacInstance[]
  /** The marketplace moves an instance on: its status, and its refunds' status when given. */
  advanceSacInstance(code: string, id: string, change: { status: string; refundStatus?: string }): SandboxSacInstance
  /** The account's warehouses (CDs) besides "98", by store code, as the hub's panel creates them (warehouses.ts); their stock starts empty. */
  setWarehouses(codes: string[]): string[]
  /** A warehouse's stock per SKU; undefined for a code the account has no CD of. */
  warehouseStock(code: string): SandboxStoreView | undefined
  /**
   * Replaces the category service's list (category-service.ts; the service's shape, each id once) until
   * `reset()`, which brings back the default one; a product named in one of them must carry what it asks (category-review.ts).
   */
  setCategories(categories: SandboxCategoryInput[]): void
  /** The category service's whole list, outside the account's limits. */
  categories(): SandboxCategory[]
  /** Changes how the hub answers from now on (orders already placed keep their shape); `reset()` goes back to the option's. */
  setAnswers(answers: SandboxAnswers): void
  /** Changes which moves the hub accepts (a profile's name or rules of one's own). */
  setMoveRules(rules: z.input<typeof moveRulesSchema>): void
  /** Changes the hub's price rules until `reset()` (fields left out take their defaults). */
  setPriceRules(rules: z.input<typeof sandboxPriceRulesSchema>): void
  /**
   * Makes the hub (or a gateway in front of it) misbehave: a long Retry-After, redirects, an endless
   * `next`, an order listed twice on a page, a huge or a dripping answer (misbehaviour.ts). Each switch
   * given replaces its earlier setting (null turns it off); `reset()` turns them all off.
   */
  misbehave(settings: SandboxMisbehaviourInput): SandboxMisbehaviourState
  /** The misbehaviour switches in force, and how many bytes of huge bodies were written. */
  misbehaviour(): SandboxMisbehaviourState
  /** Orders in the order queue, handed out or not. */
  queueDepth(): number
  /** Every answered hub request (control endpoints excluded), in arrival order. */
  requestLog(): SandboxRequestLogEntry[]
  /** Every request that arrived, including those still in flight (no `status` yet): a test waits on a request it knows is under way. */
  requestArrivals(): Array<Omit<SandboxRequestLogEntry, "status" | "body"> & { status?: SandboxRequestLogEntry["status"] }>
  counters(): SandboxCounters
  resetRequestLog(): void
  /** Holds the requests of `method` to `path` (after they arrive, before the hub carries them out) until released (held-requests.ts). */
  holdRequests(method: string, path: string): RequestHold
  /** Back to only the standard statuses, no orders or products, log and rate windows cleared. */
  reset(): void
}
