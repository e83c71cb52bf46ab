import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"
import type { HubProductField, HubProductFields } from "../../../mapping/hub-product"

/**
 * The outbox of a SKU's fields on the hub (its quantity and the `catalogueFields`): one row per SKU
 * holding what the hub should have. A change overwrites the row (the latest reading wins), so a
 * burst of changes to one SKU becomes one request. The row is written before any network call and
 * survives a restart. It also remembers which variant and product last held the SKU, so a delete
 * event's id finds the SKU that must stop selling.
 */
export const HubCatalogueChange = model
  .define("hub_catalogue_change", {
    id: model.id({ prefix: "hubcch" }).primaryKey(),
    account: accountColumn(),
    /** Unique within its account: a SKU sold on two accounts has a row in each, with its own channel's quantity. */
    sku: model.text(),
    /**
     * The hub's warehouse the row is for, by store code: `98`, the default, is pushed with its product
     * (`/products`, `/variations`); any other (option `warehouses`) only its qty, to `/stores/{code}`
     * (docs/catalogue.md, *Warehouses*). One row per account, warehouse and SKU: one path per warehouse.
     */
    warehouse: model.text().default("98"),
    variant_id: model.text().nullable(),
    product_id: model.text().nullable(),
    /**
     * The fields the hub should hold as last read (`HubProductFields`): when the change was recorded,
     * then when the push left (a push reads them again). A reading equal to it queues nothing.
     */
    wanted: model.json().nullable(),
    /** The qty of `wanted` (null when Medusa does not count the variant's stock), for the figures. */
    available_quantity: model.number().nullable(),
    /**
     * The value of each field the hub last accepted; a push sends only the fields that differ. A field
     * a reconciliation found drifted is dropped, so it goes again.
     */
    accepted: model.json().default({}),
    /** Field values the hub refused (4xx), with the message in `error`: not sent again until they change. */
    refused: model.json().default({}),
    /** Bumped by every change, so a push of an older quantity cannot mark a newer one sent. */
    version: model.number().default(0),
    /**
     * pending: to send; sent: the hub took it; refused: a 4xx, not resent until the quantity changes;
     * awaiting: never on the hub, its product's publication not taken yet (a create will carry it).
     */
    state: model.enum(["pending", "sent", "refused", "awaiting"]).default("pending"),
    /** The oldest change the hub has not received yet. */
    changed_at: model.dateTime(),
    /** The latest change: a row is sent once it has been quiet for `catalogueCoalesceMs`. */
    last_changed_at: model.dateTime(),
    /**
     * The claim the row was taken with, and its version then: a completion is the holder's only, and a
     * change meanwhile stays pending. A default-warehouse row is claimed with its hub product, whose
     * `hub_product_claim` row holds the lease; another CD's row is a claim of its own, its lease
     * `claimed_until` (hub-warehouse-stock.ts). A flusher that dies loses its claim when the lease ends.
     */
    claim_token: model.text().nullable(),
    claimed_version: model.number().nullable(),
    claimed_until: model.dateTime().nullable(),
    /** A failed push's back-off: not due again before (`catalogueRetryDelayMs`, doubling with `attempts`). */
    retry_at: model.dateTime().nullable(),
    /** Pushes tried since the last success. */
    attempts: model.number().default(0),
    sent_quantity: model.number().nullable(),
    sent_at: model.dateTime().nullable(),
    /** The hub's message for a 4xx, or why the last push failed. Never a credential. */
    error: model.text().nullable(),
    error_status: model.number().nullable(),
    /** The reconciliation that queued this change, credited when the push lands. */
    reconciliation_id: model.text().nullable(),
  })
  .indexes([{ on: ["account", "warehouse", "sku"], unique: true }, { on: ["state", "changed_at"] }, { on: ["variant_id"] }, { on: ["product_id"] }])

/** A SKU's fields as Medusa says they should be on the hub, to be recorded in the outbox. */
export type WantedSkuFields = {
  sku: string
  /** The variant holding the SKU now; null when none does (it left Medusa: its last holder is kept). */
  variantId: string | null
  productId: string | null
  fields: HubProductFields
  /** Fields a reconciliation found different on the hub: sent again even if they were accepted. */
  drifted?: HubProductField[]
  /** The floor the account's price rules hold the SKU's price under: its price is not sent, and the merchant is told. */
  priceHeldUnder?: number
  /** The floor value in the variant's metadata the rules could not read, as written: its price is held too, and the merchant told. */
  priceFloorUnreadable?: string
}

/** A row a flusher claimed: the push reads the SKU's fields again and reports back with `claimToken`. */
export type ClaimedCatalogueChange = {
  id: string
  /** The hub account whose row it is: pushed with that account's client. */
  account: string
  sku: string
  /** The product that last held the SKU (its push carries the row while the hub holds that product). */
  productId: string | null
  /** The hub product the row is claimed with: its product's id, or `sku:<sku>` when none holds it (hub-product-claim.ts). */
  hubProduct: string
  /** The fields as last read, for a SKU Medusa can no longer read. */
  wanted: HubProductFields
  accepted: HubProductFields
  refused: HubProductFields
  /** When the hub last accepted a push of this SKU (ISO), or null: a refusal after it is a new one. */
  lastSentAt: string | null
  /**
   * The hub holds the SKU: a push of it was taken, a value accepted, or a reconciliation found it in the
   * hub's listing. One that is not waits for its product's first publication, whose create carries it.
   */
  onHub: boolean
  claimToken: string
}

/** How a push ended, as recorded on its row; `sent` carries the fields the request held. */
export type CataloguePushOutcome =
  /** `clearRefused`: the refusals held are over; `more`: fields are left to send (a refused value going once more). */
  | { kind: "sent"; fields: HubProductFields; clearRefused: boolean; more: boolean }
  /** Nothing differed from what the hub accepted: no request. */
  | { kind: "unchanged" }
  /**
   * A 4xx: kept with the hub's message; the `refused` values are not sent again until they change.
   * `sent` false when the client refused locally; `more` when fields it did not refuse (a qty sent
   * beside a refused price) are still to go, alone.
   */
  | { kind: "refused"; status: number | null; hubMessage: string; sent: boolean; refused: HubProductFields; more: boolean }
  /** The hub unavailable, or a 429 longer than the run: tried again after a delay. */
  | { kind: "failed"; status?: number; reason: string }

/**
 * How a claimed row ended in its hub product's push: a push's outcome; `returned`, a request refused for
 * the product's own fields, so the SKU goes alone next; `awaiting`, the hub does not hold the SKU and
 * its product's publication is not taken yet (src/modules/hub/repositories/hub-catalogue-change.ts).
 */
export type CarriedOutcome = CataloguePushOutcome | { kind: "returned" } | { kind: "awaiting" }

export type CatalogueFigures = {
  /** What the plugin keeps true on the hub: qty and the `catalogueFields`. */
  syncedFields: HubProductField[]
  /** SKUs whose change the hub has not taken yet (not those waiting for their product's first publication). */
  backlog: number
  oldestPendingChangeAt: string | null
  /** When a reconciliation last read every hub product and found none differing from Medusa. */
  lastVerifiedAt: string | null
  /** The last 24 hours with pushes, newest first. */
  pushesByHour: Array<{ hour: string; sent: number; failed: number }>
  /** SKUs the hub refused (4xx), or whose last push failed, with the reason; at most 100. */
  skusInError: Array<{
    sku: string
    state: string
    availableQuantity: number | null
    status: number | null
    reason: string
    attempts: number
    since: string
    /** Field values the hub refused (not sent again until they change). */
    refusedFields: HubProductFields
  }>
  lastReconciliation: {
    id: string
    startedAt: string
    finishedAt: string | null
    seen: number
    differing: number
    /** Differing products per field (qty, price, promotional_price, status). */
    differingFields: Partial<Record<HubProductField, number>>
    fixed: number
    unknown: number
    /** Canceled hub orders whose Medusa order still held reserved stock. */
    leakedOrders: number
    /** The other warehouses' part (option `warehouses`), by store code: SKUs compared and those differing (queued to fix). */
    warehouses: Record<string, { seen: number; differing: number }>
    error: string | null
  } | null
}
