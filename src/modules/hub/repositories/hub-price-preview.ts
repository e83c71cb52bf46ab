import type { Context } from "@medusajs/framework/types"
import { DALUtils } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { HubCatalogueChange } from "../models"

/**
 * An outbox row (its SKU and the price the hub accepted, alone of the hub's body: a published
 * product's is long) with what the price rules start from besides Medusa's calculated price: the
 * variant's price set (null: no variant, or no price set), metadata, its product's categories'
 * `mpath`s, and the rules' price list's own amount in the currency (exact, as written; null: none).
 */
export type PricePreviewSourceRow = {
  sku: string
  hub_price: number | null
  price_set_id: string | null
  metadata: Record<string, unknown> | null
  category_paths: Array<string | null>
  list_amount: string | null
}

/**
 * The price preview's read of the catalogue (docs/catalogue.md, Marketplace prices): an account's
 * outbox rows in SKU order, each with its variant's price set, metadata, categories and price list
 * amount, in one statement per chunk. What Query reads of the same (soft-deleted rows left out, as
 * Query leaves them out), without a read per module and per relation: 50,000 SKUs in seconds. It
 * reads Medusa 2.21's product, link and pricing tables in the store's one database;
 * integration-tests/http/price-preview.spec.ts holds it to Query's answer.
 */
export class HubPricePreviewRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubCatalogueChange) {
  /**
   * The account's next `limit` rows after the SKU `after` (null: from the first); `priceListId`: the
   * list whose amount in `currencyCode` is read (null: none). A price of a quantity tier (more than
   * one unit) is not a list's price for one. In the caller's transaction: PostgreSQL's JIT is off for
   * it, as compiling this plan of index lookups takes longer than running it (about as long again at
   * 5,000 rows).
   */
  async chunk(
    account: string,
    page: { after: string | null; limit: number },
    list: { priceListId: string | null; currencyCode: string | null },
    context: Context = {}
  ): Promise<PricePreviewSourceRow[]> {
    const manager = this.getActiveManager<EntityManager>(context)
    await manager.execute("set local jit = off")
    return manager.execute(
      `select c.sku, c.accepted -> 'price' as hub_price, ps.id as price_set_id, v.metadata,
              array(select pc.mpath from product_category_product pcp
                      join product_category pc on pc.id = pcp.product_category_id and pc.deleted_at is null
                     where pcp.product_id = p.id) as category_paths,
              lp.amount as list_amount
         from hub_catalogue_change c
         left join product_variant v on v.id = c.variant_id and v.deleted_at is null
         left join product p on p.id = v.product_id and p.deleted_at is null
         left join lateral (
           select s.id from product_variant_price_set l join price_set s on s.id = l.price_set_id and s.deleted_at is null
            where l.variant_id = v.id and l.deleted_at is null limit 1
         ) ps on true
         left join lateral (
           select coalesce(pr.raw_amount ->> 'value', pr.amount::text) as amount from price pr
            where pr.price_set_id = ps.id and pr.price_list_id = ?::text and pr.currency_code = ?::text and pr.deleted_at is null
              and (pr.min_quantity is null or pr.min_quantity <= 1)
            limit 1
         ) lp on true
        where c.account = ? and c.warehouse = '98' and c.deleted_at is null and (?::text is null or c.sku > ?::text)
        order by c.sku
        limit ?`,
      [list.priceListId, list.currencyCode, account, page.after, page.after, page.limit]
    )
  }
}
