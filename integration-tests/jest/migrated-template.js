/*
 * One migrated database per `npm test` run, which every Medusa-booting test file starts from.
 *
 * Medusa's test runner (medusaIntegrationTestRunner) creates each file's database empty and
 * runs every module's migrations into it: about 5.5 s of a file's 10 s boot, ~40 files. The
 * globalSetup (postgres-setup.js) builds this template once with `medusa db:migrate` (the
 * project's medusa-config, its links synced; no migration script, as the runner runs none);
 * integration-tests/helpers/test-runner.ts creates each file's database as a copy of it before
 * the runner's own steps, which then find nothing pending and go on as before. A migration that
 * is not in the template (a file's own module set) is still run by the runner itself.
 *
 * Building it may fail (say, no PostgreSQL): the run goes on, each file migrating its own
 * database as Medusa's runner does.
 */
"use strict"

const { spawnSync } = require("child_process")
const path = require("path")

const ROOT = path.resolve(__dirname, "..", "..")
const MEDUSA_CLI = path.join(ROOT, "node_modules", ".bin", "medusa")
/** The environment variable naming the template to the test files (the run's own name). */
const TEMPLATE_VARIABLE = "MEDUSA_HUB_TEST_TEMPLATE"

function databaseUrl({ host, port, user, password }, database) {
  const auth = password ? `${encodeURIComponent(user)}:${encodeURIComponent(password)}` : encodeURIComponent(user)
  return `postgres://${auth}@${host}:${port}/${database}`
}

async function adminQuery(settings, sql) {
  const { Client } = require("pg")
  const client = new Client({ ...settings, port: Number(settings.port), password: settings.password || undefined, database: "postgres" })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** Builds the template; on success sets process.env[TEMPLATE_VARIABLE] to its name. */
async function buildMigratedTemplate(settings, { log, warn }) {
  const name = `medusa_hub_test_template_${process.pid}`
  const started = Date.now()
  try {
    await adminQuery(settings, `drop database if exists ${name}`)
    await adminQuery(settings, `create database ${name}`)
    const migrate = spawnSync(
      MEDUSA_CLI,
      ["db:migrate", "--skip-scripts", "--execute-all-links", "--skip-search"],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl(settings, name), HUB_JOBS: "false" }, encoding: "utf8" }
    )
    if (migrate.status !== 0) {
      const output = `${migrate.stdout || ""}${migrate.stderr || ""}`.trim().split("\n").slice(-8).join("\n")
      throw new Error(`medusa db:migrate exited with ${migrate.status ?? migrate.signal}:\n${output}`)
    }
    process.env[TEMPLATE_VARIABLE] = name
    log(`PostgreSQL: migrated template ${name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  } catch (err) {
    warn(`PostgreSQL: no migrated template (${err.message}); each test file migrates its own database`)
    await adminQuery(settings, `drop database if exists ${name}`).catch(() => {})
  }
}

async function dropMigratedTemplate(settings) {
  const name = process.env[TEMPLATE_VARIABLE]
  if (!name) return
  delete process.env[TEMPLATE_VARIABLE]
  await adminQuery(settings, `drop database if exists ${name}`).catch(() => {})
}

module.exports = { TEMPLATE_VARIABLE, buildMigratedTemplate, dropMigratedTemplate }
