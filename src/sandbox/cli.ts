/*
 * `npx hub-sandbox`: starts the sandbox hub for offline development and prints, as .env lines,
 * the base URL and the credentials it accepts.
 */
import { parseArgs, type ParseArgsConfig } from "node:util"
import { SandboxHubError } from "./errors"
import type { SandboxHubOptions } from "./hub"
import { startSandboxHub } from "./server"

export const SANDBOX_CLI_USAGE = `Usage: hub-sandbox [options]

  --port <n>             port on 127.0.0.1 (default 4010; 0 = any free port)
  --products <n>         seed n products SKU-00001.. (default 0)
  --orders <n>           seed n orders in status book_product (needs --products)
  --days <n>             spread the seeded orders over the last n calendar days, today included (default 30)
  --production           behave as a production account: test orders and approval answer 403
  --retry-after          send Retry-After on 429 answers
  --rate-limit <rule>    "<METHOD> /<resource>=<limit>/<windowMs>" or "default=<limit>/<windowMs>",
                         e.g. --rate-limit "GET /orders=5/1000" (repeatable)
  --help                 show this help`

export const DEFAULT_CLI_PORT = 4010

/** A command line the CLI cannot run; it exits with status 2. */
export class CliUsageError extends Error {}

/** The flags, as node:util's parseArgs reads them (`--flag value` and `--flag=value`). */
const FLAGS = {
  port: { type: "string" },
  products: { type: "string" },
  orders: { type: "string" },
  days: { type: "string" },
  production: { type: "boolean" },
  "retry-after": { type: "boolean" },
  "rate-limit": { type: "string", multiple: true },
  help: { type: "boolean", short: "h" },
} as const satisfies ParseArgsConfig["options"]

const count = (flag: string, value: string): number => {
  if (!/^\d+$/.test(value)) throw new CliUsageError(`${flag} expects a whole number, got "${value}"`)
  return Number(value)
}

/** "<METHOD> /<resource>=<limit>/<windowMs>" or "default=<limit>/<windowMs>" -> [bucket, limit]. */
const rateLimitRule = (value: string): [string, { limit: number; windowMs: number }] => {
  const match = /^(default|[A-Z]+ \/[^\s=]*)=(\d+)\/(\d+)$/.exec(value)
  if (!match || Number(match[3]) < 1) {
    throw new CliUsageError(
      `--rate-limit expects "<METHOD> /<resource>=<limit>/<windowMs>" (e.g. "GET /orders=5/1000"), got "${value}"`
    )
  }
  return [match[1], { limit: Number(match[2]), windowMs: Number(match[3]) }]
}

/** The options a command line asks for, or "help"; throws CliUsageError on anything else. */
export function parseSandboxArgs(argv: readonly string[]): SandboxHubOptions | "help" {
  const flags = readFlags(argv)
  if (flags.help) return "help"
  const options: SandboxHubOptions = { port: DEFAULT_CLI_PORT }
  if (flags.port !== undefined) {
    const port = count("--port", flags.port)
    if (port > 65535) throw new CliUsageError(`--port must be at most 65535, got ${port}`)
    options.port = port
  }
  if (flags.products !== undefined) options.seed = { ...options.seed, products: count("--products", flags.products) }
  if (flags.orders !== undefined) options.seed = { ...options.seed, orders: count("--orders", flags.orders) }
  if (flags.days !== undefined) {
    const days = count("--days", flags.days)
    if (days < 1) throw new CliUsageError("--days must be at least 1")
    options.seed = { ...options.seed, days }
  }
  if (flags.production) options.sandboxAccount = false
  if (flags["retry-after"]) options.retryAfterHeader = true
  if (flags["rate-limit"]) options.rateLimits = Object.fromEntries(flags["rate-limit"].map(rateLimitRule))
  if ((options.seed?.orders ?? 0) > 0 && !options.seed?.products) {
    throw new CliUsageError("--orders needs --products: every seeded order sells seeded products")
  }
  return options
}

/** parseArgs in strict mode; its refusals become CliUsageErrors naming the argument as given. */
function readFlags(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: FLAGS, strict: true }).values
  } catch (error) {
    if (!String((error as NodeJS.ErrnoException).code).startsWith("ERR_PARSE_ARGS_")) throw error
    throw new CliUsageError(describeRefusal(argv) ?? (error as Error).message)
  }
}

/** The first argument strict parsing refuses, read again leniently so that it can be named. */
function describeRefusal(argv: readonly string[]): string | undefined {
  const { tokens } = parseArgs({ args: [...argv], options: FLAGS, strict: false, allowPositionals: true, tokens: true })
  const known = (name: string): name is keyof typeof FLAGS => Object.keys(FLAGS).includes(name)
  for (const token of tokens) {
    if (token.kind !== "option" || !known(token.name)) return `Unknown argument "${argv[token.index]}"`
    const flag = FLAGS[token.name]
    if (flag.type === "boolean" && token.value !== undefined) return `${token.rawName} takes no value`
    if (flag.type === "string" && token.value === undefined) return `${token.rawName} needs a value`
  }
  return undefined
}

/** Starts the hub and keeps it running until SIGINT/SIGTERM; sets process.exitCode on failure. */
export async function runCli(argv: readonly string[]): Promise<void> {
  let options: SandboxHubOptions | "help"
  try {
    options = parseSandboxArgs(argv)
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error
    console.error(`hub-sandbox: ${error.message}\n\n${SANDBOX_CLI_USAGE}`)
    process.exitCode = 2
    return
  }
  if (options === "help") {
    console.log(SANDBOX_CLI_USAGE)
    return
  }

  let hub
  try {
    hub = await startSandboxHub({ firstOrderSequence: Date.now(), ...options })
  } catch (error) {
    const reason =
      error instanceof SandboxHubError || (error as NodeJS.ErrnoException).code === "EADDRINUSE"
        ? (error as Error).message
        : String(error)
    console.error(`hub-sandbox: cannot start: ${reason}`)
    process.exitCode = 1
    return
  }

  const account = options.sandboxAccount === false ? "production account" : "sandbox account"
  // stdout holds only .env lines (the first a comment), so it can be redirected into a .env file.
  console.log(
    [
      `# Sandbox hub (${account}), ${options.seed?.products ?? 0} products, ${options.seed?.orders ?? 0} orders. Ctrl+C stops it.`,
      `HUB_BASE_URL=${hub.url}`,
      `HUB_USER_EMAIL=${hub.credentials.userEmail}`,
      `HUB_API_KEY=${hub.credentials.apiKey}`,
      `HUB_ACCOUNT_MANAGER_KEY=${hub.credentials.accountManagerKey}`,
      `HUB_SANDBOX=${options.sandboxAccount !== false}`,
    ].join("\n")
  )

  const running = hub
  const shutdown = (signal: NodeJS.Signals) => {
    console.error(`hub-sandbox: ${signal}, stopping`)
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`hub-sandbox: stop failed: ${String(error)}`)
        process.exit(1)
      }
    )
  }
  process.once("SIGINT", shutdown)
  process.once("SIGTERM", shutdown)
}
