import { createHash } from "node:crypto"
import { accountKey, isDefaultAccount } from "./accounts"
import { HUB_LEASE_TIMES } from "./leases"

/*
 * The plugin's keys in Medusa's locking module (Redis or PostgreSQL when the store configures one,
 * so each spans the store's processes): one definition of each.
 */

/**
 * A driver's lock (import run, queue consumer, reconciliation) lives this long unless renewed, while
 * a live holder renews it every third of that. 45 s, not 60: a holder killed just after renewing
 * frees it 45 s later, and the next one-minute tick takes over well inside 2 minutes (with 60 s, a
 * tick missing the expiry by a fraction of a second waited for the next: 2 minutes and more).
 */
export const DRIVER_LOCK_TTL_SECONDS = 45

/** One order import run at a time (per hub account: `driverLock`). */
export const ORDER_IMPORT_LOCK = "hub:order-import"

/** One consumer of the hub's order queue at a time (per hub account: the account's budget is one). */
export const ORDER_QUEUE_LOCK = "hub:order-queue"

/** One read of the hub's sync errors at a time (per hub account). */
export const SYNC_ERRORS_LOCK = "hub:sync-errors"

/** Taken, never released, for `syncErrorsEveryMinutes` after a read began: the schedule's "read recently", across processes. */
export const SYNC_ERRORS_READ_RECENTLY_LOCK = "hub:sync-errors-read-recently"

/** One read of the hub's SAC tickets and chats at a time (per hub account). */
export const SAC_LOCK = "hub:sac"

/** Taken, never released, for `sacEveryMinutes` after a read began: the schedule's "read recently", across processes. */
export const SAC_READ_RECENTLY_LOCK = "hub:sac-read-recently"

/** One answer at a time in a SAC chat (per account; the key adds the ticket and the chat's parts). */
export const SAC_ANSWER_LOCK = "hub:sac-answer"

/** One walk applying saved price rules at a time (per hub account), taken for one chunk. */
export const PRICE_RULES_LOCK = "hub:price-rules"

/** One stock reconciliation at a time (per hub account). */
export const CATALOGUE_RECONCILIATION_LOCK = "hub:catalogue-reconciliation"

/**
 * A driver's lock for one hub account: the account `default` keeps the key it had before accounts
 * (a process of the version before, still running during an upgrade, takes the same lock), others
 * add their id.
 */
export function driverLock(lock: string, account: string): string {
  return isDefaultAccount(account) ? lock : `${lock}:${account}`
}

/**
 * One action of the marketplace's delivery at a time per account (group, ungroup, request a
 * collection): what one action reads back after a lost answer is not another's doing. Held for one
 * hub request and a read or two.
 */
export const DELIVERY_ACTION_LOCK = "hub:delivery-action"
export const DELIVERY_ACTION_LOCK_TTL_SECONDS = 60

/**
 * The plugin's stock reservations, one at a time across the store's processes (inside it, the
 * inventory items' locks as Medusa takes them: steps/holding-in-order.ts).
 */
export const HUB_RESERVATION_LOCK = "hub:reservation"

/** Saves of the accounts' warehouses, one at a time across the store: each checks a location against every account's. */
export const HUB_WAREHOUSES_LOCK = "hub:warehouses"

/**
 * The reservation lock and the items' locks live this long unless renewed (their holder renews them
 * every third of it, and holds them well under a second): a holder killed mid-reservation stops every
 * other import's reservations for at most this long, well inside their wait.
 */
export const HUB_RESERVATION_LOCK_TTL_SECONDS = 10

/**
 * One writer at a time per hub order: its import, the marketplace's moves followed, merchant moves,
 * Medusa's own cancel, the settling of lost answers and the stock re-check all take it. Keyed by
 * account and code (`accountKey`: the account `default` keeps its key from before accounts), so two
 * accounts' orders of one code never wait for each other.
 */
export const hubOrderLock = (code: string, account: string): string => `hub:order:${accountKey(account)}${code}`


/** How long a writer waits for an order another writer holds before it gives up (the merchant retries). */
export const HUB_ORDER_LOCK_WAIT_SECONDS = 60

/** The input of the core `acquireLockStep`/`releaseLockStep` for one hub order of `account`, with an owner of its own. */
export function hubOrderLockInput(code: string, ownerId: string, account: string) {
  return hubOrdersLockInput([code], ownerId, account)
}

/**
 * The same for the hub orders of one import batch of `account`, taken together. Each is claimed by
 * that batch alone, so another multi-order holder of the same keys is only an import that took over
 * an expired claim. The keys are sorted, each once: the locking providers that take a list key by
 * key (in-memory, PostgreSQL) then have two batches of the same codes contend for the first key, so
 * neither holds one while it waits for one the other holds. It lives `HUB_LEASE_TIMES.orderLockSeconds`
 * (a workflow builds it before any step can read the store's leases); an import's and a move's
 * heartbeat sets it to the store's own lease as it starts, and renews it while they run.
 */
export function hubOrdersLockInput(codes: string[], ownerId: string, account: string) {
  const key = [...new Set(codes.map((code) => hubOrderLock(code, account)))].sort()
  return { key, ownerId, timeout: HUB_ORDER_LOCK_WAIT_SECONDS, ttl: HUB_LEASE_TIMES.orderLockSeconds, retryInterval: 0.1 }
}

/**
 * One creation at a time of the customer of an e-mail: two orders of one buyer imported at once (a
 * run's concurrent imports, the listing beside the queue) would both create it. The e-mail is
 * digested, so no customer data reaches the locking provider's keys.
 */
export const hubCustomerLock = (email: string): string => `hub:customer:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32)}`
