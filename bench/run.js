#!/usr/bin/env node
"use strict"
/*
 * Runs one bench script (`bench/<name>.ts`) inside a booted Medusa app: a fresh database
 * `medusa_hub_bench`, Medusa's and the plugin's migrations, then `medusa exec`. The script starts
 * its own sandbox hub on the port given here, which the store's plugin options point at.
 *   node bench/run.js import [args...]
 */
const { spawnSync } = require("child_process")
const net = require("net")
const path = require("path")

const ROOT = path.resolve(__dirname, "..")
const name = process.argv[2]
if (!name) {
  console.error("usage: node bench/run.js <bench name> [args...]")
  process.exit(2)
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

function run(command, args, env) {
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: "inherit" })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

async function main() {
  const host = process.env.DB_HOST ?? "localhost"
  const port = process.env.DB_PORT ?? "5432"
  const user = process.env.DB_USERNAME ?? "postgres"
  const password = process.env.DB_PASSWORD ?? ""
  const database = "medusa_hub_bench"
  const { Client } = require("pg")
  const admin = new Client({ host, port: Number(port), user, password, database: "postgres" })
  await admin.connect()
  await admin.query(`drop database if exists ${database} with (force)`)
  await admin.query(`create database ${database}`)
  await admin.end()

  const auth = password ? `${encodeURIComponent(user)}:${encodeURIComponent(password)}` : encodeURIComponent(user)
  const hubPort = await freePort()
  const env = {
    ...process.env,
    NODE_ENV: "development",
    DATABASE_URL: `postgres://${auth}@${host}:${port}/${database}`,
    HUB_BASE_URL: `http://127.0.0.1:${hubPort}`,
    HUB_USER_EMAIL: "bench@hub-sandbox.local",
    HUB_API_KEY: "bench-api-key",
    HUB_ACCOUNT_MANAGER_KEY: "bench-account-manager-key",
    HUB_SANDBOX: "true",
    HUB_JOBS: "false",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  }
  const medusa = path.join(ROOT, "node_modules", ".bin", "medusa")
  run(medusa, ["db:migrate"], env)
  run(medusa, ["exec", `./bench/${name}.ts`, ...process.argv.slice(3)], env)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
