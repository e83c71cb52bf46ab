/*
 * A store in its production shape, as real processes: `medusa start` once per role (one
 * `server`, N `worker`s) on a fresh PostgreSQL database and a Redis database of its own, with
 * Medusa's Redis event bus, workflow engine, locking and cache (medusa-config.ts with
 * HUB_PRODUCTION_SHAPE=true, the configuration docs/production.md gives), the plugin's jobs on,
 * and the plugin's shared budget in the same Redis; all against a sandbox hub in this process.
 *
 * What a test gets: kill -9 / restart a process, its logs, the hub requests each process sent
 * (every process reaches the hub through one loopback relay that tells them apart), SQL on the
 * store's database, `medusa exec` of a script, and waitFor. Linux only (/proc tells which
 * process owns a connection).
 *
 * Cached between runs: a migrated template database (process-database.ts), so a new store costs a
 * `CREATE DATABASE ... TEMPLATE`, not a migration.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import fs from "node:fs"
import http from "node:http"
import net, { type AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import { type SandboxHub, type SandboxHubOptions, startSandboxHub } from "../../src/sandbox"
import type { SeedProduct } from "../../src/scripts/seed-store"
import { type RelayedRequest, startRelay } from "./hub-relay"
import { createFromTemplate, databaseUrlOf, MEDUSA_CLI, runToEnd, withClient } from "./process-database"
import { claimRedisDatabase, redisDatabaseUrl, releaseRedisDatabase } from "./redis-databases"

const ROOT = path.resolve(__dirname, "../..")
const SEED_SCRIPT = path.join(__dirname, "seed-store-script.ts")
const SET_STOCK_SCRIPT = path.join(__dirname, "set-stock-script.ts")
export type ProcessRole = "server" | "worker"

export type StoreProcessesOptions = {
  /** Names the database and the log directory. */
  name: string
  /** The store's products, seeded by a separate `medusa exec` before any process starts. */
  products: SeedProduct[]
  /** The sandbox hub's options; the products above are put on it with quantity 0. */
  sandbox?: SandboxHubOptions
  /** Extra environment for every Medusa command (HUB_* options, LOG_LEVEL...). */
  env?: Record<string, string>
  /** Redis server (a database of it is claimed for the run). */
  redisUrl?: string
}

/** One hub request as the relay saw it: which process sent it, and the hub's answer. */
export type { RelayedRequest } from "./hub-relay"

export class StoreProcess {
  child: ChildProcess | null = null
  private output = ""
  private exit: Promise<void> = Promise.resolve()

  constructor(
    readonly label: string,
    readonly role: ProcessRole,
    readonly port: number,
    readonly logFile: string,
    private readonly env: NodeJS.ProcessEnv
  ) {}

  get pid(): number | null {
    return this.child && this.child.exitCode === null && this.child.signalCode === null ? this.child.pid ?? null : null
  }

  /** Everything the process wrote since the harness first started it (restarts included). */
  logs(): string {
    return this.output
  }

  /** Starts `medusa start` and waits until it answers /health. */
  async start(timeoutMs = 180_000): Promise<void> {
    if (this.pid) throw new Error(`${this.label} is already running`)
    const child = spawn(process.execPath, [MEDUSA_CLI, "start", "--port", String(this.port)], {
      cwd: ROOT,
      env: { ...this.env, MEDUSA_WORKER_MODE: this.role },
      stdio: ["ignore", "pipe", "pipe"],
    })
    this.child = child
    const log = fs.createWriteStream(this.logFile, { flags: "a" })
    const keep = (chunk: Buffer) => {
      this.output += chunk.toString()
      log.write(chunk)
    }
    child.stdout!.on("data", keep)
    child.stderr!.on("data", keep)
    this.exit = new Promise((resolve) => child.on("close", () => (log.end(), resolve())))
    const exited = this.exit.then(() => {
      throw new Error(`${this.label} exited while starting (${this.logFile}):\n${this.output.slice(-3000)}`)
    })
    await Promise.race([exited, waitFor(`${this.label} to answer /health`, async () => (await healthy(this.port)) || undefined, timeoutMs)])
    exited.catch(() => undefined)
  }

  /** Sends `signal` (kill -9 by default) and waits until the process is gone. */
  async kill(signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    if (this.pid) this.child!.kill(signal)
    await this.exit
  }

  async restart(): Promise<void> {
    await this.kill()
    await this.start()
  }

  /** Waits until the process's logs match `pattern` (counting from `fromOffset`, e.g. logs().length earlier). */
  waitForLog(pattern: RegExp, timeoutMs: number, fromOffset = 0): Promise<RegExpMatchArray> {
    return waitFor(`${this.label} to log ${pattern}`, () => this.output.slice(fromOffset).match(pattern) ?? undefined, timeoutMs)
  }
}

export class StoreProcesses {
  readonly processes = new Map<string, StoreProcess>()
  /** Every hub request of every process, in arrival order at the relay. */
  readonly relayed: RelayedRequest[] = []
  private relay: http.Server | null = null
  private adminToken: string | null = null
  private readonly env: NodeJS.ProcessEnv

  private constructor(
    readonly hub: SandboxHub,
    readonly databaseUrl: string,
    readonly redisUrl: string,
    private readonly redisDb: number,
    private readonly redisServerUrl: string,
    readonly logDir: string,
    private readonly options: StoreProcessesOptions,
    relayUrl: string
  ) {
    this.env = {
      ...process.env,
      NODE_ENV: "production",
      // Medusa's logger writes plain lines (no colours, no spinner) to a pipe.
      FORCE_COLOR: "0",
      LOG_LEVEL: "info",
      DATABASE_URL: databaseUrl,
      REDIS_URL: this.redisUrl,
      HUB_PRODUCTION_SHAPE: "true",
      DISABLE_MEDUSA_ADMIN: "true",
      MEDUSA_DISABLE_TELEMETRY: "true",
      HUB_BASE_URL: relayUrl,
      HUB_USER_EMAIL: hub.credentials.userEmail,
      HUB_API_KEY: hub.credentials.apiKey,
      HUB_ACCOUNT_MANAGER_KEY: hub.credentials.accountManagerKey,
      HUB_SANDBOX: "true",
      HUB_JOBS: "true",
      // No HUB_RATE_LIMIT_REDIS_URL: the processes find one budget in the store's own Redis (REDIS_URL) by default.
      ...options.env,
    }
  }

  /**
   * A fresh database (from the migrated template), a Redis database of its own, the sandbox hub
   * with the store's SKUs, and the store seeded by `medusa exec` (a separate process that writes
   * the products and their stock, as a merchant's script would). No Medusa process runs yet.
   */
  static async setUp(options: StoreProcessesOptions): Promise<StoreProcesses> {
    const redisServerUrl = options.redisUrl ?? process.env.HUB_TEST_REDIS_URL ?? "redis://127.0.0.1:6379"
    const redisDb = await claimRedisDatabase(redisServerUrl)
    const hub = await startSandboxHub(options.sandbox ?? {})
    const database = `medusa_hub_proc_${options.name.replace(/\W+/g, "_").toLowerCase()}_${randomBytes(3).toString("hex")}`
    const logDir = fs.mkdtempSync(path.join(os.tmpdir(), `medusa-hub-${options.name.replace(/\W+/g, "-")}-`))
    const relay = await startRelay(hub.url)
    // The products listing's `next` links point at the origin the processes know: the relay's.
    if (!options.sandbox?.nextOrigin) hub.setNextOrigin(relay.url)
    const harness = new StoreProcesses(
      hub,
      databaseUrlOf(database),
      redisDatabaseUrl(redisServerUrl, redisDb),
      redisDb,
      redisServerUrl,
      logDir,
      options,
      relay.url
    )
    harness.relay = relay.server
    relay.onRequest = (request) => harness.relayed.push({ ...request, label: harness.labelOfPid(request.pid) })
    relay.candidates = () => [...harness.processes.values()].flatMap((proc) => (proc.pid ? [proc.pid] : []))
    try {
      hub.upsertProducts(options.products.map(({ sku, price = 100 }) => ({ sku, name: `Produto ${sku}`, price, qty: 0 })))
      await createFromTemplate(database, harness.env)
      await harness.exec(SEED_SCRIPT, { HUB_SEED_PRODUCTS: JSON.stringify(options.products) })
    } catch (error) {
      await harness.tearDown()
      throw error
    }
    return harness
  }

  /**
   * Runs `medusa exec <script>` to its end, as a separate process with the store's environment;
   * in `server` mode, so the events it emits are handled by the workers, as a merchant's script's would.
   */
  async exec(script: string, env: Record<string, string> = {}): Promise<string> {
    return runToEnd([MEDUSA_CLI, "exec", script], { ...this.env, MEDUSA_WORKER_MODE: "server", ...env }, path.join(this.logDir, "exec.log"))
  }

  /**
   * Sets SKUs' stocked quantities from a separate `medusa exec` (set-stock-script.ts). Under
   * workflow-engine-redis, Medusa 2.21 leaves the events of a workflow run by `medusa exec`
   * staged in Redis (never handed to the workers): only a reconciliation brings such changes to the hub.
   */
  async setStock(changes: Array<{ sku: string; stocked: number }>): Promise<void> {
    await this.exec(SET_STOCK_SCRIPT, { HUB_SET_STOCK: JSON.stringify(changes) })
  }

  /**
   * Sets SKUs' stocked quantities through the admin API of the first `server` process (the
   * batch location-levels route), as a merchant's bulk edit: the server runs the workflow and
   * its events reach the workers through Redis. (A `medusa exec` script's workflow events stay
   * staged in Redis under workflow-engine-redis in Medusa 2.21: see `setStock`.)
   */
  async setStockThroughAdmin(changes: Array<{ sku: string; stocked: number }>): Promise<void> {
    const levels = await this.sql<{ sku: string; inventory_item_id: string; location_id: string }>(
      `select ii.sku, il.inventory_item_id, il.location_id from inventory_item ii
         join inventory_level il on il.inventory_item_id = ii.id and il.deleted_at is null
        where ii.deleted_at is null and ii.sku = any($1)`,
      [changes.map((change) => change.sku)]
    )
    const stockedBySku = new Map(changes.map((change) => [change.sku, change.stocked]))
    const update = levels.map((level) => ({ inventory_item_id: level.inventory_item_id, location_id: level.location_id, stocked_quantity: stockedBySku.get(level.sku)! }))
    await this.adminRequest("POST", "/admin/inventory-items/location-levels/batch", { update })
  }

  /** One admin API call to the first `server` process, as an admin user the harness creates once. */
  async adminRequest(method: string, pathname: string, body?: unknown): Promise<unknown> {
    const server = [...this.processes.values()].find((proc) => proc.role === "server" && proc.pid)
    if (!server) throw new Error("no server process is running")
    if (!this.adminToken) {
      const email = "admin@store-processes.test"
      const password = randomBytes(12).toString("hex")
      await runToEnd([MEDUSA_CLI, "user", "-e", email, "-p", password], this.env, path.join(this.logDir, "exec.log"))
      const login = (await requestJson(server.port, "POST", "/auth/user/emailpass", undefined, { email, password })) as { token: string }
      this.adminToken = login.token
    }
    return requestJson(server.port, method, pathname, this.adminToken, body)
  }

  /** Declares a process (`medusa start` in `role`); `start()` it, or use `startAll`. */
  async add(label: string, role: ProcessRole, env: Record<string, string> = {}): Promise<StoreProcess> {
    const proc = new StoreProcess(label, role, await freePort(), path.join(this.logDir, `${label}.log`), { ...this.env, ...env })
    this.processes.set(label, proc)
    return proc
  }

  /** Starts the declared processes together and waits until each answers. */
  async startAll(): Promise<void> {
    await Promise.all([...this.processes.values()].map((proc) => proc.start()))
  }

  get(label: string): StoreProcess {
    const proc = this.processes.get(label)
    if (!proc) throw new Error(`no process ${label}`)
    return proc
  }

  /** One query on the store's database (a bound function: pass it around as it is). */
  readonly sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> =>
    withClient(this.databaseUrl, async (client) => (await client.query(text, params)).rows as T[])

  /** The hub requests one process sent (by label), or all of them. */
  requestsOf(label?: string): RelayedRequest[] {
    return label === undefined ? [...this.relayed] : this.relayed.filter((request) => request.label === label)
  }

  /** Stops every process (kill -9: nothing of it is kept), the relay and the sandbox; drops the database and the Redis database. */
  async tearDown(): Promise<void> {
    await Promise.all([...this.processes.values()].map((proc) => proc.kill()))
    await new Promise<void>((resolve) => (this.relay ? this.relay.close(() => resolve()) : resolve()))
    this.relay?.closeAllConnections()
    await this.hub.stop().catch(() => undefined)
    const database = new URL(this.databaseUrl).pathname.slice(1)
    await withClient(databaseUrlOf("postgres"), (client) => client.query(`drop database if exists "${database}" with (force)`)).catch(() => undefined)
    await releaseRedisDatabase(this.redisServerUrl, this.redisDb)
  }

  private labelOfPid(pid: number | null): string | null {
    if (pid === null) return null
    for (const proc of this.processes.values()) if (proc.child?.pid === pid) return proc.label
    return null
  }
}

/** Polls `check` every `intervalMs` until it returns a value other than undefined; fails naming `what`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs: number, intervalMs = 500): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const value = await check()
      if (value !== undefined) return value
    } catch (error) {
      last = error
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${last instanceof Error ? last.message : String(last)}` : ""}`)
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}

// ---------------------------------------------------------------------------------------------
// Processes
// ---------------------------------------------------------------------------------------------

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** A JSON request to a Medusa process on loopback; rejects on a status other than 2xx. */
async function requestJson(port: number, method: string, pathname: string, token?: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${port}${pathname}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text.slice(0, 500)}`)
  return text ? JSON.parse(text) : null
}

function healthy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ host: "127.0.0.1", port, path: "/health", timeout: 2_000 }, (response) => {
      response.resume()
      resolve(response.statusCode === 200)
    })
    request.on("timeout", () => request.destroy())
    request.on("error", () => resolve(false))
  })
}
