/*
 * A store booted inside the drill's own process, the way bench/stock.ts boots one: a fresh
 * database, Medusa's and the plugin's migrations, the whole app (subscribers, jobs, HTTP routes)
 * without the admin UI, and a sandbox hub on loopback (on a thread of its own: sandbox-thread.ts)
 * that the plugin's options point at.
 * The scheduled jobs are off (HUB_JOBS=false): the drill runs imports and flushes itself. Unlike
 * the benches' store (bench/lib/store.ts, whose database helpers this uses), the drill drives the
 * sandbox through its handle (faults, marketplace orders), and the store listens on HTTP for the
 * admin API.
 */
import { execFileSync } from "node:child_process"
import type { AddressInfo } from "node:net"
import path from "node:path"
import { Client } from "pg"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { SandboxHubOptions } from "../../src/sandbox"
import { db, recreateDatabase, ROOT } from "../../bench/lib/store"
import { type SandboxThread, startSandboxThread } from "./sandbox-thread"

export type InProcessStore = {
  container: MedusaContainer
  hub: SandboxThread
  /** The store's HTTP address (admin API), e.g. http://127.0.0.1:40123 */
  url: string
  stop(): Promise<void>
}

export async function dropDatabase(database: string): Promise<void> {
  const client = new Client({ ...db, database: "postgres" })
  await client.connect()
  await client.query(`drop database if exists "${database}" with (force)`)
  await client.end()
}

/**
 * Boots the store on `database` (dropped and created again) against a new sandbox hub.
 * `env` adds plugin options through medusa-config.ts's HUB_* variables.
 */
export async function bootInProcessStore(
  database: string,
  { sandbox = {}, env = {} }: { sandbox?: SandboxHubOptions; env?: Record<string, string> } = {}
): Promise<InProcessStore> {
  await recreateDatabase(database)
  const databaseUrl = `postgres://${db.user}${db.password ? `:${encodeURIComponent(db.password)}` : ""}@${db.host}:${db.port}/${database}`
  const hub = await startSandboxThread(sandbox)
  Object.assign(process.env, {
    NODE_ENV: "development",
    DATABASE_URL: databaseUrl,
    HUB_BASE_URL: hub.url,
    HUB_USER_EMAIL: hub.credentials.userEmail,
    HUB_API_KEY: hub.credentials.apiKey,
    HUB_ACCOUNT_MANAGER_KEY: hub.credentials.accountManagerKey,
    HUB_SANDBOX: "true",
    HUB_JOBS: "false",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "error",
    ...env,
  })
  execFileSync(process.execPath, [require.resolve("@medusajs/cli/cli.js"), "db:migrate"], { cwd: ROOT, env: process.env, stdio: "ignore" })

  // The admin UI has no build to serve here; everything else loads as `medusa start` loads it.
  const config = require(path.join(ROOT, "medusa-config"))
  config.admin = { ...config.admin, disable: true }
  const loaders = require("@medusajs/medusa/loaders/index").default
  const express = require("express")
  const expressApp = express()
  const app = await loaders({ directory: ROOT, expressApp })
  const server = await new Promise<import("node:http").Server>((resolve) => {
    const listening = expressApp.listen(0, "127.0.0.1", () => resolve(listening))
  })
  return {
    container: app.container,
    hub,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await app.shutdown().catch(() => undefined)
      await hub.stop()
      await dropDatabase(database).catch(() => undefined)
    },
  }
}
