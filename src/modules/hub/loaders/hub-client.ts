import { LoaderOptions } from "@medusajs/framework/types"
import { asValue } from "@medusajs/framework/awilix"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { Tracer } from "@medusajs/framework/telemetry"
import { HubClient, hubAccountKey, type HubLogger, type HubTracer } from "../../../hub-client"
import { PostgresBudgetStore } from "../repositories/hub-budget"
import { accountInLog, isDefaultAccount, type HubAccountOptions, parseHubAccounts } from "../accounts"
import type { HubAccountConnection } from "../hub-account"
import { accountOperations } from "../account-operations"
import { isSchemaCommand, medusaCommand } from "./medusa-command"
import { sharedBudgetRedis } from "./shared-budget"

/**
 * Validates the plugin options and builds each hub account's own client in the process, so a bad option
 * stops the boot (`medusa start`, `develop`, `exec`, `user`, a test runner) with a message naming
 * it, instead of failing on the first scheduled run.
 *
 * The `db:*` commands only change the schema and never call the hub: they run with a warning,
 * so a store creates the plugin's tables before it has the hub's credentials. The module's
 * options and client are then placeholders that throw the same message on first use.
 */
export default async function hubClientLoader({ container, options }: LoaderOptions) {
  const logger = container.resolve("logger")
  let accounts: HubAccountOptions[]
  try {
    accounts = parseHubAccounts(options, (renamed) => logger.warn(`medusa-plugin-hub: options renamed, read under their new names for now: ${renamed.join("; ")}. See docs/options.md.`))
  } catch (error) {
    const command = medusaCommand()
    if (!isSchemaCommand(command)) throw error
    logger.warn(
      `${(error as Error).message} \`medusa ${command}\` goes on without them (it only changes the database schema); ` +
        "`medusa start`, `develop`, `exec` and `user` stop on them."
    )
    container.register({
      hubClient: asValue(unusable<HubClient>(error as Error, { close: async () => {} })),
      hubOptions: asValue(unusable(error as Error)),
      hubAccounts: asValue([]),
    })
    return
  }
  // One request budget per hub account for every process of the store by default: the Redis Medusa
  // already has, else the PostgreSQL every process of a store shares; keyed by the account's URL and
  // credentials, so one account's 429 pauses that account only.
  const redis = sharedBudgetRedis(accounts[0].rateLimitRedisUrl, container.resolve(ContainerRegistrationKeys.CONFIG_MODULE, { allowUnregistered: true }))
  const pg = redis ? undefined : container.resolve(ContainerRegistrationKeys.PG_CONNECTION, { allowUnregistered: true })
  const budget = redis ? `in the Redis of ${redis.from}` : pg ? "in PostgreSQL (no Redis configured)" : "this process's own (no database connection)"
  const hubAccounts: HubAccountConnection[] = accounts.map((account) => {
    const postgresBudget = pg ? new PostgresBudgetStore(pg, hubAccountKey(account), account.rateLimitMaxPauseMs) : undefined
    const client = new HubClient({ ...account, rateLimitRedisUrl: redis?.url }, namingAccount(logger, account.id), postgresBudget, medusaHubTracer())
    return { id: account.id, options: account, client, ...accountOperations(client) }
  })
  container.register({ hubClient: asValue(hubAccounts[0].client), hubOptions: asValue(accounts[0]), hubAccounts: asValue(hubAccounts) })
  for (const { id, options: account } of hubAccounts) {
    logger.info(`${accountInLog(id)} connected to ${new URL(account.baseUrl).origin}${account.sandbox ? " (sandbox account)" : ""}; request budget ${budget}`)
  }
}

/**
 * The logger of one account's hub client: its lines (`hub: 429 on GET /orders; ...`) name the account,
 * unless it is `default`, whose lines read as in a single-account store.
 */
function namingAccount(logger: HubLogger, account: string): HubLogger {
  if (isDefaultAccount(account)) return logger
  const named = (line: unknown) => (typeof line === "string" ? line.replace(/^hub:/, accountInLog(account)) : line)
  return { warn: (line: unknown) => logger.warn(named(line)), info: (line: unknown) => logger.info(named(line)) }
}

/**
 * Medusa's tracer (`@medusajs/framework/telemetry`) as the hub client's: a request's span is a child of
 * the span active when it is sent (the workflow's, when the store registers OpenTelemetry: see
 * `registerOtel` in its instrumentation.ts); without a registered provider it records nothing.
 */
function medusaHubTracer(): HubTracer {
  const tracer = new Tracer("medusa-plugin-hub").getOTTracer()
  return {
    startSpan(name, attributes) {
      // kind 2: CLIENT, an outgoing request (OpenTelemetry's SpanKind).
      const span = tracer.startSpan(name, { attributes, kind: 2 })
      return {
        setAttributes: (more) => void span.setAttributes(more),
        recordError(error) {
          // The error's kind only: a hub's message may quote what it was sent.
          const kind = error instanceof Error ? error.name : "Error"
          span.recordException({ name: kind, message: kind })
          // code 2: ERROR (OpenTelemetry's SpanStatusCode).
          span.setStatus({ code: 2, message: kind })
        },
        end: () => span.end(),
      }
    },
  }
}

/**
 * A stand-in that throws `error` on any use, except the members given (e.g. the client's `close`,
 * which Medusa calls at shutdown). Symbols and `then` read as undefined, so that inspecting the
 * value, or awaiting it, does not throw.
 */
export function unusable<T extends object>(error: Error, allowed: Partial<Record<keyof T, unknown>> = {}): T {
  return new Proxy({} as T, {
    get(_target, property) {
      if (typeof property === "symbol" || property === "then") return undefined
      if (Object.prototype.hasOwnProperty.call(allowed, property)) return (allowed as Record<string, unknown>)[property]
      throw error
    },
  })
}
