/**
 * The hub module's words for the code outside it: what its service and an account's records take and
 * answer, and the closed lists a route validates against. Its models and repositories stay its own
 * (src/__tests__/import-layers.unit.spec.ts holds it: nothing outside the module imports them, issue 60).
 */
import type { InferTypeOf } from "@medusajs/framework/types"
import type { HubImportRun } from "./models"

/** A document an account's delivery operations answer (a label, a PLP), streamed: the client's wire stays the module's. */
export type { HubDocument } from "../../hub-client"

export type { CarriedOutcome, CatalogueFigures, CataloguePushOutcome, ClaimedCatalogueChange, WantedSkuFields } from "./models/hub-catalogue-change"
export { HUB_DELIVERY_ACTIONS, type HubDeliveryActionKind } from "./models/hub-delivery-action"
export { PUBLICATION_STATES, type ClaimedPublication, type PublicationState } from "./models/hub-product-publication"
export { HUB_SYNC_ERROR_ENTITIES } from "./models/hub-sync-error"
export { FREIGHT_QUOTES_KEPT_DAYS, FREIGHT_SOURCES, FREIGHT_TRY, type CachedFreight, type FreightCacheKey, type FreightFigures, type FreightQuoteRecord, type FreightQuoteToRecord, type FreightSource } from "./repositories/hub-freight"
export type { ImportRunCounts, SharedListedOrder, TakenListedOrder } from "./repositories/hub-listed-order"
export { HUB_ORDER_SORTS, type HubOrderClaimToken, type HubOrderRecord, type HubOrderSort } from "./repositories/hub-order"
export { TAKEN_OVER_WHILE_SENDING, type HubOrderMoveNeedingMerchant, type HubOrderMoveRecord } from "./repositories/hub-order-move"
export type { PricePreviewSourceRow } from "./repositories/hub-price-preview"
export type { ClaimedHubProducts } from "./repositories/hub-product-claim"
export type { ClaimedHubProductsReading, HubProductsPushSummary, ProductRefusal, SkuRefusal, WarehouseStockPushSummary, WarehouseStockReading } from "./catalogue-push/hub-products-push"
export type { ClaimedWarehouseStock, WarehouseStockSummary } from "./repositories/hub-warehouse-stock"
export type { PublicationOutcome } from "./repositories/hub-product-publication"
export type { SacAnswerRow } from "./repositories/hub-sac-answer"
export type { SacInstanceChange, SacInstanceRow } from "./repositories/hub-sac-instance"
export type { KnownSacTicket, RecordedSacTicket, SacTicketRecord, SacTicketRow } from "./repositories/hub-sac-ticket"
export type { ListedSyncError, MarketplaceRefusalRow } from "./repositories/hub-sync-error"
export { MAX_HOURS as TRAFFIC_HOURS_KEPT, type TrafficHour } from "./repositories/hub-traffic-hour"

export type { HubDeliveryActionRecord } from "./repositories/hub-delivery-action"

/** A row of the module's tables as its service answers it. */
export type HubImportRunRecord = InferTypeOf<typeof HubImportRun>
