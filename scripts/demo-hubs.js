/*
 * The demo's sandbox hubs (scripts/demo.js): the account default's on HUB_SANDBOX_PORT and, with
 * HUB_DEMO_ACCOUNTS=2, brand B's on the next port, selling through a sales channel and stock location
 * of its own (src/scripts/seed-demo.ts seeds them for every account of the plugin's option
 * `accounts`); what each holds at start, and the banner that says how to use them.
 */
const path = require("path")

const DEMO_CHANNEL = "Marketplace Demo"

/**
 * The sandbox hub of the account default on `port`, or (`brandB`) brand B's on the next port with
 * credentials of its own (the same on every start). Codes from the clock: the demo database outlives
 * the sandbox, and a code is never reused.
 */
async function startDemoHub(root, port, { brandB = false } = {}) {
  require("ts-node").register({ transpileOnly: true, compilerOptions: { module: "commonjs" } })
  const sandbox = require(path.join(root, "src", "sandbox"))
  const priceRules = { productModel: demoProductModel(process.env) }
  if (!brandB) return sandbox.startSandboxHub({ port, firstOrderSequence: Date.now(), priceRules })
  return sandbox.startSandboxHub({ port: port + 1, firstOrderSequence: Date.now(), priceRules, credentials: sandbox.sandboxAccountCredentials(BRAND_B.id) })
}

/** How the demo's hubs hold a sale (docs/catalogue.md, *No sale*): HUB_PRODUCT_MODEL=2025 (the default) or legacy. */
function demoProductModel(env) {
  const model = env.HUB_PRODUCT_MODEL || "2025"
  if (model !== "2025" && model !== "legacy") throw new Error(`HUB_PRODUCT_MODEL must be 2025 or legacy, not ${env.HUB_PRODUCT_MODEL}`)
  return model
}

/** Brand B's account: its id, what the admin calls it (option `name`), and the sales channel id it names (the seed creates the channel with it). */
const BRAND_B = { id: "brand-b", name: "Marca B", salesChannelId: "sc_01HUBDEMOBRANDB", channel: "Marca B Demo" }

/** How many hub accounts the demo serves: 1 (the default), or 2 with HUB_DEMO_ACCOUNTS=2. */
function demoAccountCount(env) {
  const count = Number(env.HUB_DEMO_ACCOUNTS || 1)
  if (count !== 1 && count !== 2) throw new Error(`HUB_DEMO_ACCOUNTS must be 1 or 2, not ${env.HUB_DEMO_ACCOUNTS}`)
  return count
}

/** The plugin's option `accounts` for brand B, as the development store reads it (HUB_ACCOUNTS). */
function brandBAccountsEnv(hub) {
  return JSON.stringify([{ id: BRAND_B.id, name: BRAND_B.name, baseUrl: hub.url, categoryServiceUrl: `${hub.url}/category-service`, ...hub.credentials, salesChannelId: BRAND_B.salesChannelId }])
}

/**
 * The SKUs a sales channel sells, each with its product's title, its BRL price and its available
 * quantity over the channel's stock locations (another channel's location is another account's);
 * not the seed's product that is new in the store (metadata.hub_demo_new), which the hub gets by
 * publication. What a demo hub holds at start: the account default's channel, or brand B's.
 */
async function readChannelProducts(client, salesChannelId, account = "default") {
  const { rows } = await client.query(
    `with mapped as (${MAPPED_LOCATIONS})
     select pv.sku, min(p.title) as title,
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
        and il.location_id not in (select stock_location_id from mapped)
      where pv.sku is not null and pv.deleted_at is null
        and coalesce(p.metadata->>'hub_demo_new', '') <> 'true'
      group by pv.id, pv.sku
      order by pv.sku`,
    [salesChannelId, account]
  )
  return rows.map((row) => ({ sku: row.sku, name: row.title, price: row.price === null ? 0 : Number(row.price), qty: Math.max(0, Math.floor(Number(row.available))) }))
}

/** The stock locations an account ($2) maps to the hub's other warehouses, as the merchant saved them (docs/catalogue.md, *Warehouses*). */
const MAPPED_LOCATIONS = `select w->>'stockLocationId' as stock_location_id, w->>'code' as code
     from hub_warehouse_mapping m, jsonb_array_elements(m.warehouses) as w where m.account = $2 and m.deleted_at is null`

/** Each of the account's other warehouses and the SKUs its location holds in stock: a line the marketplace sells from there. */
async function readWarehouses(client, account = "default") {
  const { rows } = await client.query(
    `with mapped as (${MAPPED_LOCATIONS.replace("$2", "$1")})
     select mapped.code, array_agg(distinct pv.sku order by pv.sku) as skus
       from mapped
       join inventory_level il on il.location_id = mapped.stock_location_id and il.deleted_at is null and il.stocked_quantity - il.reserved_quantity > 0
       join product_variant_inventory_item pvii on pvii.inventory_item_id = il.inventory_item_id and pvii.deleted_at is null
       join product_variant pv on pv.id = pvii.variant_id and pv.deleted_at is null and pv.sku is not null
      group by mapped.code order by mapped.code`,
    [account]
  )
  return rows.map((row) => ({ code: row.code, skus: row.skus }))
}

const DEMO_CUSTOMERS = [
  { name: "Ana Souza", email: "ana.souza@example.com", vat_number: "12345678909", phone: "11999998888", city: "São Paulo", region: "SP", postcode: "01310100", street: "Avenida Paulista", number: 1000, neighborhood: "Bela Vista" },
  { name: "Bruno Lima", email: "bruno.lima@example.com", vat_number: "98765432100", phone: "21988887777", city: "Rio de Janeiro", region: "RJ", postcode: "22070011", street: "Avenida Atlântica", number: 1702, neighborhood: "Copacabana" },
  { name: "Carla Mendes", email: "carla.mendes@example.com", vat_number: "11144477735", phone: "31977776666", city: "Belo Horizonte", region: "MG", postcode: "30130010", street: "Avenida Afonso Pena", number: 867, neighborhood: "Centro" },
]

/**
 * The store's SKUs on the hub (its other warehouses, `store.warehouses`, too: their stock the store
 * sends), and a few NEW orders for them, placed by the marketplace (`channel`): the second one sells a
 * line from the first other warehouse, when one holds its SKU.
 */
function stockSandbox(hub, store, channel = DEMO_CHANNEL) {
  const warehouses = store.warehouses ?? []
  if (warehouses.length) hub.setWarehouses(warehouses.map((warehouse) => warehouse.code))
  hub.upsertProducts(store.products.map(({ sku, name, price, qty }) => ({ sku, name, price, qty })))
  const skus = store.products.filter((product) => product.qty > 0).map((product) => product.sku)
  if (!skus.length) {
    console.error("[demo] the store has no SKU in stock: no sandbox order created")
    return []
  }
  return DEMO_CUSTOMERS.map((customer, index) => {
    const address = {
      street: customer.street,
      number: customer.number,
      neighborhood: customer.neighborhood,
      city: customer.city,
      region: customer.region,
      country: "BR",
      postcode: customer.postcode,
    }
    const items = [{ id: skus[index % skus.length], qty: 1 }]
    if (index === 1 && skus.length > 1) {
      const sku = skus[(index + 1) % skus.length]
      const from = warehouses.find((warehouse) => warehouse.skus.includes(sku))
      items.push({ id: sku, qty: 2, ...(from ? { remote_store_id: from.code } : {}) })
    }
    return hub.createOrder({
      channel,
      items,
      customer: { name: customer.name, email: customer.email, vat_number: customer.vat_number, phones: [customer.phone] },
      billing_address: address,
      shipping_address: address,
      shipping_method: "Correios PAC",
      shipping_cost: 15.9,
      // As marketplaces sell: one order in 3 instalments with interest and a marketplace discount, one
      // with a discount alone (the sandbox's own fields; docs/money.md shows where each lands in Medusa).
      interest: index === 1 ? 7.35 : 0,
      ...(index === 1 ? { discount: 10, parcels: 3 } : index === 2 ? { discount: 5 } : {}),
    })
  })
}

/**
 * One NEW order of each of the marketplace's own deliveries (docs/delivery.md): a Correios one (approved
 * by the marketplace, its label exists; invoice it by key, then group it on the hub page) and a Direct
 * one, with an authorised sample NF-e XML written beside the demo to invoice it with (its label follows).
 */
function placeDeliveryOrders(root, hub, store) {
  const sandbox = require(path.join(root, "src", "sandbox"))
  const sku = store.products.find((product) => product.qty > 0)?.sku
  if (!sku) return []
  const address = { street: "Rua XV de Novembro", number: 50, neighborhood: "Centro", city: "Curitiba", region: "PR", country: "BR", postcode: "80020310" }
  const place = (calculation_type, name, email, vat_number) => {
    const { code } = hub.createOrder({
      channel: DEMO_CHANNEL,
      items: [{ id: sku, qty: 1 }],
      customer: { name, email, vat_number },
      billing_address: address,
      shipping_address: address,
      shipping_method: "Americanas Entrega",
      shipping_cost: 0,
      calculation_type,
    })
    return code
  }
  const correios = place("b2wentregacorreios", "Davi Rocha", "davi.rocha@example.com", "52998224725")
  const direct = place("b2wentregadirect", "Elisa Prado", "elisa.prado@example.com", "39053344705")
  // Each NF-e numbered after its own order (the codes differ), so one key invoices one order: the XML
  // is the Direct order's (its buyer, its line), the key the Correios order's (a valid 44-digit one,
  // its check digit by src/hub-client/nfe-key.ts).
  const numberOf = (code) => Number(code.split("-").pop()) % 1e9
  const xmlPath = path.join(require("os").tmpdir(), `demo-nfe-${direct.split("-").pop()}.xml`)
  require("fs").writeFileSync(xmlPath, sandbox.sampleNfeXml({ key: sandbox.sampleNfeKey(numberOf(direct)), buyer: { CPF: "39053344705" }, items: [{ sku, qty: 1 }] }))
  const key = sandbox.sampleNfeKey(numberOf(correios))
  return [
    { code: correios, delivery: "Correios", key },
    { code: direct, delivery: "Direct", xmlPath },
  ]
}

/** A product the marketplace refuses after the hub took it (its EAN), as the sandbox's review reports it; the store reads it within minutes, or at once with *Read now*. */
const REFUSED = { sku: "BERMUDA-VINTAGE-M", error_code: "invalid_ean", error_category_code: "link_b2w_products", message: "EAN não confere com o cadastro do marketplace" }

function reportRefusal(hub, store) {
  if (!store.products.some((product) => product.sku === REFUSED.sku)) return null
  hub.reportSyncError({ entity: "products", entity_id: REFUSED.sku, error_code: REFUSED.error_code, error_category_code: REFUSED.error_category_code, message: REFUSED.message })
  return REFUSED.sku
}

/** The sandbox's control URL of a marketplace move on an order: codes hold spaces, so encoded. */
function marketplaceMoveUrl(hub, code, move) {
  return `${hub.url}/_sandbox/orders/${encodeURIComponent(code)}/${move}`
}

/** What the demo prints once Medusa answers: where everything is, and how to act as the marketplace. */
function printBanner({ medusaUrl, admin }, hub, orders, brandB, deliveryOrders = [], refused = null, freightToken = null) {
  const line = "-".repeat(78)
  const created = orders.map((order) => order.code).join(", ")
  const example = orders.length ? orders[0].code : "<code>"
  console.log(
    [
      "",
      line,
      "  Medusa hub plugin demo is running",
      "",
      `  Admin:        ${medusaUrl}/app   (plugin's overview: ${medusaUrl}/app/hub; its settings: Settings -> Marketplace hub)`,
      `  Login:        ${admin.email} / ${admin.password}`,
      `  Sandbox hub:  ${hub.url}   (credentials: X-User-Email ${hub.credentials.userEmail},`,
      `                X-Api-Key ${hub.credentials.apiKey},`,
      `                X-Accountmanager-Key ${hub.credentials.accountManagerKey})`,
      "",
      `  NEW orders on the sandbox: ${created || "none"}.`,
      ...deliveryOrders.map((order) =>
        order.xmlPath
          ? `  The marketplace's ${order.delivery} delivery: ${order.code}; once approved (below), invoice it with the NF-e XML ${order.xmlPath}, then its label.`
          : `  The marketplace's ${order.delivery} delivery: ${order.code}; once approved (below), print its label, invoice it by key (this one is valid: ${order.key}), then group it into a PLP under Orders -> Marketplace orders.`
      ),
      ...(refused ? [`  The marketplace refuses ${refused} (its EAN): Products -> Marketplace publication -> Read now, or within minutes.`] : []),
      ...(brandB
        ? [
            `  Hub account ${BRAND_B.id}: its sandbox hub ${brandB.hub.url}, NEW orders ${brandB.orders.map((order) => order.code).join(", ") || "none"};`,
            "  each Marketplace hub page's account selector shows either account.",
          ]
        : []),
      "  Orders placed on the sandbox are imported within seconds (Orders in the admin). Place one:",
      "    - admin API: POST /admin/hub/test-orders { order: {...}, approve?: true }",
      "    - or the hub API (as the marketplace would), e.g.",
      `        curl -X POST ${hub.url}/orders -H 'Content-Type: application/json' \\`,
      `          -H 'X-User-Email: ${hub.credentials.userEmail}' -H 'X-Api-Key: ${hub.credentials.apiKey}' \\`,
      `          -H 'X-Accountmanager-Key: ${hub.credentials.accountManagerKey}' \\`,
      `          -d '{"order":{"channel":"${DEMO_CHANNEL}","items":[{"id":"<SKU>","qty":1}],` +
        `"customer":{"name":"Ana Souza","email":"ana@example.com"},` +
        `"billing_address":{"street":"Rua A","number":1,"neighborhood":"Centro","city":"São Paulo","region":"SP","country":"BR","postcode":"01001000"},` +
        `"shipping_address":{"street":"Rua A","number":1,"neighborhood":"Centro","city":"São Paulo","region":"SP","country":"BR","postcode":"01001000"}}}'`,
      "  Act as the marketplace on an order (copy and paste; the code is URL-encoded):",
      ...(orders.length
        ? [...orders, ...deliveryOrders].map((order) => `    curl -X POST "${marketplaceMoveUrl(hub, order.code, "approve")}"`)
        : [`    curl -X POST "${hub.url}/_sandbox/orders/<URL-encoded code>/approve"`]),
      `    curl -X POST "${marketplaceMoveUrl(hub, example, "cancel")}"   # cancel instead`,
      "  then *Import now* under Orders -> Marketplace orders. The other control endpoints (faults, rate limits,",
      `  the request log, reset): npx hub-sandbox --help.`,
      "",
      "  Freight quotes the hub asks of the store: Settings -> Marketplace freight. Ask for one as the hub would:",
      freightToken
        ? `    npx hub-sandbox --call-freight ${medusaUrl}/hub/freight/default/${freightToken}/partner --freight-skus CANECA-CERAMICA-300`
        : "    (create the token on that page first, then: npx hub-sandbox --call-freight <its partner URL> --freight-skus CANECA-CERAMICA-300)",
      "",
      "  The admin API from a terminal: log in, then send the token:",
      `    TOKEN=$(curl -s -X POST ${medusaUrl}/auth/user/emailpass -H 'Content-Type: application/json' \\`,
      `      -d '{"email":"${admin.email}","password":"${admin.password}"}' | node -pe 'JSON.parse(require("fs").readFileSync(0)).token')`,
      `    curl -s ${medusaUrl}/admin/hub/connection -H "Authorization: Bearer $TOKEN"`,
      "",
      "  Ctrl-C stops Medusa, the sandbox hub and any embedded PostgreSQL.",
      line,
      "",
    ].join("\n")
  )
}

module.exports = { BRAND_B, demoAccountCount, startDemoHub, brandBAccountsEnv, readChannelProducts, readWarehouses, stockSandbox, placeDeliveryOrders, reportRefusal, printBanner }
