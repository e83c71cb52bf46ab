/**
 * The shapes the admin routes under /admin/hub answer with: the one file the admin bundle takes its
 * types from, so it depends on the routes' answers and not on the module, the drivers or the
 * mappings behind them (src/__tests__/boundaries.unit.spec.ts holds it to that).
 */
import type { NoSale } from "../../../mapping/hub-no-sale"
import type { CatalogueFigures, HubDeliveryActionRecord, HubImportRunRecord, HubOrderMoveNeedingMerchant, HubOrderMoveRecord, HubOrderRecord } from "../../../modules/hub/types"
import type { OrderIntakeFigures } from "../../../modules/hub/service"
export type { HubOrderImportState, HubOrderMoveState } from "../../../mapping/hub-order-states"
export type { CatalogueFigures, HubOrderMoveNeedingMerchant, TrafficHour } from "../../../modules/hub/types"
export type { HubConnectionHealth, OrderIntakeFigures } from "../../../modules/hub/service"
import type { HubConnectionHealth } from "../../../modules/hub/service"
export type { OrderImportSummary } from "../../../sync/orders/order-listing"
import type { OrderImportSummary } from "../../../sync/orders/order-listing"
export type { StockShortage } from "../../../queries/hub-order-stock"
import type { HubStatusType } from "../../../hub-client/schemas"
import type { HubMarketplaceRefusal } from "./marketplace-refusals/fields"
import type { hubProductView } from "./products/view"
import type { HubPriceRuleView, HubPriceView } from "./products/prices"
import type { HubPriceRules, HubPriceRulesInput } from "../../../mapping/hub-price-rules"
import type { PricePreviewLine } from "../../../queries/price-preview"
import type { z } from "zod"
import type { hubFieldMappingSchema, HubFieldMapping, MappedHubCategory } from "../../../mapping/hub-field-mapping"
import type { CategoryNaming } from "../../../mapping/hub-product-publication"
import type { ImportRunState } from "../../../mapping/import-run-state"

/** `GET /admin/hub/connection`: one account's connection health, the store's accounts (`default` first) and what the admin calls each (option `name`, else its id). */
export type HubConnectionAnswer = { connection: HubConnectionHealth; accounts: string[]; names: Record<string, string> }

/** `GET`, `POST /admin/hub/warehouses`: each other warehouse the account maps (as saved, else its option `warehouses`), its location and its rows waiting and refused, and the locations one may map. */
export type { HubWarehousesView as HubWarehousesAnswer } from "../../../queries/hub-warehouses-view"
/** `POST /admin/hub/warehouses`: the account's warehouses, as the option gives them (null: the option's again). */
export type { PostHubWarehouses as HubWarehousesBody } from "./warehouses/validators"

/**
 * `GET/POST /admin/hub/mapping`: an account's mapping of hub fields (what its options say until one is
 * `saved`), how a mapped product names its category, and whether the account reads the hub's categories.
 */
export type HubFieldMappingAnswer = { account: string; mapping: HubFieldMapping; saved: boolean; category_naming: CategoryNaming; category_service: boolean }
export type HubFieldMappingBody = z.input<typeof hubFieldMappingSchema>
export type { ValueSource, MappedHubCategory, HubAttribute } from "../../../mapping/hub-field-mapping"
/** `POST /admin/hub/mapping/sample`: what a mapping not saved yet makes of one product. */
export type HubMappingSample = {
  account: string
  product: { id: string; title: string | null } | null
  /** The hub body's fields the mapping fills, as they would go. */
  fields: { brand?: string; ean?: string; nbm?: string; categories: Array<{ code: string; name: string }>; specifications: Array<{ key: string; value: string }> }
  hub_category: { id: string; name: string } | null
  /** Why the hub would refuse it under that mapping: not publishable until fixed. */
  problems: Array<{ field: string; message: string }>
}
/** `GET /admin/hub/mapping/hub-categories`: a page of the hub's categories (its category service). */
export type HubCategoriesPage = HubPage & { account: string; categories: MappedHubCategory[] }

/** `GET/POST /admin/hub/prices/rules`: an account's price rules as saved (decimals as strings), and what may be posted. */
export type HubPriceRulesAnswer = {
  account: string
  rules: HubPriceRules
  currency_code: string | null
  /** While a save is applied to the catalogue: SKUs recorded again under it, of how many; null once applied. */
  applying: { recorded: number; skus: number } | null
  /** When the last save went through the whole catalogue, which has `skus` SKUs now; null while one is applied, or none was saved. */
  applied: { at: string; skus: number } | null
  /** How "no sale" is said to this account's hub (src/mapping/hub-no-sale.ts): the way (null: the hub refused every one), and whether the option set it, the hub taught it, or it is still a guess. */
  no_sale: NoSale
}
export type HubPriceRulesBody = HubPriceRulesInput
/** `POST /admin/hub/prices/preview`: a page of SKUs under rules not saved yet, and the whole catalogue's summary. */
export type HubPricePreviewPage = HubPage & {
  account: string
  currency_code: string | null
  lines: Array<Omit<PricePreviewLine, "rule"> & { rule: HubPriceRuleView | null }>
  summary: { skus: number; changing: number; held: number }
}

/** A record as its JSON answer carries it: dates as ISO strings. */
type AsJson<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] }

/** `GET /admin/hub/orders` (its default fields): a hub order's record. */
export type HubOrderRow = Pick<
  AsJson<HubOrderRecord>,
  | "id"
  | "account"
  | "code"
  | "channel"
  | "calculation_type"
  | "shipping_method"
  | "shipping_carrier"
  | "status_code"
  | "import_state"
  | "set_aside_reason"
  | "order_id"
  | "imported_at"
  | "updated_at"
  // The marketplace's own order number (the hub's `import_info.remote_code`) and the dispatch deadline (*ship by*).
  | "remote_code"
  | "expedition_limit_date"
> & { status_type: HubStatusType }

/** `GET /admin/hub/orders/{code}/moves`: a merchant's move and how it ended. */
/** `GET /admin/hub/orders/{code}/moves`: a line of the order's delivery history (grouped, ungrouped, collection requested). */
export type HubDeliveryActionRow = Pick<AsJson<HubDeliveryActionRecord>, "id" | "action" | "plp_id" | "state" | "error" | "created_at">

export type HubOrderMoveRow = Pick<AsJson<HubOrderMoveRecord>, "id" | "kind" | "state" | "error" | "attempts" | "created_at" | "finished_at">

/** `GET /admin/hub/import-runs`: an order import run. */
export type HubImportRunRow = Pick<
  AsJson<HubImportRunRecord>,
  "id" | "started_at" | "finished_at" | "seen" | "imported" | "updated" | "set_aside" | "duration_ms" | "error"
> & {
  state: ImportRunState
  /** Back-to-back runs that found nothing, this line the newest of them: how many, from when to when. */
  quiet: { runs: number; first_started_at: string; last_finished_at: string } | null
}

/** `POST /admin/hub/import-runs`: the run's summary and, when it found nothing, the last run that found something. */
export type HubImportNowAnswer = {
  import_run: OrderImportSummary
  last_found: { finished_at: string; imported: number; updated: number; set_aside: number } | null
}

/** One product's publication (option `publishProducts`), as `GET /admin/hub/products` lists it. */
export type HubProductPublicationView = ReturnType<typeof hubProductView>
export type HubProductPublicationState = HubProductPublicationView["state"]

/** `GET /admin/hub/products`: a page of products, the counts per state and the first publication's progress. */
export type HubProductsPage = HubPage & {
  account: string
  accounts: string[]
  publish_products: boolean
  products: HubProductPublicationView[]
  counts: Record<HubProductPublicationState, number>
  progress: { total: number; done: number; due: number; seconds_left: number }
}

/**
 * `GET /admin/hub/products/{id}`: the product's publication on each hub account concerned (every
 * account of a store with one; else each whose sales channel has it, or whose hub it was sent to).
 * `product` is null until a publication looked at it.
 */
export type HubProductPublications = {
  accounts: string[]
  publications: Array<{
    account: string
    publish_products: boolean
    product: HubProductPublicationView | null
    currency_code: string | null
    prices: HubPriceView[]
    marketplace_refusals: HubMarketplaceRefusal[]
    /** Each hub SKU's variant, and the code Medusa holds for its EAN (its ean, else upc, else barcode; null: none). */
    variants: Array<{ sku: string; variant_id: string; ean: string | null }>
  }>
}

/** What every paginated list under /admin/hub answers beside its rows: how many in all, and the page asked for. */
export type HubPage = { count: number; limit: number; offset: number }

/** `GET /admin/hub/orders`: a page of hub orders. */
export type HubOrdersPage = HubPage & { hub_orders: HubOrderRow[] }

/**
 * `GET /admin/hub/orders?fields=+order.display_id`: a hub order with the number Medusa's order list
 * shows for its order (`#12`), through the read-only link (src/links/hub-order-order.ts).
 */
export type HubOrderNumberRow = HubOrderRow & { order: { display_id: number } | null }
export type HubOrderNumbersPage = HubPage & { hub_orders: HubOrderNumberRow[] }

/** `GET /admin/hub/import-runs`: a page of the import's runs, newest first, and the intake's figures. */
export type HubImportRunsPage = HubPage & { account: string; import_runs: HubImportRunRow[]; intake: OrderIntakeFigures }

/** `GET /admin/hub/catalogue/skus-in-error`: a page of the SKUs the hub refused, or whose last push failed. */
export type HubSkusInErrorPage = HubPage & { skus_in_error: CatalogueFigures["skusInError"] }

export type { HubMarketplaceRefusal }

/** `GET /admin/hub/marketplace-refusals` (and its alias `/sync-errors`): a page of an account's marketplace refusals of products or orders. */
export type HubSyncErrorsPage = HubPage & { account: string; entity: "products" | "orders"; marketplace_refusals: HubMarketplaceRefusal[] }

/** `GET /admin/hub/catalogue/price-steps`: a page of the SKUs whose price goes down in steps now. */
export type HubPriceStepsPage = HubPage & { price_steps: HubPriceView[] }

/** `GET /admin/hub/moves`: a page of the moves that need the merchant. */
export type HubMovesPage = HubPage & { moves: HubOrderMoveNeedingMerchant[] }
