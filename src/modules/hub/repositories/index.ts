import { lowerCaseFirst } from "@medusajs/framework/utils"
import { HubCatalogueChangeRepository } from "./hub-catalogue-change"
import { HubDeliveryActionRepository } from "./hub-delivery-action"
import { HubFreightRepository } from "./hub-freight"
import { HubImportRunRepository } from "./hub-import-run"
import { HubListedOrderRepository } from "./hub-listed-order"
import { HubOrderRepository } from "./hub-order"
import { HubOrderMoveRepository } from "./hub-order-move"
import { HubPricePreviewRepository } from "./hub-price-preview"
import { HubProductClaimRepository } from "./hub-product-claim"
import { HubProductPublicationRepository } from "./hub-product-publication"
import { HubSkuOwnerRepository } from "./hub-sku-owner"
import { HubCatalogueReconciliationRepository } from "./hub-catalogue-reconciliation"
import { HubStatusRepository } from "./hub-status"
import { HubSyncErrorRepository } from "./hub-sync-error"
import { HubSacTicketRepository } from "./hub-sac-ticket"
import { HubSacAnswerRepository } from "./hub-sac-answer"
import { HubSacInstanceRepository } from "./hub-sac-instance"
import { HubTrafficHourRepository } from "./hub-traffic-hour"
import { HubWarehouseStockRepository } from "./hub-warehouse-stock"
import { HubFieldMappingRepository, HubPriceRuleSetRepository, HubWarehouseMappingRepository } from "./account-settings"

export {
  HubCatalogueChangeRepository,
  HubDeliveryActionRepository,
  HubFieldMappingRepository,
  HubFreightRepository,
  HubImportRunRepository,
  HubListedOrderRepository,
  HubOrderMoveRepository,
  HubOrderRepository,
  HubPricePreviewRepository,
  HubPriceRuleSetRepository,
  HubProductClaimRepository,
  HubProductPublicationRepository,
  HubSkuOwnerRepository,
  HubStatusRepository,
  HubCatalogueReconciliationRepository,
  HubSyncErrorRepository,
  HubSacTicketRepository,
  HubSacAnswerRepository,
  HubSacInstanceRepository,
  HubTrafficHourRepository,
  HubWarehouseMappingRepository,
  HubWarehouseStockRepository,
}

/**
 * The module's custom repositories, each by the name the service and the accounts' records use it
 * under: the one list. Medusa registers every repository class of this folder in the module's
 * container under its class name, first letter lower (`hubOrderRepository`); this file, an index, it
 * does not load.
 */
const HUB_REPOSITORIES = {
  orders: HubOrderRepository,
  listed: HubListedOrderRepository,
  importRuns: HubImportRunRepository,
  statuses: HubStatusRepository,
  moves: HubOrderMoveRepository,
  outbox: HubCatalogueChangeRepository,
  publications: HubProductPublicationRepository,
  hubProducts: HubProductClaimRepository,
  reconciliations: HubCatalogueReconciliationRepository,
  traffic: HubTrafficHourRepository,
  priceRuleSets: HubPriceRuleSetRepository,
  fieldMappings: HubFieldMappingRepository,
  syncErrors: HubSyncErrorRepository,
  sacTickets: HubSacTicketRepository,
  sacAnswers: HubSacAnswerRepository,
  sacInstances: HubSacInstanceRepository,
  skuOwners: HubSkuOwnerRepository,
  pricePreview: HubPricePreviewRepository,
  freight: HubFreightRepository,
  warehouseStock: HubWarehouseStockRepository,
  deliveryActions: HubDeliveryActionRepository,
  warehouseMappings: HubWarehouseMappingRepository,
}

export type HubRepositories = { readonly [name in keyof typeof HUB_REPOSITORIES]: InstanceType<(typeof HUB_REPOSITORIES)[name]> }

/** What the module's container holds under each repository's registered name (`hubOrderRepository`, ...). */
export type HubRepositoryRegistrations = { readonly [registered: `hub${string}Repository`]: unknown }

/** The module's repositories, taken from its container by their registered names. */
export function hubRepositoriesOf(container: HubRepositoryRegistrations): HubRepositories {
  return Object.fromEntries(
    Object.entries(HUB_REPOSITORIES).map(([name, repository]) => [name, container[lowerCaseFirst(repository.name) as `hub${string}Repository`]])
  ) as HubRepositories
}
