/*
 * What a store extends: the workflows with their ids and hooks, and the plugin's events
 * (README, Extending). `import { importHubOrdersWorkflow, HubEvents } from "medusa-plugin-hub/workflows"`.
 */
export { HubEvents } from "../modules/hub/events"
export {
  type HubOrderToImport,
  type ImportedHubOrder,
  importHubOrdersWorkflow,
  importHubOrdersWorkflowId,
  type ImportHubOrdersInput,
} from "./hub-orders/import-hub-orders"
export { followHubOrderWorkflow, followHubOrderWorkflowId } from "./hub-orders/follow-hub-order"
export { applyMarketplaceStatusWorkflow, applyMarketplaceStatusWorkflowId } from "./hub-orders/apply-marketplace-status"
export { moveHubOrderWorkflow, moveHubOrderWorkflowId, type MoveHubOrderInput } from "./hub-orders/move-hub-order"
export { sendFulfillmentToHubWorkflow, sendFulfillmentToHubWorkflowId } from "./hub-orders/send-fulfillment-to-hub"
export { pushHubProductsWorkflow, pushHubProductsWorkflowId } from "./catalogue/push-hub-products"
export { pushWarehouseStockWorkflow, pushWarehouseStockWorkflowId } from "./catalogue/push-warehouse-stock"
export { compareWarehouseStockPageWorkflow, compareWarehouseStockPageWorkflowId, recordWarehouseDriftWorkflow, recordWarehouseDriftWorkflowId } from "./catalogue/reconcile-warehouse-stock"
export { recordCatalogueChangesWorkflow, recordCatalogueChangesWorkflowId } from "./catalogue/record-catalogue-changes"
export { runDeliveryActionWorkflow, runDeliveryActionWorkflowId } from "./delivery/run-delivery-action"
export { saveHubFieldMappingWorkflow, saveHubFieldMappingWorkflowId } from "./catalogue/save-hub-field-mapping"
export { saveHubWarehousesWorkflow, saveHubWarehousesWorkflowId } from "./catalogue/save-hub-warehouses"
export { saveHubPriceRulesWorkflow, saveHubPriceRulesWorkflowId } from "./catalogue/save-hub-price-rules"
export { askHubProductPublicationWorkflow, askHubProductPublicationWorkflowId } from "./catalogue/ask-hub-product-publication"
export { placeHubTestOrderWorkflow, placeHubTestOrderWorkflowId } from "./hub-orders/place-hub-test-order"
export { recordMarketplaceRefusalsWorkflow, recordMarketplaceRefusalsWorkflowId, type MarketplaceRefusal } from "./marketplace-refusals/record-marketplace-refusals"
export {
  rotateFreightTokenWorkflow,
  rotateFreightTokenWorkflowId,
  setFreightDeliveryDaysWorkflow,
  setFreightDeliveryDaysWorkflowId,
  setFreightFallbackWorkflow,
  setFreightFallbackWorkflowId,
  turnOffFreightWorkflow,
  turnOffFreightWorkflowId,
} from "./freight"
export { cancelSacOrderWorkflow, cancelSacOrderWorkflowId, type SacInstanceWorkflowInput } from "./after-sale/cancel-sac-order"
export { returnSacOrderWorkflow, returnSacOrderWorkflowId } from "./after-sale/return-sac-order"
export { receiveSacReturnWorkflow, receiveSacReturnWorkflowId } from "./after-sale/receive-sac-return"
export { exchangeSacOrderWorkflow, exchangeSacOrderWorkflowId, type SacExchangeWorkflowInput } from "./after-sale/exchange-sac-order"
