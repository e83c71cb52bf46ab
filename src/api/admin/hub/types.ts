/**
 * The shapes the admin routes under /admin/hub answer with: the one file the admin bundle takes its
 * types from, so it depends on the routes' answers and not on the module, the drivers or the
 * mappings behind them (src/__tests__/boundaries.unit.spec.ts holds it to that).
 */
export type { HubOrderImportState, HubOrderMoveState } from "../../../mapping/hub-order-states"
export type { StockSyncFigures } from "../../../modules/hub/models/hub-stock-change"
export type { TrafficHour } from "../../../modules/hub/repositories/hub-traffic-hour"
export type { HubOrderMoveNeedingMerchant } from "../../../modules/hub/repositories/hub-order-move"
export type { HubConnectionHealth, OrderIntakeFigures } from "../../../modules/hub/service"
export type { OrderImportSummary } from "../../../sync/order-import"
import type { hubProductView } from "./products/view"

/** One product's publication (option `publishProducts`), as `GET /admin/hub/products` lists it. */
export type HubProductPublicationView = ReturnType<typeof hubProductView>
export type HubProductPublicationState = HubProductPublicationView["state"]

/** `GET /admin/hub/products`: a page of products, the counts per state and the first publication's progress. */
export type HubProductsPage = {
  publish_products: boolean
  products: HubProductPublicationView[]
  count: number
  limit: number
  offset: number
  counts: Record<HubProductPublicationState, number>
  progress: { total: number; done: number; due: number; seconds_left: number }
}
