/*
 * What the benches that boot the development store share: a fresh PostgreSQL database, Medusa's and
 * the plugin's migrations, the store booted in this process (subscribers and jobs included, which
 * `medusa exec` leaves out; no admin UI), and the sandbox hub in a child process (so this process's
 * figures are the store's alone) driven through its control routes.
 * Database: DB_HOST, DB_PORT, DB_USERNAME, DB_PASSWORD (defaults localhost, 5432, postgres, none).
 */
import { ChildProcess, execFileSync, spawn } from "node:child_process"
import path from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { Client } from "pg"
import type { MedusaContainer } from "@medusajs/framework/types"
import type HubModuleService from "../../src/modules/hub/service"
import type { SandboxRequestLogEntry } from "../../src/sandbox"

export const ROOT = path.resolve(__dirname, "..", "..")

export const db = {
  host: process.env.DB_HOST ?? "localhost",
  port: Number(process.env.DB_PORT ?? 5432),
  user: process.env.DB_USERNAME ?? "postgres",
  password: process.env.DB_PASSWORD || undefined,
}

export type SandboxProcess = { url: string; env: Record<string, string>; child: ChildProcess }
export type BootedStore = { container: MedusaContainer; shutdown: () => Promise<void>; databaseUrl: string }

export async function recreateDatabase(database: string): Promise<void> {
  const client = new Client({ ...db, database: "postgres" })
  await client.connect()
  await client.query(`drop database if exists "${database}" with (force)`)
  await client.query(`create database "${database}"`)
  await client.end()
}

/** A client on the bench's database, for seeding by SQL and reading what the store wrote. */
export async function connect(database: string): Promise<Client> {
  const client = new Client({ ...db, database })
  await client.connect()
  return client
}

/**
 * The sandbox hub CLI in its own process with `args`; resolves once it printed its HUB_* lines, up
 * to `last` (with `--accounts 2` or more, HUB_ACCOUNTS comes after HUB_SANDBOX). A value in single
 * quotes, as the .env lines quote JSON, is kept without them.
 */
export async function startSandbox(args: string[], last = "HUB_SANDBOX"): Promise<SandboxProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, "bin", "hub-sandbox.js"), "--port", "0", ...args], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  })
  const env: Record<string, string> = {}
  await new Promise<void>((resolve, reject) => {
    let output = ""
    child.once("exit", (code) => reject(new Error(`the sandbox hub exited (${code})`)))
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString()
      for (const line of output.split("\n")) {
        const match = /^(HUB_[A-Z_]+)=(.*)$/.exec(line.trim())
        if (match) env[match[1]] = match[2].replace(/^'(.*)'$/, "$1")
      }
      if (env[last] !== undefined) resolve()
    })
  })
  return { url: env.HUB_BASE_URL, env, child }
}

/**
 * Migrates `database` and boots the store of this repository (medusa-config.ts, src/) on it, with
 * the plugin pointed at the sandbox and `env` on top (HUB_* options). The plugin's jobs stay off
 * unless `env` turns them on: a bench drives what it measures.
 */
export async function bootStore(database: string, sandbox: SandboxProcess, env: Record<string, string> = {}): Promise<BootedStore> {
  const databaseUrl = `postgres://${db.user}${db.password ? `:${db.password}` : ""}@${db.host}:${db.port}/${database}`
  Object.assign(process.env, { DATABASE_URL: databaseUrl, ...sandbox.env, HUB_JOBS: "false", LOG_LEVEL: "error", ...env })
  execFileSync(process.execPath, [require.resolve("@medusajs/cli/cli.js"), "db:migrate"], { cwd: ROOT, env: process.env, stdio: "ignore" })
  const config = require(path.join(ROOT, "medusa-config"))
  config.admin = { ...config.admin, disable: true }
  const loaders = require("@medusajs/medusa/loaders/index").default
  const express = require("express")
  const app = await loaders({ directory: ROOT, expressApp: express() })
  return { container: app.container, shutdown: app.shutdown, databaseUrl }
}

export async function control(sandbox: SandboxProcess, method: string, route: string, body?: unknown) {
  const response = await fetch(`${sandbox.url}/_sandbox${route}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`sandbox control ${method} ${route}: ${response.status} ${await response.text()}`)
  return response.status === 204 ? undefined : response.json()
}

export async function requestLog(sandbox: SandboxProcess): Promise<SandboxRequestLogEntry[]> {
  return (await control(sandbox, "GET", "/requests")).requests
}

/** "500 × 200, 1 × 429" */
export function byStatus(entries: SandboxRequestLogEntry[]): string {
  const counts = new Map<string, number>()
  for (const entry of entries) counts.set(String(entry.status), (counts.get(String(entry.status)) ?? 0) + 1)
  return [...counts].map(([status, count]) => `${count} × ${status}`).join(", ")
}

/** Waits until no outbox of `accounts` has anything pending and no event has arrived for `quietMs`. */
export async function settled(hub: HubModuleService, accounts: readonly string[], quietMs = 2_000): Promise<void> {
  let quietSince = Date.now()
  let lastBacklog = -1
  for (;;) {
    let backlog = 0
    for (const account of accounts) backlog += (await hub.account(account).records.catalogueFigures()).backlog
    if (backlog !== 0 || backlog !== lastBacklog) quietSince = Date.now()
    lastBacklog = backlog
    if (Date.now() - quietSince >= quietMs) return
    await sleep(200)
  }
}

/** Runs a bench's main and exits with its outcome (the store's pools would keep the process alive). */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error)
      process.exit(1)
    }
  )
}
