import { defineMiddlewares, validateAndTransformQuery } from "@medusajs/framework/http"
import { GetHubOrdersSchema, hubOrderQueryConfig } from "./admin/hub/orders/validators"
import { PostHubTestOrderSchema } from "./admin/hub/test-orders/validators"
import { merchantOrderMoveSchema, nfeUploadSchema } from "../hub-client"
import { PostCatalogueReconcileQuerySchema, PostCatalogueReconcileSchema } from "./admin/hub/catalogue/reconcile/validators"
import { GetHubCatalogueSchema } from "./admin/hub/catalogue/validators"
import { GetHubTrafficSchema } from "./admin/hub/traffic/validators"
import { GetHubConnectionSchema } from "./admin/hub/connection/validators"
import { GetHubMovesSchema } from "./admin/hub/moves/validators"
import { GetHubImportRunsSchema } from "./admin/hub/import-runs/validators"
import { GetHubSkusInErrorSchema } from "./admin/hub/catalogue/skus-in-error/validators"
import { GetHubSyncErrorsSchema } from "./admin/hub/marketplace-refusals/validators"
import { GetHubSacTicketsSchema, PostHubSacAnswerSchema, PostHubSacInstanceSchema } from "./admin/hub/after-sale/validators"
import { GetHubProductsSchema, PostHubProductExclusionSchema, PostHubProductPublishSchema } from "./admin/hub/products/validators"
import { HubAccountQuerySchema } from "./admin/hub/account-query"
import { GetCollectablesSchema, GetDeliveryDocumentSchema, GetDeliveryPageSchema, PostDeliveryOrdersSchema } from "./admin/hub/delivery/validators"
import { validateBody } from "./validate-body"
import { refuseHubMetadata } from "./refuse-hub-metadata"
import { ordersByMarketplaceNumber } from "./orders-by-marketplace-number"
import { cappedJsonBody } from "./capped-json-body"
import { freightDoor } from "./hub/freight/door"
import { invoiceXmlBodyCap } from "./admin/hub/orders/[code]/invoice-xml/body-cap"
import { sacInstanceBodyCap } from "./admin/hub/after-sale/tickets/[code]/instances/body-cap"
import { hubPriceRulesSchema } from "../mapping/hub-price-rules"
import { PostPricePreviewQuerySchema } from "./admin/hub/prices/preview/validators"
import { GetHubCategoriesSchema, PostMappingSampleQuerySchema } from "./admin/hub/mapping/validators"
import { hubFieldMappingSchema } from "../mapping/hub-field-mapping"
import { PostHubWarehousesSchema } from "./admin/hub/warehouses/validators"

/** Every admin request body is validated here, at the edge, before a route sees it. */
export default defineMiddlewares({
  routes: [
    {
      // A customer's cart metadata becomes its order's: hub_* keys are the plugin's (refuse-hub-metadata.ts).
      matcher: "/store/carts*",
      method: ["POST"],
      middlewares: [refuseHubMetadata],
    },
    {
      // The hub's freight quotes (docs/freight.md), answered here before Medusa's route layers (src/api/hub/freight/door.ts):
      // the token out of Medusa's request log whatever the method, the body read by the door's own reader.
      matcher: "/hub/freight/*",
      bodyParser: false,
      middlewares: [freightDoor],
    },
    {
      // Medusa's own order list finds a marketplace order by the marketplace's number too (after Medusa's validation).
      matcher: "/admin/orders",
      method: ["GET"],
      middlewares: [ordersByMarketplaceNumber],
    },
    {
      matcher: "/admin/hub/orders",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(GetHubOrdersSchema, hubOrderQueryConfig)],
    },
    {
      matcher: "/admin/hub/orders/:code/moves",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {})],
    },
    {
      matcher: "/admin/hub/orders/:code/moves",
      method: ["POST"],
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {}), ...validateBody(merchantOrderMoveSchema)],
    },
    {
      // The NF-e XML comes as JSON text, read after the admin's authentication (Medusa's parser runs before it),
      // capped by the account's invoiceXmlMaxBytes as JSON escapes it: an unauthenticated upload is never buffered.
      matcher: "/admin/hub/orders/:code/invoice-xml",
      method: ["POST"],
      bodyParser: false,
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {}), cappedJsonBody(invoiceXmlBodyCap), ...validateBody(nfeUploadSchema)],
    },
    {
      matcher: "/admin/hub/orders/:code/label",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(GetDeliveryDocumentSchema, {})],
    },
    {
      matcher: "/admin/hub/delivery/to-group",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(GetDeliveryPageSchema, {})],
    },
    {
      matcher: "/admin/hub/delivery/collectables",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(GetCollectablesSchema, {})],
    },
    {
      matcher: "/admin/hub/delivery/plps",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {})],
    },
    {
      matcher: "/admin/hub/delivery/plps",
      method: ["POST"],
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {}), ...validateBody(PostDeliveryOrdersSchema)],
    },
    {
      matcher: "/admin/hub/delivery/plps/:id",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(GetDeliveryDocumentSchema, {})],
    },
    {
      matcher: "/admin/hub/delivery/plps/:id",
      method: ["DELETE"],
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {})],
    },
    {
      matcher: "/admin/hub/delivery/collections",
      method: ["POST"],
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {}), ...validateBody(PostDeliveryOrdersSchema)],
    },
    {
      matcher: "/admin/hub/mapping",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {})],
    },
    {
      matcher: "/admin/hub/mapping",
      method: ["POST"],
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {}), ...validateBody(hubFieldMappingSchema)],
    },
    {
      matcher: "/admin/hub/mapping/sample",
      method: ["POST"],
      middlewares: [validateAndTransformQuery(PostMappingSampleQuerySchema, {}), ...validateBody(hubFieldMappingSchema)],
    },
    {
      matcher: "/admin/hub/mapping/hub-categories",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(GetHubCategoriesSchema, {})],
    },
    {
      matcher: "/admin/hub/prices/rules",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {})],
    },
    {
      matcher: "/admin/hub/prices/rules",
      method: ["POST"],
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {}), ...validateBody(hubPriceRulesSchema)],
    },
    {
      matcher: "/admin/hub/prices/preview",
      method: ["POST"],
      middlewares: [validateAndTransformQuery(PostPricePreviewQuerySchema, {}), ...validateBody(hubPriceRulesSchema)],
    },
    {
      matcher: "/admin/hub/import-runs",
      method: ["POST"],
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {})],
    },
    {
      matcher: "/admin/hub/statuses",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {})],
    },
    {
      matcher: "/admin/hub/warehouses",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {})],
    },
    {
      matcher: "/admin/hub/warehouses",
      method: ["POST"],
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {}), ...validateBody(PostHubWarehousesSchema)],
    },
    {
      matcher: "/admin/hub/stock/leaks",
      method: ["GET", "POST"],
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {})],
    },
    {
      matcher: "/admin/hub/test-orders",
      method: ["POST"],
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {}), ...validateBody(PostHubTestOrderSchema)],
    },
    {
      matcher: "/admin/hub/connection",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(GetHubConnectionSchema, {})],
    },
    {
      matcher: "/admin/hub/traffic",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(GetHubTrafficSchema, {})],
    },
    {
      matcher: "/admin/hub/import-runs",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(GetHubImportRunsSchema, {})],
    },
    // The marketplace's customer service (docs/after-sale.md): its tickets, and *Read now*.
    { matcher: "/admin/hub/after-sale/tickets", method: ["GET"], middlewares: [validateAndTransformQuery(GetHubSacTicketsSchema, {})] },
    { matcher: "/admin/hub/after-sale/read", method: ["POST"], middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {})] },
    {
      matcher: "/admin/hub/after-sale/tickets/:code/chats/:parts/answers",
      method: ["POST"],
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {}), ...validateBody(PostHubSacAnswerSchema)],
    },
    {
      // A return NF-e's XML may come in the body: read after the admin's authentication, capped as the invoice XML's.
      matcher: "/admin/hub/after-sale/tickets/:code/instances",
      method: ["POST"],
      bodyParser: false,
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {}), cappedJsonBody(sacInstanceBodyCap), ...validateBody(PostHubSacInstanceSchema)],
    },
    { matcher: "/admin/hub/after-sale/tickets/:code/return/receive", method: ["POST"], middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {})] },
    { matcher: "/admin/hub/after-sale/orders/:code/tickets", method: ["GET"], middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {})] },
    // What the marketplaces refused, under its one name; /sync-errors (before 0.4) answers the same until the next minor version.
    ...["/admin/hub/marketplace-refusals", "/admin/hub/sync-errors"].flatMap((base) => [
      { matcher: base, method: ["GET" as const], middlewares: [validateAndTransformQuery(GetHubSyncErrorsSchema, {})] },
      { matcher: `${base}/read`, method: ["POST" as const], middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {})] },
    ]),
    // The catalogue's figures, pages and reconciliation, under its one name; /stock (before 0.4) answers the same until the next minor version.
    ...["/admin/hub/catalogue", "/admin/hub/stock"].flatMap((base) => [
      { matcher: base, method: ["GET" as const], middlewares: [validateAndTransformQuery(GetHubCatalogueSchema, {})] },
      { matcher: `${base}/price-steps`, method: ["GET" as const], middlewares: [validateAndTransformQuery(GetHubSkusInErrorSchema, {})] },
      { matcher: `${base}/skus-in-error`, method: ["GET" as const], middlewares: [validateAndTransformQuery(GetHubSkusInErrorSchema, {})] },
      {
        matcher: `${base}/reconcile`,
        method: ["POST" as const],
        middlewares: [validateAndTransformQuery(PostCatalogueReconcileQuerySchema, {}), ...validateBody(PostCatalogueReconcileSchema)],
      },
    ]),
    {
      matcher: "/admin/hub/moves",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(GetHubMovesSchema, {})],
    },
    {
      matcher: "/admin/hub/products",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(GetHubProductsSchema, {})],
    },
    {
      matcher: "/admin/hub/products/:id/publish",
      method: ["POST"],
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {}), ...validateBody(PostHubProductPublishSchema)],
    },
    {
      matcher: "/admin/hub/products/:id/exclusion",
      method: ["POST"],
      middlewares: [validateAndTransformQuery(HubAccountQuerySchema, {}), ...validateBody(PostHubProductExclusionSchema)],
    },
  ],
})
