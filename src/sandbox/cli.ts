/*
 * `npx hub-sandbox`: starts the sandbox hub for offline development and prints, as .env lines,
 * the base URL and the credentials it accepts; with --accounts N, one hub per hub account
 * (accounts.ts).
 */
import { readFileSync } from "node:fs"
import { parseArgs, type ParseArgsConfig } from "node:util"
import { describeSandboxAccounts, MAX_SANDBOX_ACCOUNTS, SandboxAccountStartError, startSandboxAccounts, type SandboxAccounts } from "./accounts"
import { SandboxHubError } from "./errors"
import type { SandboxHubOptions } from "./hub"
import { moveRulesSchema } from "./move-rules"
import { PRODUCT_MODELS, type ProductModel } from "./price-rules"
import { callFreight, type FreightCall, freightCallSchema, HUB_FREIGHT_WAIT_MS } from "./freight-caller"
import { DEFAULT_SEED_DAYS, DEFAULT_SEED_SKU_QTY, type SeedSku } from "./seed"

export const SANDBOX_CLI_USAGE = `Usage: hub-sandbox [options]

  --port <n>             port on 127.0.0.1 (default 4010; 0 = any free port)
  --accounts <n>         serve n hub accounts (1..10, default 1): default, account-2, ..., each a hub of its own
                         (state, credentials, control endpoints; every other flag applies to each) on ports
                         consecutive from --port (0: each any free port); prints HUB_ACCOUNTS for the others
  --products <n>         seed n products SKU-00001.. (default 0)
  --skus <list>          seed your store's own SKUs, comma-separated, each with an optional hub
                         quantity (default ${DEFAULT_SEED_SKU_QTY}): --skus "TSHIRT-S:10,TSHIRT-M,MUG:3"
  --skus-file <path>     the same from a file: one SKU a line, optionally followed by its quantity
                         ("MUG 3", "MUG,3" or "MUG:3"); blank lines and lines starting with # are skipped
  --orders <n>           seed n NEW orders (status book_product) selling the seeded products
                         (needs --products, --skus or --skus-file)
  --days <n>             spread the seeded orders over the last n UTC calendar days, today included
                         (default ${DEFAULT_SEED_DAYS}: the plugin's default look-back, importLookbackDays)
  --production           behave as a production account: test orders and approval answer 403
  --tidy-answers         answer every order, product and status list in the tidy shapes (every field in the
                         format a merchant sends, the seven standard statuses) instead of as real hubs answer
                         (default: null for absent values, "" for absent dates, written phones and CEPs, company
                         buyers, promotions, the 2025 status codes; docs/sandbox.md)
  --retry-after          send Retry-After on 429 answers
  --product-model <m>    how the hub holds a sale: 2025 (default: no 0 nor null price or sale price,
                         a sale price equal to the price is no sale) or legacy (null is no sale, a sale
                         price must be lower than the price)
  --moves <rules>        which moves the hub accepts from which status: strict (default), lenient
                         (ships from APPROVED or INVOICED, refuses a re-ship after an exception),
                         or a JSON file {"SHIPPED":["INVOICED"],...} naming every target type
  --queue-visibility <ms> how long an order taken from GET /queues/orders stays hidden (default 300000)
  --rate-limit <rule>    "<METHOD> /<resource>=<limit>/<windowMs>" or "default=<limit>/<windowMs>",
                         e.g. --rate-limit "GET /orders=5/1000" (repeatable)
  --call-freight <url>   no hub: call a store's freight quote URL as the hub would, print each answer and its
                         time against the hub's 800 ms, and exit (1 when one was late or not a 2xx/404)
  --freight-contract <c> partner (default, the 2025 contract) or legacy
  --freight-cep <cep>    the destination CEP (default 01310-100)
  --freight-skus <list>  the SKUs quoted, one unit each, comma-separated (default SKU-00001)
  --freight-times <n>    how many calls, one after the other (default 1)
  --help                 show this help

Control endpoints (no credentials; <code> URL-encoded: "Sandbox Marketplace-17" -> Sandbox%20Marketplace-17):
  GET    /_sandbox/orders/<code>           the order as the hub holds it (outside the account's limits)
  POST   /_sandbox/orders/<code>/approve   the marketplace approves the order (payment confirmed)
  POST   /_sandbox/orders/<code>/cancel    the marketplace cancels the order
  POST   /_sandbox/orders/<code>/ship      the hub's own delivery ships it (one parcel, a Correios track)
  POST   /_sandbox/orders/<code>/deliver   the hub's own delivery delivers it
  POST   /_sandbox/orders/<code>/status    {"status"}: the marketplace puts it in any status of the account
                                           (a 2025 code such as has_incident), outside the move rules
  PUT    /_sandbox/answers                 {"answers":"realistic"|"tidy"}: how orders placed from now on, products
                                           seeded from now on and the statuses after a reset are answered
  POST   /_sandbox/products                add or update products, with no check between the prices (to seed
                                           drift): [{"sku","qty","name"?,"price"?,"promotional_price"?,"status"?}]
  GET    /_sandbox/products/<sku>          a product (with its variations) or a variation, every field the hub holds
  POST   /_sandbox/statuses                add a custom status: {"code","label","type"}
  POST   /_sandbox/orders                  the marketplace places an order (a test order's body, any account)
  POST   /_sandbox/orders/seed             {"count","days"?,"endAt"?,"queued"?}: seeded orders up to endAt; their codes
  POST   /_sandbox/orders/raw              store any JSON object as an order (it needs a "code")
  PUT    /_sandbox/queue                   {"fault":"unavailable"|"empty"|null}: the order queue stops answering
  DELETE /_sandbox/queue                   empty the order queue, as if every order had been acknowledged
  POST   /_sandbox/freight-calls       {"url","contract":"legacy"|"partner","cep","items":[{"sku","quantity"?,"price"?,
                                           "weightKg"?,"heightM"?,"widthM"?,"lengthM"?}],"times"?}: the hub calls a store's
                                           freight quote URL (answers 202 {"id"} at once)
  GET    /_sandbox/freight-calls           each freight call run: its answers, their ms and whether in the hub's 800 ms
                                        (?after=<run id>: the later runs only; ?results=false: whether each is done, no answers)
  GET    /_sandbox/freight-calls/load      the callers' own CPU and event loop delay since the last reset (?reset=true: reset)
  PUT    /_sandbox/faults                  {"errorRate","dropRate","loseAnswerRate","latencyMs","seed"}
                                           (shares 0..1; {} turns faults off)
  PUT    /_sandbox/rate-limits             {"GET /orders":{"limit":1,"windowMs":1000},"default":{...}}
  PUT    /_sandbox/next-origin             {"origin":"http://..."|null}: where the products listing's next points
  PUT    /_sandbox/price-rules             {"maxCutPercent":50|null,"productModel":"2025"|"legacy"}: the hub's price rules
  PUT    /_sandbox/delivery                {"plpOrderCodes":"code"|"marketplace_number"}: what a PLP's order_remote_codes names
  PUT    /_sandbox/review                  {"eanRequired":true|false}: the marketplace refuses a product without an EAN
  GET    /_sandbox/categories              the category service's list (GET /category-service/categories, with credentials)
  PUT    /_sandbox/categories              replace it, in the service's shape: [{"id","eanRequired","categoryData":{"id","name"},
                                           "attributes":[{"name","nameId","value","valueId","required","variant"}]}]
                                           (back to the default 23 on reset); a product in one needs its required attributes
  POST   /_sandbox/sync_errors             {"entity":"products"|"orders","entity_id","error_code","error_category_code",
                                           "message"}: the marketplace refuses it (listed under /sync_errors/...)
  POST   /_sandbox/sac                     {"order_code","action"?,"items"?,"message"?:{"content","buyer"?}}: the buyer opens a
                                           SAC ticket for an order (GET /_sandbox/sac/<code>: it with its chats)
  GET    /_sandbox/sac                     every ticket, with or without messages
  POST   /_sandbox/sac/<code>/messages     {"content","chat"?,"role"?:"CUSTOMER"|"B2W"}: the buyer (or the marketplace) writes
  PUT    /_sandbox/sac/<code>/archive      the marketplace archives the ticket
  PUT    /_sandbox/sac/<code>/instances/<id> {"status","refundStatus"?}: the marketplace moves the seller's instance on
  PUT    /_sandbox/misbehaviour            a hub gone wrong, each switch null to end it: {"retryAfter":{"seconds","times"?},
                                           "redirect":{"status"?,"location"?},"endlessCursor":true,"duplicateOrderCodes":n,
                                           "duplicateStatusCodes":n,"hugeBody":{"bytes","declareLength"?},"dripBody":{"everyMs"?}}
                                           ("times", "bucket" such as "GET /products": which requests a switch takes)
  GET    /_sandbox/misbehaviour            the misbehaviour switches in force
  GET    /_sandbox/requests                the hub requests answered so far, and counters
  DELETE /_sandbox/requests                clear that log
  POST   /_sandbox/reset                   back to no products, no orders, the standard statuses

  e.g. curl -X POST "http://127.0.0.1:4010/_sandbox/orders/Sandbox%20Marketplace-17/approve"`

export const DEFAULT_CLI_PORT = 4010

/** What a command line asks for: the options of every hub, and how many accounts (absent: 1). */
export type SandboxCliOptions = SandboxHubOptions & { accounts?: number; freightCall?: FreightCall }

/** A command line the CLI cannot run; it exits with status 2. */
export class CliUsageError extends Error {}

/** The flags, as node:util's parseArgs reads them (`--flag value` and `--flag=value`). */
const FLAGS = {
  port: { type: "string" },
  accounts: { type: "string" },
  products: { type: "string" },
  orders: { type: "string" },
  skus: { type: "string" },
  "skus-file": { type: "string" },
  days: { type: "string" },
  production: { type: "boolean" },
  "tidy-answers": { type: "boolean" },
  "retry-after": { type: "boolean" },
  moves: { type: "string" },
  "product-model": { type: "string" },
  "queue-visibility": { type: "string" },
  "rate-limit": { type: "string", multiple: true },
  "call-freight": { type: "string" },
  "freight-contract": { type: "string" },
  "freight-cep": { type: "string" },
  "freight-skus": { type: "string" },
  "freight-times": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies ParseArgsConfig["options"]

const count = (flag: string, value: string): number => {
  if (!/^\d+$/.test(value)) throw new CliUsageError(`${flag} expects a whole number, got "${value}"`)
  return Number(value)
}

const productModelFlag = (value: string): ProductModel => {
  if (!(PRODUCT_MODELS as readonly string[]).includes(value)) throw new CliUsageError(`--product-model expects ${PRODUCT_MODELS.join(" or ")}, got "${value}"`)
  return value as ProductModel
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

/** One "SKU", "SKU:qty", "SKU,qty" or "SKU qty" entry; `where` names it in an error. */
const seedSku = (entry: string, where: string): SeedSku => {
  const match = /^(.*?)(?:\s*[:,\s]\s*(\d+))?$/.exec(entry.trim())
  const sku = match?.[1].trim() ?? ""
  if (!sku || /[\s,:]/.test(sku)) {
    throw new CliUsageError(`${where}: expected a SKU, optionally followed by its quantity (e.g. MUG:3), got "${entry.trim()}"`)
  }
  return { sku, qty: match?.[2] === undefined ? DEFAULT_SEED_SKU_QTY : Number(match[2]) }
}

/** --skus "A:10,B,C:3". */
export function parseSkuList(value: string): SeedSku[] {
  const entries = value.split(",").map((entry) => entry.trim())
  if (entries.some((entry) => !entry)) throw new CliUsageError(`--skus expects SKUs separated by commas, got "${value}"`)
  return entries.map((entry) => seedSku(entry, "--skus"))
}

/** A --skus-file's text: one SKU a line, with an optional quantity; blank and # lines skipped. */
export function parseSkuFile(text: string, file: string): SeedSku[] {
  const skus: SeedSku[] = []
  text.split(/\r?\n/).forEach((line, index) => {
    if (!line.trim() || line.trim().startsWith("#")) return
    skus.push(seedSku(line, `--skus-file ${file} line ${index + 1}`))
  })
  if (!skus.length) throw new CliUsageError(`--skus-file ${file} holds no SKU`)
  return skus
}

/** The options a command line asks for, or "help"; throws CliUsageError on anything else. */
export function parseSandboxArgs(argv: readonly string[]): SandboxCliOptions | "help" {
  const flags = readFlags(argv)
  if (flags.help) return "help"
  const options: SandboxCliOptions = { port: DEFAULT_CLI_PORT }
  if (flags.port !== undefined) {
    const port = count("--port", flags.port)
    if (port > 65535) throw new CliUsageError(`--port must be at most 65535, got ${port}`)
    options.port = port
  }
  if (flags.accounts !== undefined) {
    const accounts = count("--accounts", flags.accounts)
    if (accounts < 1 || accounts > MAX_SANDBOX_ACCOUNTS) {
      throw new CliUsageError(`--accounts must be 1 to ${MAX_SANDBOX_ACCOUNTS}, got ${accounts}`)
    }
    const last = (options.port ?? 0) + accounts - 1
    if (options.port && last > 65535) throw new CliUsageError(`--accounts ${accounts} from --port ${options.port} needs ports up to ${last}; at most 65535`)
    options.accounts = accounts
  }
  if (flags.products !== undefined) options.seed = { ...options.seed, products: count("--products", flags.products) }
  if (flags.orders !== undefined) options.seed = { ...options.seed, orders: count("--orders", flags.orders) }
  const skus = [
    ...(flags.skus !== undefined ? parseSkuList(flags.skus) : []),
    ...(flags["skus-file"] !== undefined ? parseSkuFile(readSkuFile(flags["skus-file"]), flags["skus-file"]) : []),
  ]
  if (skus.length) options.seed = { ...options.seed, skus }
  if (flags.days !== undefined) {
    const days = count("--days", flags.days)
    if (days < 1) throw new CliUsageError("--days must be at least 1")
    options.seed = { ...options.seed, days }
  }
  if (flags.production) options.sandboxAccount = false
  if (flags["tidy-answers"]) options.answers = "tidy"
  if (flags["retry-after"]) options.retryAfterHeader = true
  if (flags.moves !== undefined) options.moveRules = moveRulesFlag(flags.moves)
  if (flags["product-model"] !== undefined) options.priceRules = { productModel: productModelFlag(flags["product-model"]) }
  if (flags["queue-visibility"] !== undefined) options.queueVisibilityMs = count("--queue-visibility", flags["queue-visibility"])
  if (flags["rate-limit"]) options.rateLimits = Object.fromEntries(flags["rate-limit"].map(rateLimitRule))
  if (flags["call-freight"] !== undefined) options.freightCall = freightCallFlags(flags)
  if ((options.seed?.orders ?? 0) > 0 && !options.seed?.products && !options.seed?.skus?.length) {
    throw new CliUsageError("--orders needs --products, --skus or --skus-file: every seeded order sells seeded products")
  }
  return options
}

/** --call-freight and its companions, checked as the control endpoint checks them. */
function freightCallFlags(flags: ReturnType<typeof readFlags>): FreightCall {
  const call = {
    url: flags["call-freight"],
    contract: flags["freight-contract"] ?? "partner",
    cep: flags["freight-cep"] ?? "01310-100",
    items: (flags["freight-skus"] ?? "SKU-00001").split(",").map((sku) => ({ sku: sku.trim() })),
    times: flags["freight-times"] !== undefined ? count("--freight-times", flags["freight-times"]) : 1,
  }
  const parsed = freightCallSchema.safeParse(call)
  if (!parsed.success) throw new CliUsageError(`--call-freight: ${parsed.error.issues.map((issue) => issue.message).join("; ")}`)
  return parsed.data
}

/** Calls the store's quote URL, prints each answer and its time; exit status 1 when one was late or failed. */
async function runFreightCall(call: FreightCall): Promise<void> {
  const results = await callFreight(call)
  for (const [index, result] of results.entries()) {
    console.log(`${index + 1}\t${result.status ?? "no answer"}\t${result.ms} ms${result.inTime ? "" : ` (past the hub's ${HUB_FREIGHT_WAIT_MS} ms)`}\t${result.error ?? JSON.stringify(result.body)}`)
  }
  if (results.some((result) => !result.inTime || result.status === null || (result.status >= 300 && result.status !== 404))) process.exitCode = 1
}

/** A profile's name, or a JSON file of rules of one's own. */
function moveRulesFlag(value: string): SandboxHubOptions["moveRules"] {
  if (value === "strict" || value === "lenient") return value
  let rules: unknown
  try {
    rules = JSON.parse(readFileSync(value, "utf8"))
  } catch (error) {
    throw new CliUsageError(`--moves expects strict, lenient or a JSON file of rules; ${value}: ${(error as Error).message}`)
  }
  const parsed = moveRulesSchema.safeParse(rules)
  if (!parsed.success) throw new CliUsageError(`--moves ${value}: every target type (APPROVED, INVOICED, SHIPPED, DELIVERED, CANCELED, SHIPMENT_EXCEPTION) needs a list of status types`)
  return parsed.data
}

function readSkuFile(file: string): string {
  try {
    return readFileSync(file, "utf8")
  } catch (error) {
    throw new CliUsageError(`--skus-file ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`)
  }
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

/** Starts the hub(s) and keeps them running until SIGINT/SIGTERM; sets process.exitCode on failure. */
export async function runCli(argv: readonly string[]): Promise<void> {
  let parsed: SandboxCliOptions | "help"
  try {
    parsed = parseSandboxArgs(argv)
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error
    console.error(`hub-sandbox: ${error.message}\n\n${SANDBOX_CLI_USAGE}`)
    process.exitCode = 2
    return
  }
  if (parsed === "help") {
    console.log(SANDBOX_CLI_USAGE)
    return
  }
  if (parsed.freightCall) return runFreightCall(parsed.freightCall)
  const { accounts: count = 1, freightCall: _none, ...options } = parsed

  let running: SandboxAccounts
  try {
    running = await startSandboxAccounts({ firstOrderSequence: Date.now(), ...options }, count)
  } catch (error) {
    const cause = error instanceof SandboxAccountStartError ? error.reason : error
    const known = cause instanceof SandboxHubError || (cause as NodeJS.ErrnoException).code === "EADDRINUSE"
    const reason = known ? (cause as Error).message : String(cause)
    const which = error instanceof SandboxAccountStartError && count > 1 ? `account ${error.accountId}: ` : ""
    console.error(`hub-sandbox: cannot start: ${which}${reason}`)
    process.exitCode = 1
    return
  }

  // stdout holds only .env lines (comments included), so it can be redirected into a .env file;
  // stderr says how to act as the marketplace, for a human.
  const printed = describeSandboxAccounts(running.accounts, options)
  console.log(printed.stdout)
  console.error(printed.stderr)

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
