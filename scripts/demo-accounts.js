/*
 * The demo's second hub account (`HUB_DEMO_ACCOUNTS=2 npm run demo`): brand B, on a sandbox hub of its
 * own (the next port), selling through a sales channel and stock location of its own
 * (src/scripts/seed-demo.ts seeds them for every account of the plugin's option `accounts`). What
 * the admin's account selector shows, and the browser test switches to.
 */

/** Brand B's account: its id, and the sales channel id it names (the seed creates the channel with it). */
const BRAND_B = { id: "brand-b", salesChannelId: "sc_01HUBDEMOBRANDB", channel: "Marca B Demo" }

/** How many hub accounts the demo serves: 1 (the default), or 2 with HUB_DEMO_ACCOUNTS=2. */
function demoAccountCount(env) {
  const count = Number(env.HUB_DEMO_ACCOUNTS || 1)
  if (count !== 1 && count !== 2) throw new Error(`HUB_DEMO_ACCOUNTS must be 1 or 2, not ${env.HUB_DEMO_ACCOUNTS}`)
  return count
}

/** The sandbox hub of brand B, on `port`, with credentials of its own (the same on every start). */
async function startBrandBSandbox(sandboxModule, port) {
  return sandboxModule.startSandboxHub({ port, firstOrderSequence: Date.now(), credentials: sandboxModule.sandboxAccountCredentials(BRAND_B.id) })
}

/** The plugin's option `accounts` for brand B, as the development store reads it (HUB_ACCOUNTS). */
function brandBAccountsEnv(hub) {
  return JSON.stringify([{ id: BRAND_B.id, baseUrl: hub.url, ...hub.credentials, salesChannelId: BRAND_B.salesChannelId }])
}

/** Brand B's SKUs: those its sales channel sells, with the available quantity over the channel's stock locations. */
async function readBrandBProducts(client) {
  const { rows } = await client.query(
    `select pv.sku, min(p.title) as title,
            (select min(pr.amount) from product_variant_price_set pvps
               join price pr on pr.price_set_id = pvps.price_set_id
              where pvps.variant_id = pv.id and pvps.deleted_at is null and pr.deleted_at is null
                and pr.currency_code = 'brl' and pr.price_list_id is null) as price,
            coalesce(sum(il.stocked_quantity - il.reserved_quantity), 0) as available
       from product_variant pv
       join product p on p.id = pv.product_id and p.deleted_at is null
       join product_sales_channel psc on psc.product_id = p.id and psc.sales_channel_id = $1 and psc.deleted_at is null
       left join product_variant_inventory_item pvii on pvii.variant_id = pv.id and pvii.deleted_at is null
       left join inventory_level il on il.inventory_item_id = pvii.inventory_item_id and il.deleted_at is null
        and il.location_id in (select stock_location_id from sales_channel_stock_location where sales_channel_id = $1 and deleted_at is null)
      where pv.sku is not null and pv.deleted_at is null
      group by pv.id, pv.sku
      order by pv.sku`,
    [BRAND_B.salesChannelId]
  )
  return rows.map((row) => ({ sku: row.sku, name: row.title, price: row.price === null ? 0 : Number(row.price), qty: Math.max(0, Math.floor(Number(row.available))) }))
}

module.exports = { BRAND_B, demoAccountCount, startBrandBSandbox, brandBAccountsEnv, readBrandBProducts }
