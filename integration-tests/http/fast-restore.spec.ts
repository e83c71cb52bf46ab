import knex, { type Knex } from "knex"
import { restoreBySwapping } from "../helpers/fast-restore"

jest.setTimeout(120_000)

/*
 * The swap that gives each integration test its fresh database (integration-tests/helpers/fast-restore.ts)
 * ends the app's pooled connections, as Medusa's own restore does. The test's first query right after
 * must not be handed one of them: CI once failed a test on "Connection terminated unexpectedly" there.
 */

// eslint-disable-next-line @typescript-eslint/no-require-imports
const templates = require("@medusajs/test-utils/dist/medusa-test-runner-utils/postgres-template")

const names = { databaseName: `hub-fast-restore-${process.pid}`, templateName: `hub-fast-restore-${process.pid}-t` }
const connection = {
  host: process.env.DB_HOST ?? "localhost",
  port: Number(process.env.DB_PORT ?? 5432),
  user: process.env.DB_USERNAME ?? "postgres",
  password: process.env.DB_PASSWORD || undefined,
}

describe("restoring a test's database by swapping a copy in", () => {
  let admin: Knex
  let app: Knex

  beforeAll(async () => {
    restoreBySwapping()
    admin = knex({ client: "pg", connection: { ...connection, database: "postgres" } })
    await admin.raw(`drop database if exists "${names.databaseName}"`)
    await admin.raw(`create database "${names.databaseName}"`)
    app = knex({ client: "pg", connection: { ...connection, database: names.databaseName }, pool: { min: 0, max: 4 } })
    await app.raw("create table kept (id int)")
    await app.raw("insert into kept values (1)")
    await templates.createPostgresDatabaseTemplate(names)
  })

  afterAll(async () => {
    await app?.destroy()
    await templates.dropPostgresDatabaseTemplate(names.templateName)
    await admin?.raw(`drop database if exists "${names.databaseName}" with (force)`)
    await admin?.destroy()
  })

  it("hands the first query after a restore a live connection, every time", async () => {
    const failures: string[] = []
    for (let round = 0; round < 10; round++) {
      // The pool holds idle connections to the database about to be swapped out.
      await Promise.all([1, 2, 3, 4].map(() => app.raw("select pg_sleep(0.005)")))
      await app.raw("insert into kept values (2)")
      await templates.restorePostgresDatabaseFromTemplate(names)
      try {
        const rows = await app.raw("select count(*)::int as n from kept")
        // The copy is the template's: the row inserted before the restore is gone.
        expect(rows.rows[0].n).toBe(1)
      } catch (error) {
        failures.push(`round ${round}: ${(error as Error).message}`)
      }
    }
    expect(failures).toEqual([])
  })
})
