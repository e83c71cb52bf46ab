import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"

/** What the merchant sees of a product's publication (docs/catalogue.md, *Publishing products*). */
export const PUBLICATION_STATES = ["pending", "published", "not_publishable", "refused", "excluded"] as const
export type PublicationState = (typeof PUBLICATION_STATES)[number]

/**
 * A Medusa product on its way to a hub account, or there (option `publishProducts`): one row per
 * account and product.
 * Like the catalogue outbox, the row only says *that* the product must be looked at (`due_at`); the push
 * reads Medusa as it leaves. `accepted` is the body the hub last took (or the one the product mapped
 * to when it was linked to a SKU the hub already held): an edit sends only what differs from it.
 */
export const HubProductPublication = model
  .define("hub_product_publication", {
    id: model.id({ prefix: "hubpub" }).primaryKey(),
    account: accountColumn(),
    /** Unique within its account: each account publishes the products of its own sales channel. */
    product_id: model.text(),
    /** The hub SKU the product maps to, as last read. */
    sku: model.text().nullable(),
    state: model.enum([...PUBLICATION_STATES]).default("pending"),
    /** Kept off the hub by the merchant: never sent while true. */
    excluded: model.boolean().default(false),
    /** The SKU was on the hub before this store published it: linked, never created or overwritten. */
    linked: model.boolean().default(false),
    /** The body the hub last accepted (`HubProductBody`), null until it holds the product. */
    accepted: model.json().nullable(),
    /** The body the hub refused (4xx): not sent again while Medusa maps to the same one. */
    refused: model.json().nullable(),
    /** Why the hub would refuse it, found before sending: `[{field, message}]`. */
    problems: model.json().nullable(),
    /** The hub's words for its refusal, or why the last attempt failed. Never a credential. */
    hub_error: model.text().nullable(),
    hub_error_status: model.number().nullable(),
    /** A create whose answer was lost: the hub is read before anything is sent again. */
    outcome_unknown: model.boolean().default(false),
    /** When the row must be looked at; null: nothing to do. */
    due_at: model.dateTime().nullable(),
    /** The first change not pushed yet: a burst of changes is due once quiet, but no later than `catalogueMaxDelayMs` after it. */
    changed_at: model.dateTime().nullable(),
    /** Bumped by every change, so a push of an older reading cannot settle a newer one. */
    version: model.number().default(0),
    /**
     * The claim the row was taken with, and its version then: a completion is the holder's only, and a
     * change meanwhile is due again. The claim's lease is its `hub_product_claim` row's alone.
     */
    claim_token: model.text().nullable(),
    claimed_version: model.number().nullable(),
    /** Failed attempts since the last success (the retry delay doubles with them). */
    attempts: model.number().default(0),
    last_sent_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["account", "product_id"], unique: true }, { on: ["state"] }, { on: ["due_at"] }, { on: ["sku"] }])

/** A row a publisher claimed: the push reads the product again and reports back with `claimToken`. */
export type ClaimedPublication = {
  id: string
  /** The hub account whose row it is: pushed with that account's client and options. */
  account: string
  productId: string
  excluded: boolean
  accepted: unknown | null
  refused: unknown | null
  outcomeUnknown: boolean
  attempts: number
  claimToken: string
}
