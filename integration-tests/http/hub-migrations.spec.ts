import fs from "node:fs"
import path from "node:path"
import type { Pool } from "pg"
import { Migration20261125180000 } from "../../src/modules/hub/migrations/Migration20261125180000"
import { Migration20261125190000 } from "../../src/modules/hub/migrations/Migration20261125190000"
import { Migration20261127050000 } from "../../src/modules/hub/migrations/Migration20261127050000"
import { Migration20261203190111 } from "../../src/modules/hub/migrations/Migration20261203190111"
import { Migration20261204010944 } from "../../src/modules/hub/migrations/Migration20261204010944"
import { Migration20261204020000 } from "../../src/modules/hub/migrations/Migration20261204020000"
import { scratchDatabase } from "../helpers/scratch-database"

/*
 * Upgrading a store that has data: every hub migration before the ones under test run in order, as
 * `medusa db:migrate` would have on an older store, rows written, then the migration. Every row is
 * kept; at the end the indexes are exactly those the models' snapshot (what `plugin:db:generate`
 * compares with) names.
 */

jest.setTimeout(120_000)

const DATABASE = "medusa_hub_migrations_test"
const MIGRATIONS = path.resolve(__dirname, "../../src/modules/hub/migrations")

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

describe("the hub module's migrations on a store with data", () => {
  let pool: Pool

  beforeAll(async () => {
    pool = await scratchDatabase(DATABASE, 2)
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

  it("the catalogue outbox's tables renamed (Migration20261125180000): every row kept, with its keys and indexes, and back", async () => {
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

    const OUTBOX_INDEXES = ["deleted_at", "product_id", "sku_unique", "state_changed_at", "variant_id"]
    expect(await indexesOf(pool, "hub_catalogue_change")).toEqual([...OUTBOX_INDEXES.map((index) => `IDX_hub_catalogue_change_${index}`), "hub_catalogue_change_pkey"].sort())
    expect(await indexesOf(pool, "hub_catalogue_push_hour")).toEqual(["IDX_hub_catalogue_push_hour_deleted_at", "IDX_hub_catalogue_push_hour_hour_unique", "hub_catalogue_push_hour_pkey"])

    await run(pool, rename, "down")
    const { rows: back } = await pool.query(`select count(*)::int as n from hub_stock_change`)
    expect(back).toEqual([{ n: 2 }])
    expect(await indexesOf(pool, "hub_stock_change")).toEqual([...OUTBOX_INDEXES.map((index) => `IDX_hub_stock_change_${index}`), "hub_stock_change_pkey"].sort())
    await run(pool, rename, "up")
  })

  it("every record in the account default (Migration20261125190000), a hub SKU held by one product per account (Migration20261127050000): rows kept, codes unique per account, and the snapshot's indexes", async () => {
    await pool.query(
      `insert into hub_order (id, code, status_code, status_type, import_state, payload_digest, order_id)
       values ('hubord_1', 'MKT-1', 'NEW', 'NEW', 'imported', 'd1', 'order_1'), ('hubord_2', 'MKT-2', 'NEW', 'NEW', 'set_aside', 'd2', null)`
    )
    await pool.query(`insert into hub_status (id, code, label, type) values ('hubsts_1', 'NEW', 'Novo', 'NEW')`)
    await pool.query(`insert into hub_product_publication (id, product_id, sku, state) values ('hubpub_1', 'prod_1', 'SKU-P', 'published')`)
    await pool.query(`insert into hub_listed_order (id, run_id, code, listed) values ('hublst_1', 'hubrun_1', 'MKT-3', '{}')`)
    await pool.query(`insert into hub_traffic_hour (id, hour, endpoint, requests) values ('hubtrh_1', date_trunc('hour', now()), 'GET /orders', 40)`)
    await pool.query(`insert into hub_import_run (id, started_at, seen) values ('hubrun_1', now(), 3)`)

    await run(pool, new Migration20261125190000({} as never, {} as never), "up")

    const TABLES = ["hub_order", "hub_order_move", "hub_status", "hub_import_run", "hub_listed_order", "hub_catalogue_change", "hub_catalogue_push_hour", "hub_product_publication", "hub_stock_reconciliation", "hub_traffic_hour"]
    for (const table of TABLES) {
      const { rows } = await pool.query(`select count(*)::int as rows, count(*) filter (where account = 'default')::int as in_default from ${table}`)
      expect({ table, inDefault: rows[0].in_default }).toEqual({ table, inDefault: rows[0].rows })
    }
    const { rows: orders } = await pool.query(`select code, import_state, order_id, account from hub_order order by code`)
    expect(orders).toEqual([
      { code: "MKT-1", import_state: "imported", order_id: "order_1", account: "default" },
      { code: "MKT-2", import_state: "set_aside", order_id: null, account: "default" },
    ])
    expect((await pool.query(`select sku, state, account from hub_catalogue_change order by sku`)).rows).toEqual([
      { sku: "SKU-1", state: "pending", account: "default" },
      { sku: "SKU-2", state: "rejected", account: "default" },
    ])

    // The same code on another account is another order; twice on one account, refused.
    await pool.query(`insert into hub_order (id, account, code, status_code, status_type, payload_digest) values ('hubord_3', 'brand-b', 'MKT-1', 'NEW', 'NEW', 'd3')`)
    await expect(
      pool.query(`insert into hub_order (id, account, code, status_code, status_type, payload_digest) values ('hubord_4', 'brand-b', 'MKT-1', 'NEW', 'NEW', 'd4')`)
    ).rejects.toThrow(/IDX_hub_order_account_code_unique/)
    await pool.query(`insert into hub_catalogue_change (id, account, sku, changed_at, last_changed_at) values ('hubstk_9', 'brand-b', 'SKU-1', now(), now())`)

    // Two products linked to one hub SKU (before the hub SKU was one product's): the first keeps it.
    await pool.query(
      `insert into hub_product_publication (id, account, product_id, sku, state, accepted, linked, created_at) values
         ('hubpub_2', 'default', 'prod_2', 'SKU-HELD', 'published', '{"sku": "SKU-HELD"}', true, now() - interval '1 day'),
         ('hubpub_3', 'default', 'prod_3', 'SKU-HELD', 'published', '{"sku": "SKU-HELD"}', true, now()),
         ('hubpub_4', 'brand-b', 'prod_3', 'SKU-HELD', 'published', '{"sku": "SKU-HELD"}', true, now())`
    )
    await run(pool, new Migration20261127050000({} as never, {} as never), "up")
    expect((await pool.query(`select id, account, state, linked, accepted is not null as held, due_at is not null as due from hub_product_publication where sku = 'SKU-HELD' order by id`)).rows).toEqual([
      { id: "hubpub_2", account: "default", state: "published", linked: true, held: true, due: false },
      { id: "hubpub_3", account: "default", state: "pending", linked: false, held: false, due: true },
      { id: "hubpub_4", account: "brand-b", state: "published", linked: true, held: true, due: false },
    ])
    await expect(pool.query(`update hub_product_publication set accepted = '{"sku": "SKU-HELD"}' where id = 'hubpub_3'`)).rejects.toThrow(/IDX_hub_product_publication_account_sku_held/)

    // A configurable product the hub took later, one of its variation SKUs SKU-HELD (issue 50's reservations keep the first holder).
    await pool.query(
      `insert into hub_product_publication (id, account, product_id, sku, state, accepted) values
         ('hubpub_5', 'default', 'prod_5', 'KIT', 'published', '{"sku": "KIT", "variations": [{"sku": "KIT-A"}, {"sku": "SKU-HELD"}]}')`
    )

    // Every migration after these, in order, as `medusa db:migrate` runs them: the snapshot is the end of them all.
    const after = fs
      .readdirSync(MIGRATIONS)
      .filter((file) => /^Migration\d+\.ts$/.test(file) && file > "Migration20261127050000.ts")
      .sort()
    for (const file of after) {
      const exported = (await import(path.join(MIGRATIONS, file))) as Record<string, MigrationClass>
      await run(pool, new exported[file.replace(/\.ts$/, "")]({} as never, {} as never), "up")
    }
    // A SKU the hub refused is `refused`, the publications' word (Migration20261128083709).
    expect((await pool.query(`select distinct sku, state from hub_catalogue_change order by sku`)).rows).toEqual([
      { sku: "SKU-1", state: "pending" },
      { sku: "SKU-2", state: "refused" },
    ])
    // Every hub SKU the hub took from a publication reserved for its product (Migration20261128053305), the oldest first.
    expect((await pool.query(`select account, sku, product_id from hub_sku_owner order by account, sku`)).rows).toEqual([
      { account: "brand-b", sku: "SKU-HELD", product_id: "prod_3" },
      { account: "default", sku: "KIT", product_id: "prod_5" },
      { account: "default", sku: "KIT-A", product_id: "prod_5" },
      { account: "default", sku: "SKU-HELD", product_id: "prod_2" },
    ])
    // Tables the later migrations add (the marketplace's delivery history, each account's price rules, the reserved hub SKUs,
    // what each hub takes as no sale, the freight quotes' token, cache and answered quotes, the after-sale's, the warehouses saved).
    const ADDED = ["hub_delivery_action", "hub_price_rule_set", "hub_sync_error", "hub_field_mapping", "hub_sku_owner", "hub_no_sale", "hub_product_claim", "hub_freight_token", "hub_freight_cache", "hub_freight_quote", "hub_sac_ticket", "hub_sac_answer", "hub_sac_instance", "hub_warehouse_mapping"]
    const snapshotTables = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, ".snapshot-medusa-hub.json"), "utf8")).tables.map((table: { name: string }) => table.name)
    // Renamed since: the reconciliation of the whole catalogue (Migration20261204020000).
    const RENAMED: Record<string, string> = { hub_stock_reconciliation: "hub_catalogue_reconciliation" }
    expect(snapshotTables.sort()).toEqual([...TABLES.filter((table) => table !== "hub_listed_order").map((table) => RENAMED[table] ?? table), ...ADDED].sort())
    // Besides the models' own, written in SQL: the leak sweep's partial indexes (Migration20261124010000)
    // and the hub SKU held by one product (Migration20261127050000).
    const SQL_ONLY: Record<string, string[]> = {
      hub_order: ["IDX_hub_order_leak_changed", "IDX_hub_order_leak_check"],
      hub_product_publication: ["IDX_hub_product_publication_account_sku_held"],
    }
    for (const table of snapshotTables) {
      expect({ table, indexes: await indexesOf(pool, table) }).toEqual({ table, indexes: [...snapshotIndexes(table), ...(SQL_ONLY[table] ?? [])].sort() })
    }
  })

  it("a move and a delivery action the hub refused are `refused` (Migration20261203190111), and `rejected` again down", async () => {
    const words = new Migration20261203190111({} as never, {} as never)
    await run(pool, words, "down")
    await pool.query(
      `insert into hub_order_move (id, hub_order_id, code, kind, request, state) values
         ('hubmov_1', 'hubord_1', 'MKT-1', 'invoice', '{}', 'rejected'), ('hubmov_2', 'hubord_1', 'MKT-1', 'ship', '{}', 'done')`
    )
    await pool.query(`insert into hub_delivery_action (id, code, action, state) values ('hubdlv_1', 'MKT-1', 'grouped', 'rejected')`)
    await run(pool, words, "up")
    const states = async () => ({
      moves: (await pool.query(`select id, state from hub_order_move order by id`)).rows,
      actions: (await pool.query(`select id, state from hub_delivery_action order by id`)).rows,
    })
    expect(await states()).toEqual({ moves: [{ id: "hubmov_1", state: "refused" }, { id: "hubmov_2", state: "done" }], actions: [{ id: "hubdlv_1", state: "refused" }] })
    await expect(pool.query(`update hub_order_move set state = 'rejected' where id = 'hubmov_2'`)).rejects.toThrow(/hub_order_move_state_check/)
    await run(pool, words, "down")
    expect(await states()).toEqual({ moves: [{ id: "hubmov_1", state: "rejected" }, { id: "hubmov_2", state: "done" }], actions: [{ id: "hubdlv_1", state: "rejected" }] })
    await run(pool, words, "up")
  })

  it("a failed push's wait is `retry_at`, a claim's lease its claim row's alone (Migration20261204010944), and back down", async () => {
    const leases = new Migration20261204010944({} as never, {} as never)
    await run(pool, leases, "down")
    await pool.query(`delete from hub_catalogue_change`)
    await pool.query(
      `insert into hub_catalogue_change (id, account, warehouse, sku, changed_at, last_changed_at, claim_token, claimed_until) values
         ('hubstk_w', 'default', '98', 'WAITS', now(), now(), null, '2030-01-01T00:00:00Z'),
         ('hubstk_c', 'default', '98', 'CLAIMED', now(), now(), 'hubclaim_1', '2030-01-01T00:00:00Z'),
         ('hubstk_d', 'default', '01', 'CD-CLAIMED', now(), now(), 'hubwhc_1', '2030-01-01T00:00:00Z')`
    )
    await run(pool, leases, "up")
    const rows = async () => (await pool.query(`select id, claimed_until, retry_at from hub_catalogue_change order by id`)).rows.map((row) => ({ ...row, claimed_until: row.claimed_until?.toISOString() ?? null, retry_at: row.retry_at?.toISOString() ?? null }))
    expect(await rows()).toEqual([
      // Another CD's claim keeps its own lease; a default-warehouse row's lease was a copy of its claim's.
      { id: "hubstk_c", claimed_until: null, retry_at: null },
      { id: "hubstk_d", claimed_until: "2030-01-01T00:00:00.000Z", retry_at: null },
      { id: "hubstk_w", claimed_until: null, retry_at: "2030-01-01T00:00:00.000Z" },
    ])
    const { rows: columns } = await pool.query(`select column_name from information_schema.columns where table_name = 'hub_product_publication' and column_name = 'claimed_until'`)
    expect(columns).toEqual([])
    await run(pool, leases, "down")
    expect((await pool.query(`select id, claimed_until from hub_catalogue_change where id = 'hubstk_w'`)).rows[0].claimed_until.toISOString()).toBe("2030-01-01T00:00:00.000Z")
    await run(pool, leases, "up")
  })

  it("the reconciliation's and the hub SKU owners' tables named for what they hold (Migration20261204020000): rows kept, with their keys and indexes, and back", async () => {
    const renamed = new Migration20261204020000({} as never, {} as never)
    await run(pool, renamed, "down")
    await pool.query(`insert into hub_stock_reconciliation (id, account, started_at, seen) values ('hubrec_1', 'default', now(), 12)`)
    await pool.query(`delete from hub_sku_reservation`)
    await pool.query(`insert into hub_sku_reservation (id, account, sku, product_id) values ('hubsku_1', 'default', 'CAM-P', 'prod_1')`)
    await run(pool, renamed, "up")
    expect((await pool.query(`select id, account, seen from hub_catalogue_reconciliation`)).rows).toEqual([{ id: "hubrec_1", account: "default", seen: 12 }])
    expect((await pool.query(`select id, sku, product_id from hub_sku_owner`)).rows).toEqual([{ id: "hubsku_1", sku: "CAM-P", product_id: "prod_1" }])
    for (const table of ["hub_catalogue_reconciliation", "hub_sku_owner"]) expect({ table, indexes: await indexesOf(pool, table) }).toEqual({ table, indexes: snapshotIndexes(table) })
    await run(pool, renamed, "down")
    expect((await pool.query(`select id from hub_stock_reconciliation`)).rows).toEqual([{ id: "hubrec_1" }])
    expect((await pool.query(`select id from hub_sku_reservation`)).rows).toEqual([{ id: "hubsku_1" }])
    await run(pool, renamed, "up")
  })
})
