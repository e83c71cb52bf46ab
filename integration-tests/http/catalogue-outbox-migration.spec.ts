import fs from "node:fs"
import path from "node:path"
import { Client, Pool } from "pg"
import { Migration20261125180000 } from "../../src/modules/hub/migrations/Migration20261125180000"

/*
 * The outbox's tables renamed for the catalogue (Migration20261125180000) on a database that has
 * data: every hub migration before it run in order, as `medusa db:migrate` would have on an older
 * store, rows written to the old tables, then the rename. Every row is kept, and the keys and
 * indexes are those the models' snapshot (what `db:generate` compares with) names.
 */

jest.setTimeout(120_000)

const DATABASE = "medusa_hub_outbox_migration_test"
const MIGRATIONS = path.resolve(__dirname, "../../src/modules/hub/migrations")
const connection = {
  host: process.env.DB_HOST ?? "localhost",
  port: Number(process.env.DB_PORT ?? 5432),
  user: process.env.DB_USERNAME ?? "postgres",
  password: process.env.DB_PASSWORD || undefined,
}

type MigrationLike = { up(): Promise<void>; down(): Promise<void>; getQueries(): unknown[]; reset(): void }
type MigrationClass = new (driver: never, config: never) => MigrationLike

async function run(pool: Pool, migration: MigrationLike, direction: "up" | "down") {
  migration.reset()
  await migration[direction]()
  for (const sql of migration.getQueries()) await pool.query(String(sql))
}

async function indexesOf(pool: Pool, table: string): Promise<string[]> {
  const { rows } = await pool.query(`select indexname from pg_indexes where tablename = $1 order by indexname`, [table])
  return rows.map((row) => row.indexname)
}

function snapshotIndexes(table: string): string[] {
  const snapshot = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, ".snapshot-medusa-hub.json"), "utf8"))
  const entry = snapshot.tables.find((candidate: { name: string }) => candidate.name === table)
  return entry.indexes.map((index: { keyName: string }) => index.keyName).sort()
}

describe("the catalogue outbox's tables renamed on a store with data", () => {
  let pool: Pool

  beforeAll(async () => {
    const admin = new Client({ ...connection, database: "postgres" })
    await admin.connect()
    await admin.query(`drop database if exists ${DATABASE}`)
    await admin.query(`create database ${DATABASE}`)
    await admin.end()
    pool = new Pool({ ...connection, database: DATABASE, max: 2 })
    const before = fs
      .readdirSync(MIGRATIONS)
      .filter((file) => /^Migration\d+\.ts$/.test(file) && file < "Migration20261125180000.ts")
      .sort()
    for (const file of before) {
      const exported = (await import(path.join(MIGRATIONS, file))) as Record<string, MigrationClass>
      await run(pool, new exported[file.replace(/\.ts$/, "")]({} as never, {} as never), "up")
    }
  })

  afterAll(async () => {
    await pool?.end()
  })

  it("keeps every row, with the keys and indexes the snapshot names, and goes back", async () => {
    await pool.query(
      `insert into hub_stock_change (id, sku, variant_id, product_id, wanted, available_quantity, accepted, refused, version, state, changed_at, last_changed_at)
       values ('hubstk_1', 'SKU-1', 'variant_1', 'prod_1', '{"qty": 4}', 4, '{"qty": 3}', '{}', 7, 'pending', now(), now()),
              ('hubstk_2', 'SKU-2', null, null, '{"qty": 0}', 0, '{"qty": 0}', '{"price": 1}', 2, 'rejected', now(), now())`
    )
    await pool.query(`insert into hub_stock_push_hour (id, hour, sent, failed) values ('hubsph_1', date_trunc('hour', now()), 12, 1)`)

    const rename = new Migration20261125180000({} as never, {} as never)
    await run(pool, rename, "up")

    const { rows: changes } = await pool.query(`select id, sku, variant_id, wanted, accepted, refused, version, state from hub_catalogue_change order by id`)
    expect(changes).toEqual([
      { id: "hubstk_1", sku: "SKU-1", variant_id: "variant_1", wanted: { qty: 4 }, accepted: { qty: 3 }, refused: {}, version: 7, state: "pending" },
      { id: "hubstk_2", sku: "SKU-2", variant_id: null, wanted: { qty: 0 }, accepted: { qty: 0 }, refused: { price: 1 }, version: 2, state: "rejected" },
    ])
    const { rows: hours } = await pool.query(`select sent, failed from hub_catalogue_push_hour`)
    expect(hours).toEqual([{ sent: 12, failed: 1 }])
    const { rows: old } = await pool.query(`select to_regclass('hub_stock_change') as changes, to_regclass('hub_stock_push_hour') as hours`)
    expect(old).toEqual([{ changes: null, hours: null }])
    // The unique SKU index still holds.
    await expect(pool.query(`insert into hub_catalogue_change (id, sku, changed_at, last_changed_at) values ('hubstk_3', 'SKU-1', now(), now())`)).rejects.toThrow(/IDX_hub_catalogue_change_sku_unique/)

    for (const table of ["hub_catalogue_change", "hub_catalogue_push_hour"]) {
      expect(await indexesOf(pool, table)).toEqual(snapshotIndexes(table))
    }

    await run(pool, rename, "down")
    const { rows: back } = await pool.query(`select count(*)::int as n from hub_stock_change`)
    expect(back).toEqual([{ n: 2 }])
    expect(await indexesOf(pool, "hub_stock_change")).toEqual(snapshotIndexes("hub_catalogue_change").map((name) => name.replace("hub_catalogue_change", "hub_stock_change")).sort())
  })
})
