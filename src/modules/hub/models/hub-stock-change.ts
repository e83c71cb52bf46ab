import { model } from "@medusajs/framework/utils"

/**
 * The stock outbox: one row per SKU holding the available quantity the hub should have. A
 * change overwrites the row (the latest wanted quantity wins), so a burst of changes to one SKU
 * becomes one request. The row is written before any network call and survives a restart.
 */
export const HubStockChange = model
  .define("hub_stock_change", {
    id: model.id({ prefix: "hubstk" }).primaryKey(),
    sku: model.text().unique(),
    /**
     * Medusa's available quantity as last read: when the change was recorded, then what the push
     * sent (a push reads it again as it leaves). A reading equal to it queues nothing.
     */
    available_quantity: model.number(),
    /** Bumped by every change, so a push of an older quantity cannot mark a newer one sent. */
    version: model.number().default(0),
    /** pending: to send; sent: the hub took it; rejected: a 4xx, not resent until the quantity changes. */
    state: model.enum(["pending", "sent", "rejected"]).default("pending"),
    /** The oldest change the hub has not received yet. */
    changed_at: model.dateTime(),
    /** The latest change: a row is sent once it has been quiet for `stockCoalesceMs`. */
    last_changed_at: model.dateTime(),
    /** The flusher holding the row, and until when: a flusher that dies loses its claim then. */
    claim_token: model.text().nullable(),
    claimed_version: model.number().nullable(),
    claimed_until: model.dateTime().nullable(),
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
  .indexes([{ on: ["state", "changed_at"] }])

/** A SKU's available quantity as Medusa computes it, to be recorded in the outbox. */
export type WantedStock = { sku: string; availableQuantity: number }

/** A row a flusher claimed, with its last reading; the push reads the quantity again and reports back with `claimToken`. */
export type ClaimedStockChange = { id: string; sku: string; availableQuantity: number; claimToken: string }

/** How a push ended, as recorded on its row. */
export type StockPushOutcome =
  | { kind: "sent" }
  /** A 4xx: kept with the hub's message; not resent until the quantity changes. `sent` false when the client refused locally. */
  | { kind: "rejected"; status: number | null; hubMessage: string; sent: boolean }
  /** The hub unavailable, or a 429 longer than the run: tried again after a delay. */
  | { kind: "failed"; status?: number; reason: string }

export type StockSyncFigures = {
  /** SKUs whose change the hub has not taken yet. */
  backlog: number
  oldestPendingChangeAt: string | null
  /** When a reconciliation last read every hub product and found none differing from Medusa. */
  lastVerifiedAt: string | null
  /** The last 24 hours with pushes, newest first. */
  pushesByHour: Array<{ hour: string; sent: number; failed: number }>
  /** SKUs the hub refused (4xx), or whose last push failed, with the reason; at most 100. */
  skusInError: Array<{ sku: string; state: string; availableQuantity: number; status: number | null; reason: string; attempts: number; since: string }>
  lastReconciliation: {
    id: string
    startedAt: string
    finishedAt: string | null
    seen: number
    differing: number
    fixed: number
    unknown: number
    /** Canceled hub orders whose Medusa order still held reserved stock. */
    leakedOrders: number
    error: string | null
  } | null
}
