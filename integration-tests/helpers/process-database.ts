/*
 * The store processes' PostgreSQL (store-processes.ts): a migrated template database, cached between
 * runs while its fingerprint holds (rebuilt when a migration or Medusa's version changes), copied for
 * each store; and the Medusa CLI run to its end (`db:migrate`, `exec`, `user`).
 */
import { spawn } from "node:child_process"
import { createHash } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { Client } from "pg"

const ROOT = path.resolve(__dirname, "../..")
export const MEDUSA_CLI = require.resolve("@medusajs/cli/cli.js", { paths: [ROOT] })
const TEMPLATE_DATABASE = "medusa_hub_processes_template"

export function databaseUrlOf(database: string): string {
  const user = encodeURIComponent(process.env.DB_USERNAME || "postgres")
  const password = process.env.DB_PASSWORD ? `:${encodeURIComponent(process.env.DB_PASSWORD)}` : ""
  return `postgres://${user}${password}@${process.env.DB_HOST || "127.0.0.1"}:${process.env.DB_PORT || "5432"}/${database}`
}

export async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url })
  client.on("error", () => undefined)
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** What the template's schema depends on: Medusa's version and the plugin's migrations. */
function templateFingerprint(): string {
  const hash = createHash("sha256")
  hash.update(JSON.parse(fs.readFileSync(require.resolve("@medusajs/medusa/package.json", { paths: [ROOT] }), "utf8")).version)
  for (const dir of ["src/modules/hub/migrations", "src/links"]) {
    const full = path.join(ROOT, dir)
    if (!fs.existsSync(full)) continue
    for (const file of fs.readdirSync(full).sort()) {
      const filePath = path.join(full, file)
      if (fs.statSync(filePath).isFile()) hash.update(file).update(fs.readFileSync(filePath))
    }
  }
  return hash.digest("hex").slice(0, 32)
}

/** Creates `database` as a copy of the migrated template, migrating the template first when it is missing or stale. */
export async function createFromTemplate(database: string, env: NodeJS.ProcessEnv): Promise<void> {
  const fingerprint = templateFingerprint()
  await withClient(databaseUrlOf("postgres"), async (client) => {
    // One run at a time builds or copies the template (a copy needs it without connections).
    await client.query("select pg_advisory_lock(hashtext($1))", [TEMPLATE_DATABASE])
    try {
      const { rows } = await client.query(
        "select shobj_description(oid, 'pg_database') as fingerprint from pg_database where datname = $1",
        [TEMPLATE_DATABASE]
      )
      if (rows[0]?.fingerprint !== fingerprint) {
        await client.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`)
        await client.query(`create database ${TEMPLATE_DATABASE}`)
        await runToEnd([MEDUSA_CLI, "db:migrate"], { ...env, DATABASE_URL: databaseUrlOf(TEMPLATE_DATABASE) }, path.join(os.tmpdir(), `${TEMPLATE_DATABASE}.log`))
        await client.query(`comment on database ${TEMPLATE_DATABASE} is '${fingerprint}'`)
      }
      await client.query(`create database "${database}" template ${TEMPLATE_DATABASE}`)
    } finally {
      await client.query("select pg_advisory_unlock(hashtext($1))", [TEMPLATE_DATABASE])
    }
  })
}

/** Runs the Medusa CLI (`args`, its path first) to its end, its output appended to `logFile`; rejects naming the command. */
export function runToEnd(args: string[], env: NodeJS.ProcessEnv, logFile: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    child.stdout.on("data", (chunk) => (output += chunk))
    child.stderr.on("data", (chunk) => (output += chunk))
    child.on("error", reject)
    child.on("close", (code, signal) => {
      fs.appendFileSync(logFile, output)
      if (code === 0) resolve(output)
      else reject(new Error(`medusa ${args[1]} failed (${signal ?? `exit ${code}`}):\n${output.slice(-4000)}`))
    })
  })
}
