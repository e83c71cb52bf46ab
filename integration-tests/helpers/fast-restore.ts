import { Client } from "pg"

/*
 * Medusa's runner gives each test a fresh database: it drops the file's database and creates it again
 * from the file's snapshot (the template it took after the file's beforeAll). PostgreSQL's DROP
 * DATABASE waits for a checkpoint: 0.5-1.7 s of every test on a busy 2-core machine, about a tenth of
 * integration:http. Here the next copy is made while the test before it runs, and a restore swaps it in
 * by name (ALTER DATABASE ... RENAME, a catalogue update); the old copy is dropped behind the next test.
 * The runner's own steps (the snapshot, the template's drop at the file's end) are kept and waited for.
 */

const TEMPLATES = "@medusajs/test-utils/dist/medusa-test-runner-utils/postgres-template"

type Names = { databaseName: string; templateName: string }
type TemplateModule = {
  createPostgresDatabaseTemplate: (names: Names) => Promise<void>
  restorePostgresDatabaseFromTemplate: (names: Names) => Promise<void>
  dropPostgresDatabaseTemplate: (templateName: string) => Promise<void>
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`

/** Patches this test file's copy of Medusa's runner (jest's module registry is per file) to restore by swapping in a copy made ahead. */
export function restoreBySwapping(): void {
  // The module object itself, to be patched: an import would give its bindings, read-only.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const templates: TemplateModule = require(TEMPLATES)
  const { createPostgresDatabaseTemplate, restorePostgresDatabaseFromTemplate, dropPostgresDatabaseTemplate } = templates
  let client: Promise<Client> | null = null
  const admin = (): Promise<Client> =>
    (client ??= (async () => {
      const made = new Client({
        host: process.env.DB_HOST ?? "localhost",
        port: Number(process.env.DB_PORT ?? 5432),
        user: process.env.DB_USERNAME ?? "postgres",
        password: process.env.DB_PASSWORD || undefined,
        database: process.env.DB_WAITINGROOM_DATABASE ?? "postgres",
      })
      made.on("error", () => (client = null))
      await made.connect()
      return made
    })())
  const query = async (sql: string, params: unknown[] = []) => (await admin()).query(sql, params)
  // The copy ahead: being made (or failed) for the template named.
  let ahead: { templateName: string; spare: string; ready: Promise<void> } | null = null
  let dropped = 0

  const makeAhead = (names: Names) => {
    const spare = `${names.databaseName}-n`
    const ready = (async () => {
      await query(`drop database if exists ${quoted(spare)} with (force)`)
      await query(`create database ${quoted(spare)} with template ${quoted(names.templateName)}`)
    })()
    ready.catch(() => undefined)
    ahead = { templateName: names.templateName, spare, ready }
  }

  templates.createPostgresDatabaseTemplate = async (names) => {
    await ahead?.ready.catch(() => undefined)
    ahead = null
    await createPostgresDatabaseTemplate(names)
    makeAhead(names)
  }

  templates.restorePostgresDatabaseFromTemplate = async (names) => {
    const made = ahead?.templateName === names.templateName ? ahead : null
    // Without a copy ahead (none made for this template, or its making failed): Medusa's own restore.
    if (!made || !(await made.ready.then(() => true, () => false))) {
      await restorePostgresDatabaseFromTemplate(names)
      makeAhead(names)
      return
    }
    const { spare } = made
    const old = `${names.databaseName}-o${++dropped}`
    const target = quoted(names.databaseName)
    await query(`alter database ${target} with allow_connections false`)
    // A rename needs the database to itself: the app's pooled connections are ended, as the runner's drop ends them.
    for (let attempt = 0; ; attempt++) {
      // With a timeout, each backend is waited for until it has exited, its last words sent to its client.
      await query(`select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [names.databaseName])
      try {
        await query(`alter database ${target} rename to ${quoted(old)}`)
        break
      } catch (error) {
        if (!String((error as Error).message).includes("being accessed by other users") || attempt >= 20) throw error
        await new Promise((resolve) => setTimeout(resolve, 20 * (attempt + 1)))
      }
    }
    await query(`alter database ${quoted(spare)} rename to ${target}`)
    // The ended connections' last words sit unread in the app's sockets: read in this turn of the event loop,
    // they could come after the test's first query had taken one of them from the pool ("Connection
    // terminated unexpectedly", as CI saw once). Medusa's own restore is slow enough to read them first.
    await new Promise((resolve) => setImmediate(resolve))
    await new Promise((resolve) => setTimeout(resolve, 0))
    await new Promise((resolve) => setImmediate(resolve))
    // The next copy is made, and the old one dropped, while this test runs; the next restore waits for both.
    const dropOld = query(`drop database if exists ${quoted(old)} with (force)`)
    makeAhead(names)
    const next = ahead!
    next.ready = Promise.all([dropOld, next.ready]).then(() => undefined)
    next.ready.catch(() => undefined)
  }

  templates.dropPostgresDatabaseTemplate = async (templateName) => {
    const last = ahead
    ahead = null
    await last?.ready.catch(() => undefined)
    if (last) await query(`drop database if exists ${quoted(last.spare)} with (force)`).catch(() => undefined)
    await dropPostgresDatabaseTemplate(templateName)
    const done = client
    client = null
    await done?.then((made) => made.end()).catch(() => undefined)
  }
}
