#!/usr/bin/env node
/*
 * `npm run demo`: the plugin running in a seeded store against the sandbox hub, on a fresh
 * machine, in one command:
 *
 *   1. PostgreSQL: the one answering with DB_HOST/DB_PORT/DB_USERNAME/DB_PASSWORD (defaults
 *      localhost, 5432, postgres, no password), else an embedded one (scripts/postgres.js)
 *      whose data dir is kept under os.tmpdir() for the next run;
 *   2. the database medusa_hub_demo (created if missing, kept between runs), migrated with
 *      `medusa db:migrate`;
 *   3. the sandbox hub in this process on 127.0.0.1:4010 (HUB_SANDBOX_PORT), offering the
 *      store's SKUs, with a few NEW orders;
 *   4. the store seeded once (src/scripts/seed-demo.ts) and the admin user
 *      admin@hub-demo.local / supersecret;
 *   5. `medusa develop` with the plugin pointed at the sandbox and its jobs on, so the sandbox's
 *      orders are imported within seconds.
 *
 * With HUB_DEMO_ACCOUNTS=2, a second hub account (brand B) on a sandbox hub of its own, the next
 * port, with a sales channel and stock location of its own (scripts/demo-hubs.js).
 *
 * Ctrl-C (SIGINT), SIGTERM or SIGHUP stop Medusa (each command a process group of its own:
 * scripts/process-groups.js), the sandbox hubs and the embedded PostgreSQL.
 */
"use strict"

const http = require("http")
const net = require("net")
const os = require("os")
const path = require("path")
const {
  emergencyStopEmbeddedPostgres,
  findOrStartPostgres,
  getActiveEmbeddedPostgres,
  loadPg,
  stopEmbeddedPostgres,
} = require("./postgres")
const { DemoError, Interrupted, MedusaProcesses, sleep } = require("./process-groups")
const { placeAfterSaleOrders, placeCancelTicket, playAfterSale } = require("./demo-after-sale")
const { BRAND_B, brandBAccountsEnv, demoAccountCount, placeDeliveryOrders, printBanner, readChannelProducts, readWarehouses, reportRefusal, startDemoHub, stockSandbox } = require("./demo-hubs")

const ROOT = path.resolve(__dirname, "..")
/** The demo's database; the browser test runs the demo on a throwaway one of its own. */
const DB_NAME = process.env.HUB_DEMO_DATABASE || "medusa_hub_demo"
const ADMIN_EMAIL = "admin@hub-demo.local"
const ADMIN_PASSWORD = "supersecret"
const SANDBOX_PORT = process.env.HUB_SANDBOX_PORT ? Number(process.env.HUB_SANDBOX_PORT) : 4010
const MEDUSA_PORT = Number(process.env.PORT || 9000)
const MEDUSA_URL = `http://localhost:${MEDUSA_PORT}`
/** Where an embedded PostgreSQL keeps its data between demo runs. */
const EMBEDDED_PG_DIR = path.join(os.tmpdir(), "medusa-hub-demo-postgres")
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"]

const log = (msg) => console.log(`[demo] ${msg}`)
const warn = (msg) => console.error(`[demo] ${msg}`)
const processes = new MedusaProcesses({ cwd: ROOT, log, warn })

// ---------------------------------------------------------------------------
// Database
// ---------------------------------------------------------------------------

function databaseUrl({ host, port, user, password }, database) {
  const auth = encodeURIComponent(user) + (password ? `:${encodeURIComponent(password)}` : "")
  return `postgres://${auth}@${host}:${port}/${database}`
}

async function withClient(settings, database, fn) {
  const { Client } = loadPg()
  const client = new Client({
    host: settings.host,
    port: Number(settings.port),
    user: settings.user,
    password: settings.password || undefined,
    database,
  })
  client.on("error", () => {})
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end().catch(() => {})
  }
}

async function ensureDatabase(settings) {
  await withClient(settings, "postgres", async (client) => {
    const { rows } = await client.query("select 1 from pg_database where datname = $1", [DB_NAME])
    if (rows.length) {
      log(`database ${DB_NAME}: exists, reused`)
    } else {
      await client.query(`create database ${client.escapeIdentifier(DB_NAME)}`)
      log(`database ${DB_NAME}: created`)
    }
  })
}

/** What the demo needs to know of the store, read straight from its tables. */
async function readStore(settings) {
  return withClient(settings, DB_NAME, async (client) => {
    const one = async (sql, params) => (await client.query(sql, params)).rows
    const regions = await one("select id from region where deleted_at is null limit 1")
    const users = await one(`select id from "user" where email = $1 and deleted_at is null`, [ADMIN_EMAIL])
    const [store] = await one("select default_sales_channel_id from store where deleted_at is null limit 1")
    const products = store?.default_sales_channel_id ? await readChannelProducts(client, store.default_sales_channel_id) : []
    return {
      seeded: regions.length > 0,
      adminExists: users.length > 0,
      products,
      warehouses: regions.length ? await readWarehouses(client) : [],
    }
  })
}

// ---------------------------------------------------------------------------
// Sandbox hubs (scripts/demo-hubs.js)
// ---------------------------------------------------------------------------

/** The sandbox hub of the account default on SANDBOX_PORT, or (`brandB`) brand B's on the next port. */
async function startSandbox({ brandB = false } = {}) {
  try {
    return await startDemoHub(ROOT, SANDBOX_PORT, { brandB })
  } catch (err) {
    if (err && err.code === "EADDRINUSE") {
      throw new DemoError(`port ${brandB ? SANDBOX_PORT + 1 : SANDBOX_PORT} is taken: stop what uses it, or choose another with HUB_SANDBOX_PORT=<port> (brand B takes the next one)`)
    }
    throw err
  }
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

let sandbox = null
/** Brand B's sandbox hub, with HUB_DEMO_ACCOUNTS=2. */
let brandBSandbox = null

function checkHealth() {
  return new Promise((resolve) => {
    const req = http.get(`${MEDUSA_URL}/health`, { timeout: 2000 }, (res) => {
      let body = ""
      res.on("data", (chunk) => (body += chunk))
      res.on("end", () => resolve(res.statusCode === 200 && body.trim() === "OK"))
    })
    req.on("timeout", () => req.destroy())
    req.on("error", () => resolve(false))
  })
}

async function main() {
  const env = process.env
  const settings = {
    host: env.DB_HOST || "localhost",
    port: env.DB_PORT || "5432",
    user: env.DB_USERNAME || "postgres",
    password: env.DB_PASSWORD || "",
  }

  await assertPortFree(MEDUSA_PORT)

  // 1. PostgreSQL and 2. the demo database.
  const pg = await findOrStartPostgres(settings, { log, baseDir: EMBEDDED_PG_DIR })
  if (processes.stopping) throw new Interrupted()
  await ensureDatabase(pg)
  const DATABASE_URL = databaseUrl(pg, DB_NAME)

  // 3. The sandbox hub (first: every medusa command loads the plugin, whose options need it).
  sandbox = await startSandbox()
  log(`sandbox hub: listening on ${sandbox.url}`)
  if (demoAccountCount(env) === 2) {
    brandBSandbox = await startSandbox({ brandB: true })
    log(`sandbox hub of account ${BRAND_B.id}: listening on ${brandBSandbox.url}`)
  }
  const childEnv = {
    ...env,
    DATABASE_URL,
    HUB_BASE_URL: sandbox.url,
    // The sandbox's category service (the hub page's Mapping reads the hub's categories there).
    HUB_CATEGORY_SERVICE_URL: `${sandbox.url}/category-service`,
    HUB_USER_EMAIL: sandbox.credentials.userEmail,
    HUB_API_KEY: sandbox.credentials.apiKey,
    HUB_ACCOUNT_MANAGER_KEY: sandbox.credentials.accountManagerKey,
    HUB_SANDBOX: "true",
    HUB_JOBS: "false",
    // The demo shows the whole catalogue sync (docs/catalogue.md); HUB_CATALOGUE_FIELDS= (empty) keeps qty alone.
    HUB_CATALOGUE_FIELDS: env.HUB_CATALOGUE_FIELDS ?? "price,promotional_price,status",
    // It publishes the store's products too (docs/catalogue.md, *Publishing products*); HUB_PUBLISH_PRODUCTS=false turns it off.
    HUB_PUBLISH_PRODUCTS: env.HUB_PUBLISH_PRODUCTS ?? "true",
    // The admin names the account by it, not by its id (brand B is "Marca B").
    HUB_ACCOUNT_NAME: env.HUB_ACCOUNT_NAME ?? "Loja Demo",
    // Freight quotes answered by the store (docs/freight.md); the seed makes the default account's token.
    HUB_FREIGHT: env.HUB_FREIGHT ?? JSON.stringify({ enabled: true, handlingDays: 1 }),
    ...(brandBSandbox ? { HUB_ACCOUNTS: brandBAccountsEnv(brandBSandbox) } : {}),
  }

  await processes.run(["db:migrate"], childEnv)

  // 4. Seed once, admin user once.
  let store = await readStore(pg)
  if (store.seeded && !brandBSandbox) {
    log("store: already seeded (it has a region), not seeded again")
  } else {
    // Seeds once; with brand B, its channel too when the store lacks it.
    await processes.run(["exec", "./src/scripts/seed-demo.ts"], childEnv)
  }
  if (store.adminExists) {
    log(`admin user ${ADMIN_EMAIL}: exists`)
  } else {
    const { ok, output } = await processes.run(["user", "-e", ADMIN_EMAIL, "-p", ADMIN_PASSWORD], childEnv, {
      capture: true,
      allowFailure: true,
    })
    if (!ok && !/already exists/i.test(output)) throw new DemoError(`npx medusa user failed (see its output above)`)
  }
  store = await readStore(pg)

  // 3 (continued). The store's SKUs on the sandbox, and NEW orders for them.
  const orders = stockSandbox(sandbox, store)
  const deliveryOrders = placeDeliveryOrders(ROOT, sandbox, store)
  const refused = reportRefusal(sandbox, store)
  // A buyer writes to the marketplace's customer service about an order of theirs not shipped yet (docs/after-sale.md): Orders > Marketplace after-sale.
  const ticket = placeCancelTicket(sandbox, store)
  if (ticket) log(`sandbox hub: SAC ticket ${ticket.code} opened for order ${ticket.order_code}, with the buyer's message`)
  // Two orders delivered from Medusa once it runs, each with a ticket asking to return a line, one return
  // requested (scripts/demo-after-sale.js); not with the jobs off (the browser test counts what it imports).
  const jobsOn = env.HUB_JOBS !== "false"
  const afterSaleOrders = jobsOn ? placeAfterSaleOrders(sandbox, store) : []
  log(
    `sandbox hub: ${store.products.length} products (${store.products.map((p) => p.sku).join(", ")}); ` +
      `NEW orders ${orders.map((order) => order.code).join(", ") || "none"}`
  )
  let brandB = null
  if (brandBSandbox) {
    const products = await withClient(pg, DB_NAME, (client) => readChannelProducts(client, BRAND_B.salesChannelId, BRAND_B.id))
    brandB = { hub: brandBSandbox, orders: stockSandbox(brandBSandbox, { products }, BRAND_B.channel) }
    log(`sandbox hub of account ${BRAND_B.id}: ${products.length} products; NEW orders ${brandB.orders.map((order) => order.code).join(", ") || "none"}`)
  }

  // 5. Medusa, with the plugin's jobs.
  // --no-types: no .medusa/types, which tsconfig.json includes, so the demo leaves
  // `npm run typecheck` as it found it.
  log("$ npx medusa develop --no-types")
  // HUB_JOBS=false keeps the schedule off (the browser test drives each import itself).
  const develop = processes.start(["develop", "--no-types"], { ...childEnv, HUB_JOBS: env.HUB_JOBS === "false" ? "false" : "true" })
  let ready = false
  const exited = develop.done.then((result) => ({ exited: true, ...result }))
  while (!processes.stopping) {
    const result = await Promise.race([exited, sleep(1000).then(() => null)])
    if (result) {
      // Whatever is left of its process group is stopped by shutdown().
      if (processes.stopping) break
      throw new DemoError(`medusa develop exited (${result.error ? result.error.message : result.signal ? `signal ${result.signal}` : `exit code ${result.code}`})`)
    }
    if (!ready && (await checkHealth())) {
      ready = true
      const freightToken = await withClient(pg, DB_NAME, async (client) => (await client.query("select token from hub_freight_token where account = 'default' and deleted_at is null")).rows[0]?.token ?? null)
      printBanner({ medusaUrl: MEDUSA_URL, admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } }, sandbox, orders, brandB, deliveryOrders, refused, freightToken)
      if (afterSaleOrders.length) {
        log(`after-sale: delivering orders ${afterSaleOrders.map((order) => order.code).join(", ")} from Medusa, then their buyers' tickets`)
        playAfterSale({ root: ROOT, hub: sandbox, orders: afterSaleOrders, medusaUrl: MEDUSA_URL, admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, stopping: () => processes.stopping }).then(
          (tickets) => log(`after-sale: tickets ${tickets.join(" and ")} on delivered orders (the second's return requested): Orders -> Marketplace after-sale`),
          (err) => processes.stopping || warn(`after-sale: the delivered orders' tickets were not opened: ${err.message}`)
        )
      }
    }
  }
  throw new Interrupted()
}

/** Fails early, with a clear message, when something already answers on Medusa's port. */
function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once("error", (err) =>
      reject(
        err.code === "EADDRINUSE"
          ? new DemoError(`port ${port} is taken (another Medusa?): stop what uses it, or run the demo with PORT=<port>`)
          : err
      )
    )
    // Where Medusa listens: every interface.
    srv.listen(port, () => srv.close(() => resolve()))
  })
}

let signalAt = 0
async function shutdown(exitCode) {
  processes.stopping = true
  await processes.stop().catch((err) => warn(`stopping Medusa: ${err.message}`))
  for (const hub of [sandbox, brandBSandbox]) {
    if (!hub) continue
    await hub.stop().catch(() => {})
    log(`sandbox hub ${hub.url} stopped`)
  }
  const embedded = getActiveEmbeddedPostgres()
  if (embedded && !embedded.stopped) {
    await stopEmbeddedPostgres(embedded)
    log(`embedded PostgreSQL stopped (data kept in ${embedded.dataDir})`)
  }
  process.exit(exitCode)
}

/** First request: stop in order (main() notices `processes.stopping`); a later one: kill everything now. */
function requestStop(reason) {
  const now = Date.now()
  if (processes.stopping) {
    // npm forwards the terminal's Ctrl-C too, so one keypress can arrive twice: only a
    // signal well after the first one means "stop now".
    if (now - signalAt < 2000) return
    warn(`${reason} again: killing everything now`)
    processes.signal("SIGKILL")
    emergencyStopEmbeddedPostgres()
    process.exit(1)
  }
  signalAt = now
  processes.stopping = true
  log(`${reason}: stopping Medusa, the sandbox hub and PostgreSQL`)
  // Child groups are told at once, in case main() is waiting on one of them.
  processes.signal("SIGINT")
}

for (const sig of SIGNALS) process.on(sig, () => requestStop(`got ${sig}`))

// `npm run` starts this script through `sh -c`, which dies of a SIGTERM sent to npm without
// passing it on: a parent that went away means the same as a signal.
const parentPid = process.ppid
setInterval(() => {
  if (process.ppid !== parentPid && !processes.stopping) requestStop("parent process gone")
}, 1000).unref()

process.on("exit", () => {
  processes.killUnexited()
  emergencyStopEmbeddedPostgres()
})

main().then(
  () => shutdown(0),
  (err) => {
    if (err instanceof Interrupted || processes.stopping) return shutdown(0)
    warn(`failed: ${err instanceof DemoError ? err.message : err && err.stack ? err.stack : err}`)
    return shutdown(1)
  }
)
