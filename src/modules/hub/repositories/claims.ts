import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"

/*
 * The claim the catalogue's two kinds of rows share (a SKU's outbox row, a product's publication): a
 * row is held by a token until a time; the holder renews it while its push is in flight, never
 * reviving one that ran out (another may hold it now); a round that could not start gives its token
 * back. One statement each, so any number of processes share the rows. A product's push holds its
 * publication and its SKUs' rows under one token, renewed and given back together.
 */
export type ClaimTable = "hub_catalogue_change" | "hub_product_publication"

/**
 * Claims the rows of `table` that `due` selects (an SQL condition on the row, with `dueParams`), free
 * of a live claim, in `order`, up to `limit`, for `leaseMs` under `claimToken`; SKIP LOCKED, so two
 * claimers never get the same row. `claimed_version` keeps the version claimed: a change while the push
 * is in flight leaves the row due again. Answers the `returning` columns of each row claimed.
 */
export async function claimRows<Row>(
  manager: EntityManager,
  table: ClaimTable,
  claim: { claimToken: string; leaseMs: number; account: string; due: string; dueParams: unknown[]; order?: string; limit?: number; returning: string }
): Promise<Row[]> {
  const { claimToken, leaseMs, account, due, dueParams, order, limit, returning } = claim
  return manager.execute(
    `update ${table} as c set
       claim_token = ?, claimed_version = c.version,
       claimed_until = now() + ?::integer * interval '1 millisecond', updated_at = now()
     from (
       select id from ${table}
        where deleted_at is null and account = ? and (claimed_until is null or claimed_until <= now()) and ${due}
        ${order ? `order by ${order}` : ""}
        ${limit === undefined ? "" : "limit ?"}
        for update skip locked
     ) as due
     where c.id = due.id
     returning ${returning}`,
    [claimToken, leaseMs, account, ...dueParams, ...(limit === undefined ? [] : [limit])]
  )
}

/** Moves on the lease of `table`'s rows still held by `claimToken` (one that ran out is not revived); how many are held. */
export async function renewClaims(manager: EntityManager, table: ClaimTable, claimToken: string, leaseMs: number): Promise<number> {
  const renewed: unknown[] = await manager.execute(
    `update ${table} set claimed_until = now() + ?::integer * interval '1 millisecond'
      where claim_token = ? and claimed_until > now() and deleted_at is null returning id`,
    [leaseMs, claimToken]
  )
  return renewed.length
}

/** Gives back `table`'s rows claimed with `claimToken`, without a push. */
export async function releaseClaims(manager: EntityManager, table: ClaimTable, claimToken: string): Promise<void> {
  await manager.execute(`update ${table} set claim_token = null, claimed_until = null, updated_at = now() where claim_token = ?`, [claimToken])
}
