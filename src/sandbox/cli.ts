import { SandboxHubError } from "./errors"
import { startSandboxHub, type SandboxHubOptions } from "./server"

/*
 * `npx hub-sandbox`: starts the sandbox hub for offline development and prints, as .env lines,
 * the base URL and the credentials it accepts.
 */

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

type Flag = { takesValue: boolean; apply(options: SandboxHubOptions, value: string): void }

const count = (flag: string, value: string): number => {
  if (!/^\d+$/.test(value)) throw new CliUsageError(`${flag} expects a whole number, got "${value}"`)
  return Number(value)
}

const FLAGS: Record<string, Flag> = {
  "--port": {
    takesValue: true,
    apply: (options, value) => {
      const port = count("--port", value)
      if (port > 65535) throw new CliUsageError(`--port must be at most 65535, got ${port}`)
      options.port = port
    },
  },
  "--products": {
    takesValue: true,
    apply: (options, value) => {
      options.seed = { ...options.seed, products: count("--products", value) }
    },
  },
  "--orders": {
    takesValue: true,
    apply: (options, value) => {
      options.seed = { ...options.seed, orders: count("--orders", value) }
    },
  },
  "--days": {
    takesValue: true,
    apply: (options, value) => {
      const days = count("--days", value)
      if (days < 1) throw new CliUsageError("--days must be at least 1")
      options.seed = { ...options.seed, days }
    },
  },
  "--production": {
    takesValue: false,
    apply: (options) => {
      options.sandboxAccount = false
    },
  },
  "--retry-after": {
    takesValue: false,
    apply: (options) => {
      options.retryAfterHeader = true
    },
  },
  "--rate-limit": {
    takesValue: true,
    apply: (options, value) => {
      const match = /^(default|[A-Z]+ \/[^\s=]*)=(\d+)\/(\d+)$/.exec(value)
      if (!match || Number(match[3]) < 1) {
        throw new CliUsageError(
          `--rate-limit expects "<METHOD> /<resource>=<limit>/<windowMs>" (e.g. "GET /orders=5/1000"), got "${value}"`
        )
      }
      options.rateLimits = { ...options.rateLimits, [match[1]]: { limit: Number(match[2]), windowMs: Number(match[3]) } }
    },
  },
}

/** The options a command line asks for, or "help"; throws CliUsageError on anything else. */
export function parseSandboxArgs(argv: readonly string[]): SandboxHubOptions | "help" {
  const options: SandboxHubOptions = { port: DEFAULT_CLI_PORT }
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]
    if (argument === "--help" || argument === "-h") return "help"
    const [name, inlineValue] = argument.includes("=") && argument.startsWith("--")
      ? [argument.slice(0, argument.indexOf("=")), argument.slice(argument.indexOf("=") + 1)]
      : [argument, undefined]
    const flag = FLAGS[name]
    if (!flag) throw new CliUsageError(`Unknown argument "${argument}"`)
    if (!flag.takesValue) {
      if (inlineValue !== undefined) throw new CliUsageError(`${name} takes no value`)
      flag.apply(options, "")
      continue
    }
    const value = inlineValue ?? argv[++index]
    if (value === undefined) throw new CliUsageError(`${name} needs a value`)
    flag.apply(options, value)
  }
  if ((options.seed?.orders ?? 0) > 0 && !options.seed?.products) {
    throw new CliUsageError("--orders needs --products: every seeded order sells seeded products")
  }
  return options
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
