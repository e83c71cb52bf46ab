import type { Context } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { ClaimedPublication } from "../models/hub-product-publication"
import { HubSkuOwner } from "../models"

/** The product, other than the one asking, that owns a hub SKU on the account's hub. */
export type OwnedHubSku = { sku: string; productId: string }

/**
 * Each hub SKU's owner per account (`hub_sku_owner`, unique on account and SKU): the first product
 * to take a SKU owns it until released, whatever its publication's state. Each write is one
 * statement outside any transaction the caller has not opened, so two workers taking one SKU at
 * once are decided by the unique index: the second insert waits for the first and does nothing.
 */
export class HubSkuOwnerRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubSkuOwner) {
  /**
   * Takes every one of `skus` for `productId` and answers the first (in SKU order) another product
   * owns, or null when the product owns them all. The same product taking again owns what it
   * owned (a retry after a lost answer). The product's other SKUs are released unless
   * `keepOthers` (a create whose answer was lost may have made a hub product under them).
   */
  async takeFor(account: string, productId: string, skus: string[], { keepOthers }: { keepOthers: boolean }, context: Context = {}): Promise<OwnedHubSku | null> {
    const wanted = [...new Set(skus)].sort()
    const manager = this.getActiveManager<EntityManager>(context)
    if (!keepOthers) {
      await manager.execute(
        `delete from hub_sku_owner where account = ? and product_id = ? and sku not in (select jsonb_array_elements_text(?::jsonb))`,
        [account, productId, JSON.stringify(wanted)]
      )
    }
    if (!wanted.length) return null
    await this.insert(manager, account, productId, wanted)
    // A statement of its own: it sees an owner another worker committed while this one's insert waited.
    const [row]: Array<{ sku: string; product_id: string }> = await manager.execute(
      `select sku, product_id from hub_sku_owner
        where deleted_at is null and account = ? and sku in (select jsonb_array_elements_text(?::jsonb)) and product_id <> ?
        order by sku limit 1`,
      [account, JSON.stringify(wanted), productId]
    )
    return row ? { sku: row.sku, productId: row.product_id } : null
  }

  /** Records `skus` as `productId`'s where no other product owns them (what the hub took from it). */
  async record(account: string, productId: string, skus: string[], context: Context = {}): Promise<void> {
    const wanted = [...new Set(skus)].sort()
    if (wanted.length) await this.insert(this.getActiveManager<EntityManager>(context), account, productId, wanted)
  }

  /**
   * Releases the SKUs a claimed publication's product owns, while the claim is still held (a push that
   * lost its claim releases nothing another push may own now).
   */
  async releaseOfClaim(claim: ClaimedPublication, context: Context = {}): Promise<void> {
    await this.getActiveManager<EntityManager>(context).execute(
      `delete from hub_sku_owner as r using hub_product_publication as p
        where p.id = ? and p.claim_token = ? and p.deleted_at is null and r.account = p.account and r.product_id = p.product_id`,
      [claim.id, claim.claimToken]
    )
  }

  /** Inserts in SKU order, so two products taking overlapping sets at once wait on each other rather than deadlock. */
  private async insert(manager: EntityManager, account: string, productId: string, sortedSkus: string[]): Promise<void> {
    const rows = sortedSkus.map((sku) => ({ id: generateEntityId(undefined, "hubsku"), sku }))
    await manager.execute(
      `insert into hub_sku_owner (id, account, sku, product_id)
       select input.id, ?::text, input.sku, ?::text from jsonb_to_recordset(?::jsonb) as input(id text, sku text) order by input.sku
       on conflict (account, sku) where deleted_at is null do nothing`,
      [account, productId, JSON.stringify(rows)]
    )
  }
}
