/*
 * Several hub accounts at once (`hub-sandbox --accounts N`): N sandbox hubs, each started by
 * startSandboxHub with the same options but its own port, credentials and order codes, so each
 * has its own state, orders, catalogue, rate-limit windows and control endpoints. The first is
 * the account `default` (the plugin's own options, the fixed DEFAULT_SANDBOX_CREDENTIALS); the
 * others, `account-2`, `account-3`, ..., are entries of the plugin's option `accounts`.
 */
import { createHash } from "node:crypto"
import { DEFAULT_SANDBOX_CREDENTIALS, type SandboxCredentials, type SandboxHub, type SandboxHubOptions } from "./hub"
import { startSandboxHub } from "./server"

/** The plugin's own options are the account `default` (src/modules/hub/accounts.ts, DEFAULT_ACCOUNT). */
export const SANDBOX_DEFAULT_ACCOUNT_ID = "default"
export const MAX_SANDBOX_ACCOUNTS = 10

/**
 * How far apart the accounts' order sequences start: the CLI starts them from the clock (ms), so
 * account k's codes stay clear of every other account's for years of restarts.
 */
export const ACCOUNT_SEQUENCE_SPAN = 100_000_000_000

/** `default`, then `account-2`, `account-3`, ...: the n-th account, and its n-th port. */
export function sandboxAccountId(index: number): string {
  return index === 0 ? SANDBOX_DEFAULT_ACCOUNT_ID : `account-${index + 1}`
}

/**
 * The account `default` keeps the fixed development credentials; every other account has its own,
 * derived from its id: distinct from each other, and the same on every start, so a store's
 * HUB_ACCOUNTS keeps working across restarts.
 */
export function sandboxAccountCredentials(id: string): SandboxCredentials {
  if (id === SANDBOX_DEFAULT_ACCOUNT_ID) return { ...DEFAULT_SANDBOX_CREDENTIALS }
  const hex = (kind: string) => createHash("sha256").update(`hub-sandbox:${kind}:${id}`).digest("hex").slice(0, 32)
  return { userEmail: `dev+${id}@sandbox-hub.test`, apiKey: `sbx_key_${hex("api-key")}`, accountManagerKey: `sbx_am_${hex("account-manager-key")}` }
}

export type SandboxAccount = { id: string; hub: SandboxHub }

export interface SandboxAccounts {
  /** In order: `default` first. */
  accounts: SandboxAccount[]
  /** Stops every hub (each once, however often it is called). */
  stop(): Promise<void>
}

/** One account's hub could not start (e.g. its port is taken); the hubs already started are stopped. */
export class SandboxAccountStartError extends Error {
  constructor(
    readonly accountId: string,
    readonly port: number,
    readonly reason: unknown
  ) {
    super(`account ${accountId}${port ? ` (port ${port})` : ""}: ${reason instanceof Error ? reason.message : String(reason)}`)
  }
}

/**
 * Starts `count` hubs with the same options: ports consecutive from `options.port` (0: each any free
 * port), each account's own credentials (options.credentials, if given, only for `default`), and order
 * sequences ACCOUNT_SEQUENCE_SPAN apart. One at a time, so a taken port stops the ones started.
 */
export async function startSandboxAccounts(options: SandboxHubOptions, count: number): Promise<SandboxAccounts> {
  if (!Number.isInteger(count) || count < 1 || count > MAX_SANDBOX_ACCOUNTS) {
    throw new RangeError(`accounts must be 1..${MAX_SANDBOX_ACCOUNTS}, got ${count}`)
  }
  const accounts: SandboxAccount[] = []
  const stopAll = () => Promise.all(accounts.map(({ hub }) => hub.stop())).then(() => undefined)
  for (let index = 0; index < count; index++) {
    const id = sandboxAccountId(index)
    const port = options.port ? options.port + index : 0
    const own: SandboxHubOptions = {
      ...options,
      port,
      credentials: index === 0 ? (options.credentials ?? sandboxAccountCredentials(id)) : sandboxAccountCredentials(id),
    }
    if (index > 0) own.firstOrderSequence = (options.firstOrderSequence ?? 1) + index * ACCOUNT_SEQUENCE_SPAN
    try {
      accounts.push({ id, hub: await startSandboxHub(own) })
    } catch (error) {
      await stopAll()
      throw new SandboxAccountStartError(id, port, error)
    }
  }
  let stopping: Promise<void> | undefined
  return { accounts, stop: () => (stopping ??= stopAll()) }
}

/** An entry of the plugin's option `accounts`, less the salesChannelId the merchant gives. */
export type HubAccountsEntry = { id: string; baseUrl: string; userEmail: string; apiKey: string; accountManagerKey: string }

/** The accounts after `default`, as entries of the plugin's option `accounts` (HUB_ACCOUNTS). */
export function hubAccountsEntries(accounts: readonly SandboxAccount[]): HubAccountsEntry[] {
  return accounts
    .filter(({ id }) => id !== SANDBOX_DEFAULT_ACCOUNT_ID)
    .map(({ id, hub }) => ({ id, baseUrl: hub.url, ...hub.credentials }))
}

/** What the CLI prints: stdout only .env lines (comments included), stderr for a human. */
export function describeSandboxAccounts(accounts: readonly SandboxAccount[], options: SandboxHubOptions): { stdout: string; stderr: string } {
  const sandbox = options.sandboxAccount !== false
  const kind = sandbox ? "sandbox account" : "production account"
  const contents = `${(options.seed?.products ?? 0) + (options.seed?.skus?.length ?? 0)} products, ${options.seed?.orders ?? 0} orders`
  const envLines = ({ hub }: SandboxAccount) => [
    `HUB_BASE_URL=${hub.url}`,
    `HUB_USER_EMAIL=${hub.credentials.userEmail}`,
    `HUB_API_KEY=${hub.credentials.apiKey}`,
    `HUB_ACCOUNT_MANAGER_KEY=${hub.credentials.accountManagerKey}`,
    `HUB_SANDBOX=${sandbox}`,
  ]
  const several = accounts.length > 1
  const label = (id: string) => (several ? `${id} ` : "")
  const stdout = several
    ? [
        `# ${accounts.length} sandbox hubs, one per hub account. Ctrl+C stops them all.`,
        ...accounts.flatMap((account, index) =>
          index === 0
            ? [`# Sandbox hub ${account.id} (${kind}), ${contents}: the plugin's own options.`, ...envLines(account)]
            : // Commented out: a second HUB_BASE_URL in one .env would replace the default's.
              [`# Sandbox hub ${account.id} (${kind}), ${contents}: an entry of HUB_ACCOUNTS below.`, ...envLines(account).map((line) => `# ${line}`)]
        ),
        `# The accounts after ${SANDBOX_DEFAULT_ACCOUNT_ID}, for the plugin's option accounts: add each one's "salesChannelId" (no two accounts sell one sales channel).`,
        `HUB_ACCOUNTS='${JSON.stringify(hubAccountsEntries(accounts))}'`,
      ]
    : [`# Sandbox hub (${kind}), ${contents}. Ctrl+C stops it.`, ...envLines(accounts[0])]

  // How to act as the marketplace, for a human.
  const stderr = accounts.flatMap(({ id, hub }) => {
    const codes = hub.orderCodes().slice(-3)
    return [
      `hub-sandbox: ${label(id)}listening on ${hub.url}; control endpoints under ${hub.url}/_sandbox/ (hub-sandbox --help lists them)`,
      ...(codes.length
        ? [
            `hub-sandbox: ${label(id)}NEW orders ${codes.join(", ")}; approve one as the marketplace would:`,
            `  curl -X POST "${hub.url}/_sandbox/orders/${encodeURIComponent(codes[codes.length - 1])}/approve"`,
          ]
        : []),
    ]
  })
  return { stdout: stdout.join("\n"), stderr: stderr.join("\n") }
}
