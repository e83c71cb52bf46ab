export { HubOrderRepository } from "./hub-order"
export { HubOrderMoveRepository } from "./hub-order-move"
export { HubStockChangeRepository } from "./hub-stock-change"
export { HubStockReconciliationRepository } from "./hub-stock-reconciliation"
