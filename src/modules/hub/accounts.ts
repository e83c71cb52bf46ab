import { z } from "zod"
import { describeIssues } from "../../hub-client"
import { HubPluginOptionsError, type HubPluginOptions, hubPluginOptionsSchema, type HubWarehouse } from "./options"
import { readRenamedOptions } from "./renamed-options"

/** The account today's single-account options describe; records from before accounts belong to it. */
export const DEFAULT_ACCOUNT = "default"

/** Whether an account id is the default's: only words (logs, keys kept from before accounts) differ for it, never where anything goes. */
export const isDefaultAccount = (account: string): boolean => account === DEFAULT_ACCOUNT

const ACCOUNT_ID = /^[a-z0-9][a-z0-9_-]{0,39}$/
const ACCOUNT_ID_RULE = "1 to 40 lowercase letters, digits, - or _, such as brand-b"

/** An account's part of a key made of a hub code (a workflow's transaction id): none for `default`, which keeps its keys from before accounts. */
export const accountKey = (account: string): string => (isDefaultAccount(account) ? "" : `${account}:`)

/** How a log line names an account: nothing for `default` (a store with one account reads as before), else its id. */
export const accountInLog = (account: string): string => (isDefaultAccount(account) ? "hub:" : `hub (account ${account}):`)

/**
 * The hub account an event of the plugin is about, as its subscribers read it (an edge, like the
 * admin routes' `accountQuerySchema`): the `account` its data names; an event emitted before
 * accounts (by a process of the version before, still queued during an upgrade) names none, and was
 * the account `default`'s.
 */
export const accountOfEvent = (data: { account?: string }): string => data.account ?? DEFAULT_ACCOUNT

/** An account's id, as records, routes, logs and notices name it (never a credential). */
export const accountIdSchema = z.string({ error: "must be a short name such as brand-b" }).regex(ACCOUNT_ID, `must be ${ACCOUNT_ID_RULE}`)

/** The `account` an admin route takes: `default` unless named; Medusa's 400 quotes the message, so it names the field. */
export const accountQuerySchema = z
  .string({ error: "account must be the id of one of the store's hub accounts" })
  .regex(ACCOUNT_ID, `account must be the id of one of the store's hub accounts: ${ACCOUNT_ID_RULE}`)
  .default(DEFAULT_ACCOUNT)

/**
 * Options that belong to the store, not to one account: which processes run the jobs, the admin feed's
 * notices and their language, and where every account's budget is shared.
 */
export const STORE_WIDE_OPTIONS = ["jobs", "notifications", "notificationLanguage", "rateLimitRedisUrl", "rateLimitRedisPrefix", "sharedStockLocations"] as const

/**
 * Options an added account never takes from the default one: its own credentials, its own sales
 * channel (two accounts selling one channel's stock would each sell all of it), and what belongs to a
 * channel: the location its orders reserve at (and whose stock its hub is told) and the shipping
 * option of its orders. Unset, they are its own channel's (src/queries/hub-stock-locations.ts).
 */
const OWN_OPTIONS = ["name", "userEmail", "apiKey", "accountManagerKey", "salesChannelId", "stockLocationId", "shippingOptionId", "warehouses"] as const

export type HubAccountOptions = HubPluginOptions & { id: string }

/**
 * Every hub account of the store: the plugin's own options are the account `default`; each entry of
 * `accounts` adds one, taking the default's options for what it does not set (the hub's URL, limits,
 * units, intake, ...), except its credentials and sales channel, which it must give. Throws, naming
 * each bad option by the account's place and id (never a value): a duplicate id, two accounts
 * selling one sales channel, or naming one stock location (unless `sharedStockLocations`), stops the boot. An option under its old name is read under its new one
 * (src/modules/hub/renamed-options.ts), each told to `onRenamed` for the boot's warning.
 */
export function parseHubAccounts(options: unknown, onRenamed: (renamed: string[]) => void = () => {}): HubAccountOptions[] {
  if (options !== undefined && options !== null && (typeof options !== "object" || Array.isArray(options))) {
    throw new HubPluginOptionsError("the plugin's `options` must be an object")
  }
  const { accounts: added = [], ...given } = (options ?? {}) as Record<string, unknown>
  const { options: own, renamed } = readRenamedOptions(given)
  if (!Array.isArray(added)) throw new HubPluginOptionsError("accounts: must be a list of hub accounts, each with its id and credentials")
  const parsed = hubPluginOptionsSchema.safeParse(own)
  if (!parsed.success) throw new HubPluginOptionsError(describeIssues(parsed.error.issues))
  const accounts: HubAccountOptions[] = [{ ...parsed.data, id: DEFAULT_ACCOUNT }]
  const inherited = Object.fromEntries(Object.entries(own).filter(([key]) => !(OWN_OPTIONS as readonly string[]).includes(key)))
  added.forEach((entry: unknown, index) => accounts.push(parseAddedAccount(entry, index, inherited, renamed)))
  checkApart(accounts)
  if (renamed.length) onRenamed(renamed)
  return accounts
}

function parseAddedAccount(entry: unknown, index: number, inherited: Record<string, unknown>, renamed: string[]): HubAccountOptions {
  const place = `accounts.${index}`
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) throw new HubPluginOptionsError(`${place}: must be an object with the account's id and credentials`)
  const { id, ...given } = entry as Record<string, unknown>
  const parsedId = accountIdSchema.safeParse(id)
  if (!parsedId.success) throw new HubPluginOptionsError(`${place}.id: ${parsedId.error.issues[0].message}`)
  const named = `${place} (${parsedId.data})`
  const { options: settings, renamed: renamedHere } = readRenamedOptions(given, named)
  renamed.push(...renamedHere)
  const storeWide = Object.keys(settings).filter((key) => (STORE_WIDE_OPTIONS as readonly string[]).includes(key))
  if (storeWide.length) {
    throw new HubPluginOptionsError(`${named}: ${storeWide.join(", ")} ${storeWide.length > 1 ? "are" : "is"} the store's, set beside \`accounts\`, not in one account`)
  }
  const parsed = hubPluginOptionsSchema.safeParse({ ...inherited, ...settings })
  if (!parsed.success) throw new HubPluginOptionsError(describeIssues(parsed.error.issues.map((issue) => ({ ...issue, path: [named, ...issue.path] }))))
  return { ...parsed.data, id: parsedId.data }
}

/**
 * The sales channel an account sells: its `salesChannelId`, else the store's default channel (`null`
 * when the store has none). The boot compares only the ids options name, so an account naming the
 * store's default channel beside one naming none is found here, with the real id: both are refused.
 */
export function accountSalesChannel(account: HubAccountOptions, accounts: readonly HubAccountOptions[], storeDefault: string | null): string | null {
  const channelOf = (other: HubAccountOptions) => other.salesChannelId ?? storeDefault
  const channel = channelOf(account)
  const other = channel ? accounts.find((candidate) => candidate.id !== account.id && channelOf(candidate) === channel) : undefined
  if (other) {
    const [first, second] = accounts.indexOf(other) < accounts.indexOf(account) ? [other, account] : [account, other]
    throw new HubPluginOptionsError(
      `accounts: ${first.id} and ${second.id} both sell sales channel ${channel}, the store's default sales channel (${[first, second].find((named) => !named.salesChannelId)!.id} names none); give each account its own salesChannelId`
    )
  }
  return channel
}

/**
 * A duplicate id, two accounts on one sales channel (the store's default when none is set), or two
 * naming one stock location: each hub would sell the same units (unless the store says it means it).
 */
function checkApart(accounts: HubAccountOptions[]): void {
  const byId = new Map<string, number>()
  const byChannel = new Map<string, string>()
  const byLocation = new Map<string, string>()
  for (const account of accounts) {
    for (const location of namedLocations(account)) {
      const sharing = byLocation.get(location)
      if (sharing && !accounts[0].sharedStockLocations) {
        throw new HubPluginOptionsError(`accounts: ${sharing} and ${account.id} both reserve and sell stock location ${location}, so both hubs would sell the same units; give each account its own stockLocationId, or set sharedStockLocations: true if that is meant`)
      }
      byLocation.set(location, account.id)
    }
    if (byId.has(account.id)) throw new HubPluginOptionsError(`accounts: the id ${account.id} is given twice${isDefaultAccount(account.id) ? " (the plugin's own options are the account default)" : ""}`)
    byId.set(account.id, 1)
    const channel = account.salesChannelId ?? "the store's default sales channel"
    const other = byChannel.get(channel)
    if (other) throw new HubPluginOptionsError(`accounts: ${other} and ${account.id} both sell ${account.salesChannelId ? `sales channel ${channel}` : channel}; give each account its own salesChannelId`)
    byChannel.set(channel, account.id)
  }
}

/**
 * The stock locations an account's options name: its `stockLocationId` (the default warehouse's) and
 * each of its `warehouses`. A location mapped to a warehouse is not the default's: the default
 * warehouse is fed by the account's other locations.
 */
function namedLocations(account: HubAccountOptions): string[] {
  const mapped = account.warehouses.map((warehouse) => warehouse.stockLocationId)
  const refusal = defaultLocationMapped(account, account.warehouses)
  if (refusal) throw new HubPluginOptionsError(`${isDefaultAccount(account.id) ? "" : `accounts (${account.id}): `}${refusal}`)
  return [...new Set([...(account.stockLocationId ? [account.stockLocationId] : []), ...mapped])]
}

/** Why `warehouses` cannot be the account's: one maps its `stockLocationId`, the default warehouse's (null: none does). */
export function defaultLocationMapped(account: Pick<HubAccountOptions, "stockLocationId">, warehouses: HubWarehouse[]): string | null {
  const index = warehouses.findIndex((warehouse) => warehouse.stockLocationId === account.stockLocationId)
  if (!account.stockLocationId || index < 0) return null
  return `warehouses.${index}.stockLocationId: ${account.stockLocationId} is the account's stockLocationId, the default warehouse's; map another location`
}
