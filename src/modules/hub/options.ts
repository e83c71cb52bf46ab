import { z } from "zod"
import { describeIssues, hubClientOptionsSchema, PLP_ORDER_CODES } from "../../hub-client"
import { CATALOGUE_FIELDS } from "../../mapping/hub-product"
import { NO_SALE_WAYS } from "../../mapping/hub-no-sale"
import { DIMENSION_UNITS, WEIGHT_UNITS } from "../../mapping/hub-measures"
import { freightRulesSchema } from "../../mapping/freight-rules"
import { freightAccessSchema } from "../../mapping/freight-access"
import { BRAND_SOURCES, CATEGORY_NAMINGS, DEFAULT_NAME_MAX_LENGTH, VARIATION_FORMATS } from "../../mapping/hub-product-publication"

/** The languages the admin feed's notices can be written in (src/notifications/notice-texts.ts). */
export const NOTIFICATION_LANGUAGES = ["en", "ptBR"] as const
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number]

/** How many days back an import reads the hub's orders unless `importLookbackDays` says otherwise. */
export const DEFAULT_IMPORT_LOOKBACK_DAYS = 7

const medusaId = (prefix: string) =>
  z.string().regex(new RegExp(`^${prefix}_[0-9A-Z]+$`), `must be a Medusa id starting with ${prefix}_`)

/** The default warehouse's code on the hub (docs/hub-public-facts.md, *Stock per warehouse*): fed by /products only. */
export const DEFAULT_WAREHOUSE_CODE = "98"

/** The warehouses besides the default, as the option `warehouses` and a merchant's save in the admin give them. */
export const hubWarehousesSchema = z
  .array(
    z.strictObject(
      {
        code: z
          .string({ error: "must be the hub's store code, such as 01" })
          .trim()
          .min(1, "must not be empty")
          .max(20, "must be at most 20 characters")
          .refine((code) => code !== DEFAULT_WAREHOUSE_CODE, `${DEFAULT_WAREHOUSE_CODE} is the default warehouse, fed by the account's own locations; map only the others`),
        stockLocationId: medusaId("sloc"),
      },
      { error: (issue) => (issue.code === "unrecognized_keys" ? `takes only code and stockLocationId (not ${issue.keys.join(", ")})` : "must be { code, stockLocationId }") }
    ),
    { error: "must be a list of { code, stockLocationId }" }
  )
  .max(50, "must hold at most 50 warehouses")
  .superRefine((warehouses, context) => {
    const once = (key: "code" | "stockLocationId", what: string) => {
      const seen = new Set<string>()
      warehouses.forEach((warehouse, index) => {
        if (seen.has(warehouse[key])) context.addIssue({ code: "custom", path: [index, key], message: `${what} ${warehouse[key]} is mapped twice` })
        seen.add(warehouse[key])
      })
    }
    once("code", "warehouse")
    once("stockLocationId", "stock location")
  })

/**
 * The plugin's options, validated once at boot. Every module of a plugin receives the same
 * options (Medusa may add keys such as `database`), so unknown keys are ignored, not refused.
 */
export const hubPluginOptionsSchema = hubClientOptionsSchema.extend({
  /** What the admin calls this hub account (e.g. "Loja Oficial"); its id when not set. Never inherited by another account. */
  name: z.string().trim().min(1, "name must not be empty").max(60, "name must be at most 60 characters").optional(),
  /** Run the scheduled jobs in this process (Medusa loads jobs only in `worker` or `shared` mode). */
  jobs: z.boolean().default(true),
  /** Where hub orders go; each defaults to the store's own default when not given. */
  salesChannelId: medusaId("sc").optional(),
  regionId: medusaId("reg").optional(),
  stockLocationId: medusaId("sloc").optional(),
  shippingOptionId: medusaId("so").optional(),
  /**
   * The hub's warehouses (CDs) besides the default `98`, each a Medusa stock location of the account's
   * sales channel by its store code (docs/catalogue.md, *Warehouses*): the location's available quantity
   * goes to its CD, and an order line the marketplace sends from that CD reserves there.
   */
  warehouses: hubWarehousesSchema.default([]),
  /** SKUs per `POST /stores/{code}/batch` (the record publishes no size): a warehouse's pushes and walks. */
  warehouseBatchSize: z
    .number({ error: "warehouseBatchSize must be a whole number of SKUs" })
    .int("warehouseBatchSize must be a whole number of SKUs")
    .min(1, "warehouseBatchSize must be at least 1")
    .max(10_000, "warehouseBatchSize must be at most 10000")
    .default(500),
  /**
   * The store's (beside `accounts`): two accounts naming one `stockLocationId` stop the boot unless this
   * is true, since their hubs then sell the same units, which the merchant must mean.
   */
  sharedStockLocations: z.boolean().default(false),
  /**
   * Carrier and method the hub is told for a shipment made in Medusa's own admin (its labels carry
   * neither): without them, the fulfillment's provider id and its shipping option's name.
   */
  shipmentCarrier: z.string().trim().min(1, "shipmentCarrier must not be empty").max(100).optional(),
  shipmentMethod: z.string().trim().min(1, "shipmentMethod must not be empty").max(100).optional(),
  /**
   * The largest NF-e XML the card's invoice takes (bytes): a real NF-e is tens of KB; a larger file is
   * refused, naming this option, before it is read (docs/delivery.md).
   */
  invoiceXmlMaxBytes: z.number().int().min(10_000).max(10_000_000).default(1_000_000),
  /**
   * What a PLP's `order_remote_codes` names on this hub, unsure in the public record
   * (docs/hub-public-facts.md, The hub's own delivery): `code`, the hub's order code, as the public SDK
   * sends it; or `marketplace_number`, the code without its `<channel>-` prefix (docs/delivery.md).
   */
  plpOrderCodes: z.enum(PLP_ORDER_CODES).default("code"),
  /**
   * In `listing` intake, seconds between two listing passes that look for new orders (and the
   * marketplaces' moves): a sale stays on offer until its order is reserved, so the listing is read
   * as often as this allows, within its request budget (docs/hub-public-facts.md: 1/s).
   */
  importPollSeconds: z.number().int().min(1).max(3600).default(2),
  /**
   * The most units one order line may ask for: a line above it is set aside with the reason, never
   * reserved (a marketplace glitch selling 10^12 units would otherwise push 0 everywhere).
   */
  maxItemQuantity: z.number().int().min(1).max(1_000_000).default(1_000),
  /**
   * The most lines one hub order may have: an order with more is set aside with the reason (2,000
   * lines within `maxItemQuantity` each would otherwise reserve millions as a backorder).
   */
  maxOrderLines: z
    .number({ error: "maxOrderLines must be a whole number of lines" })
    .int("maxOrderLines must be a whole number of lines")
    .min(1, "maxOrderLines must be at least 1")
    .max(10_000, "maxOrderLines must be at most 10000")
    .default(100),
  /** Hub orders a run imports at a time (each under its own lock and claim; 1: one by one). */
  importConcurrency: z.number().int().min(1).max(32).default(4),
  /**
   * How hub orders come in: `listing` (the specification's interface: the orders listing every
   * `importPollSeconds`) or `queue` (the order queue some hubs offer, docs/hub-public-facts.md,
   * Orders: consumed continuously as fast as its budget allows, with the listing as a safety net
   * every `queueListingEveryMinutes`).
   */
  orderIntake: z.enum(["listing", "queue"]).default("listing"),
  /** In `queue` intake, minutes between the listing runs that catch what the queue lost. */
  queueListingEveryMinutes: z.number().int().min(1).max(1440).default(30),
  /**
   * Minutes between import runs that list the look-back window without a status filter, so an order
   * whose status the catalogue does not know (or that skipped NEW) is seen and shown, not invisible;
   * 0 turns them off. Every other run lists only NEW, APPROVED and CANCELED.
   */
  importUnfilteredEveryMinutes: z.number().int().min(0).max(10_080).default(60),
  /**
   * How many days back every listing run reads: new orders are placed recently, so a run's cost
   * follows the last days' orders, not the whole look-back window.
   */
  importRecentDays: z.number().int().min(1).max(90).default(1),
  /**
   * Minutes between listing runs that read the whole look-back window (`importLookbackDays`): an
   * older order's cancellation or approval waits at most this long (a cancel only frees stock, so the
   * delay never oversells), and an order missed while the store was down is still found.
   */
  importFullWindowEveryMinutes: z.number().int().min(1).max(1440).default(15),
  /** How many days back the import reads the hub's orders. */
  importLookbackDays: z.number().int().min(1).max(90).default(DEFAULT_IMPORT_LOOKBACK_DAYS),
  /** A SKU is pushed once its changes have paused this long, so a burst becomes one request. */
  catalogueCoalesceMs: z.number().int().min(0).max(10_000).default(200),
  /** A SKU that keeps changing is still pushed after this long. */
  catalogueMaxDelayMs: z.number().int().min(0).max(60_000).default(1_000),
  /**
   * A SKU pushed less than this long ago waits until then: a SKU that changes for seconds on end
   * (a flash sale, a stock count) costs one request per interval, not one per `catalogueMaxDelayMs`.
   */
  catalogueMinPushIntervalMs: z.number().int().min(0).max(60_000).default(3_000),
  /** How long a flusher holds the rows it claimed; rows of a flusher that died are sent after it. */
  catalogueLeaseMs: z.number().int().min(1_000).max(600_000).default(60_000),
  /** First wait before a push that failed (hub unavailable, 429 beyond the run) is tried again; doubles up to 10 min. */
  catalogueRetryDelayMs: z.number().int().min(100).max(600_000).default(5_000),
  /** Minutes between scheduled reconciliations; 0 turns the schedule off (the admin trigger stays). */
  catalogueReconcileEveryMinutes: z.number().int().min(0).max(10_080).default(360),
  /**
   * Minutes between reads of what the marketplaces refused after the hub took it (`GET /sync_errors/*`,
   * src/sync/sync-errors.ts); 0 turns the schedule off (the admin's *Read now* stays).
   */
  syncErrorsEveryMinutes: z.number().int().min(0).max(10_080).default(10),
  /**
   * Minutes between reads of the marketplace's customer service tickets and chats (`GET /sac`,
   * src/sync/sac.ts, docs/after-sale.md); 0 turns the schedule off.
   */
  sacEveryMinutes: z.number().int().min(0).max(1_440).default(1),
  /**
   * Hours a buyer's (or the marketplace's) message may wait for the seller's answer before the feed
   * says it is still unanswered (docs/after-sale.md); the marketplace counts an unanswered chat against the seller.
   */
  sacUnansweredHours: z
    .number({ error: "sacUnansweredHours must be a whole number of hours" })
    .int("sacUnansweredHours must be a whole number of hours")
    .min(1, "sacUnansweredHours must be at least 1")
    .max(720, "sacUnansweredHours must be at most 720")
    .default(12),
  /**
   * How an instance's refund is asked of the hub (`refunds [{id, group}]` of `POST /sac/{code}/instances`,
   * docs/after-sale.md): the record gives only this example, so it is a guess kept here.
   */
  sacRefund: z.strictObject({ id: z.string().trim().min(1), group: z.string().trim().min(1) }).default({ id: "CREDIT_CARD", group: "ORIGINAL_PAYMENT" }),
  /**
   * The key of `POST /sac/{code}/instances`'s body under which the return NF-e goes (`{"key", "issue_date"?}`,
   * as an invoice's; docs/after-sale.md, *The return NF-e*): the record names no field for it, so this guess is kept here.
   */
  sacReturnInvoiceField: z
    .string({ error: "sacReturnInvoiceField must be a field name" })
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, "sacReturnInvoiceField must be a field name: letters, digits and _, not starting with a digit")
    .refine((field) => !["action", "cause", "items", "refunds", "additional_note"].includes(field), "sacReturnInvoiceField must not be one of the instance's own fields")
    .default("invoice"),
  /**
   * The product fields the plugin keeps true on the hub besides `qty` (src/mapping/hub-product.ts says
   * what each follows); none by default, so a store that manages prices on the hub keeps doing so.
   */
  catalogueFields: z
    .array(z.enum(CATALOGUE_FIELDS, { error: `each catalogue field must be one of ${CATALOGUE_FIELDS.join(", ")}` }))
    .default([])
    .transform((fields) => [...new Set(fields)]),
  /** Units held back per SKU: the hub is sent max(0, available - stockBuffer), to absorb the seconds before a sale is pushed. */
  stockBuffer: z.number().int().min(0).max(1_000_000).default(0),
  /**
   * Where a SKU's fields are sent: `products` (PUT /products/{sku}) or `variations` (PUT /variations/{sku},
   * for hubs that model a configurable product's children; docs/hub-public-facts.md, Products).
   */
  productEndpoint: z.enum(["products", "variations"]).default("products"),
  /**
   * How "no sale" is said in `promotional_price`: `price` (the price itself), `null` or `zero` (0). Unset
   * (the default), the plugin learns it from the account's hub, trying them in that order and keeping
   * the way the hub took (src/mapping/hub-no-sale.ts); set, it is the way, and nothing is learnt. The
   * public record does not say which every hub takes (docs/hub-public-facts.md, Prices).
   */
  promotionalPriceClearedAs: z.enum(NO_SALE_WAYS).optional(),
  /**
   * The hub refuses a price cut of this share or more in one update (docs/hub-public-facts.md, Prices:
   * 50 %); a larger cut goes in steps, each `priceCutMarginPercent` under it, the next sent once the hub
   * took the last. 0: no limit, every price sent at once.
   */
  priceCutLimitPercent: z.number().int().min(0).max(99).default(50),
  /** How far under `priceCutLimitPercent` each step's cut stays (the hub's rounding is not known). */
  priceCutMarginPercent: z.number().int().min(0).max(98).default(5),
  /** Notices in Medusa's admin notification feed (a set-aside order, a SKU the hub refuses), once per cause. */
  notifications: z.boolean().default(true),
  /**
   * How many hours before an order's dispatch deadline (the hub's `expedition_limit_date`, *ship by*)
   * the feed tells the merchant it is still to be shipped; 0: only once the deadline has passed.
   */
  shipByNoticeHours: z
    .number({ error: "shipByNoticeHours must be a whole number of hours" })
    .int("shipByNoticeHours must be a whole number of hours")
    .min(0, "shipByNoticeHours must be at least 0")
    .max(720, "shipByNoticeHours must be at most 720")
    .default(24),
  /**
   * The language the notices are written in (`en` or `ptBR`): Medusa's feed shows them as stored, to
   * every admin user, so it is the store's choice, not each user's as in the hub page and the card.
   */
  notificationLanguage: z.enum(NOTIFICATION_LANGUAGES).default("en"),
  /**
   * Publish Medusa's products to the hub (`POST /products`) and keep every published field true
   * (docs/catalogue.md, *Publishing products*). Off: nothing but qty and `catalogueFields` is sent.
   */
  publishProducts: z.boolean({ error: "publishProducts must be true or false" }).default(false),
  /** The unit Medusa's weights are kept in; the hub takes kilograms. */
  weightUnit: z.enum(WEIGHT_UNITS, { error: `weightUnit must be one of ${WEIGHT_UNITS.join(", ")}` }).default("g"),
  /** The unit Medusa's heights, widths and lengths are kept in; the hub takes centimetres. */
  dimensionUnit: z.enum(DIMENSION_UNITS, { error: `dimensionUnit must be one of ${DIMENSION_UNITS.join(", ")}` }).default("cm"),
  /** Where a product's brand is read: its `metadata.brand`, its type's value, or its collection's title. */
  brandFrom: z.enum(BRAND_SOURCES, { error: `brandFrom must be one of ${BRAND_SOURCES.join(", ")}` }).default("metadata.brand"),
  /** Product metadata keys sent as the hub's specifications (besides material and origin country), in this order. */
  specificationKeys: z
    .array(z.string({ error: "specificationKeys must be metadata keys" }).trim().min(1, "specificationKeys must not hold an empty key"), {
      error: "specificationKeys must be a list of metadata keys",
    })
    .default([])
    .transform((keys) => [...new Set(keys)]),
  /**
   * How a product whose Medusa category is mapped to a hub category (the hub page's Mapping) names it:
   * `hub`, the hub category's id and name; `medusa`, Medusa's "Parent > Child" names as an unmapped one.
   */
  categoryNaming: z.enum(CATEGORY_NAMINGS, { error: `categoryNaming must be one of ${CATEGORY_NAMINGS.join(", ")}` }).default("hub"),
  /**
   * How a variation carries its own price: `fields` (its own `price`, `promotional_price` and measures)
   * or `specifications` (`price` and `promotional_price` as specifications, as older hubs take them).
   */
  variationFormat: z.enum(VARIATION_FORMATS, { error: `variationFormat must be one of ${VARIATION_FORMATS.join(", ")}` }).default("fields"),
  /** The longest product name the hub takes (its guidance says about 100 to 150): a longer title is a problem to fix, never cut. */
  nameMaxLength: z
    .number({ error: "nameMaxLength must be a whole number of characters" })
    .int("nameMaxLength must be a whole number of characters")
    .min(1, "nameMaxLength must be at least 1")
    .max(10_000, "nameMaxLength must be at most 10000")
    .default(DEFAULT_NAME_MAX_LENGTH),
  /**
   * Freight quotes answered by Medusa (docs/freight.md): off by default. The token in the route's URL
   * is kept in PostgreSQL (hub_freight_token) and rotated from the admin, never an option.
   */
  freight: freightRulesSchema
    .extend({
      enabled: z.boolean({ error: "freight.enabled must be true or false" }).default(false),
      /** Who may call (the allowlist, the proxies in front of the store): src/mapping/freight-access.ts. */
      ...freightAccessSchema,
      /** Business days before the parcel leaves, added to every option's transit days. */
      handlingDays: z.number({ error: "freight.handlingDays must be a whole number of days" }).int().min(0).max(60).default(1),
      /** Transit days of an option whose metadata has no hub_delivery_days. */
      defaultTransitDays: z.number().int().min(0).max(365).default(7),
      /** How long a calculated option's provider is awaited before the quote cache answers (the hub waits 800 ms). */
      budgetMs: z.number({ error: "freight.budgetMs must be a whole number of milliseconds" }).int().min(50).max(750, "freight.budgetMs must be at most 750 (the hub waits 800 ms)").default(600),
      /** How old a cached calculated price may be and still answer past the budget. */
      cacheMaxAgeMinutes: z.number().int().min(1).max(10_080).default(1440),
      /** The currency of the options' prices. */
      currencyCode: z.string().regex(/^[a-z]{3}$/, "freight.currencyCode must be a lowercase ISO code such as brl").default("brl"),
    })
    .default({ enabled: false, allowlist: [], trustedProxies: [], handlingDays: 1, defaultTransitDays: 7, budgetMs: 600, cacheMaxAgeMinutes: 1440, cacheRefreshSeconds: 60, currencyCode: "brl", markupPercent: 0, fixedAmount: 0 }),
  /** The title of the order line that carries a hub order's instalment interest (`interest`), as Medusa's order page shows it. */
  interestItemTitle: z.string().trim().min(1, "interestItemTitle must not be empty").max(200).default("Juros do parcelamento"),
})

export type HubPluginOptions = z.infer<typeof hubPluginOptionsSchema>

/** Parses the options or throws an error naming each bad option (never echoing a value). */
export function parseHubPluginOptions(options: unknown): HubPluginOptions {
  if (options !== undefined && options !== null && (typeof options !== "object" || Array.isArray(options))) {
    throw new HubPluginOptionsError("the plugin's `options` must be an object")
  }
  const parsed = hubPluginOptionsSchema.safeParse(options ?? {})
  if (!parsed.success) throw new HubPluginOptionsError(describeIssues(parsed.error.issues))
  return parsed.data
}

/** Options that cannot run the plugin; the message names each bad option, never its value. */
export class HubPluginOptionsError extends Error {
  constructor(readonly problems: string) {
    super(`medusa-plugin-hub: invalid plugin options: ${problems}. See the plugin's docs/options.md.`)
    this.name = "HubPluginOptionsError"
  }
}

/** What an options refusal says, without its boot wording (an admin's save checked the same way); null for any other error. */
export function optionsProblems(error: unknown): string | null {
  return error instanceof HubPluginOptionsError ? error.problems : null
}

/** A warehouse of the hub besides the default: its store code and the Medusa stock location whose stock it sells. */
export type HubWarehouse = z.output<typeof hubWarehousesSchema>[number]
