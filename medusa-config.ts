import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

/*
 * The development and test store of this repository: a Medusa app whose own `src/` is the
 * plugin, so `medusa develop`, the demo and the integration tests run the plugin's code as it
 * is. A real store installs the published package under `plugins` instead (see README).
 */
module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
    http: {
      storeCors: process.env.STORE_CORS ?? "http://localhost:8000",
      adminCors: process.env.ADMIN_CORS ?? "http://localhost:5173,http://localhost:9000",
      authCors: process.env.AUTH_CORS ?? "http://localhost:5173,http://localhost:9000",
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  // Workers serve no admin; the production shape's processes are started without a built admin.
  // backendUrl: where the store is reached (links the plugin writes into Medusa, e.g. a marketplace label's).
  admin: { disable: process.env.DISABLE_MEDUSA_ADMIN === "true", ...(process.env.MEDUSA_BACKEND_URL ? { backendUrl: process.env.MEDUSA_BACKEND_URL } : {}) },
  modules: [
    {
      resolve: "./src/modules/hub",
      options: {
        baseUrl: process.env.HUB_BASE_URL,
        userEmail: process.env.HUB_USER_EMAIL,
        // What the admin calls the account (else its id, `default`).
        name: process.env.HUB_ACCOUNT_NAME || undefined,
        apiKey: process.env.HUB_API_KEY,
        accountManagerKey: process.env.HUB_ACCOUNT_MANAGER_KEY,
        sandbox: process.env.HUB_SANDBOX === "true",
        jobs: process.env.HUB_JOBS !== "false",
        salesChannelId: process.env.HUB_SALES_CHANNEL_ID || undefined,
        regionId: process.env.HUB_REGION_ID || undefined,
        stockLocationId: process.env.HUB_STOCK_LOCATION_ID || undefined,
        shippingOptionId: process.env.HUB_SHIPPING_OPTION_ID || undefined,
        shipmentCarrier: process.env.HUB_SHIPMENT_CARRIER || undefined,
        shipmentMethod: process.env.HUB_SHIPMENT_METHOD || undefined,
        // JSON such as {"GET /orders":{"limit":1,"windowMs":1000}}; unset keeps the published figures.
        rateLimits: process.env.HUB_RATE_LIMITS ? JSON.parse(process.env.HUB_RATE_LIMITS) : undefined,
        // Unset variables keep the options' defaults.
        catalogueCoalesceMs: numberFromEnv("HUB_CATALOGUE_COALESCE_MS"),
        catalogueMaxDelayMs: numberFromEnv("HUB_CATALOGUE_MAX_DELAY_MS"),
        catalogueMinPushIntervalMs: numberFromEnv("HUB_CATALOGUE_MIN_PUSH_INTERVAL_MS"),
        catalogueLeaseMs: numberFromEnv("HUB_CATALOGUE_LEASE_MS"),
        catalogueRetryDelayMs: numberFromEnv("HUB_CATALOGUE_RETRY_DELAY_MS"),
        catalogueReconcileEveryMinutes: numberFromEnv("HUB_CATALOGUE_RECONCILE_EVERY_MINUTES"),
        orderIntake: process.env.HUB_ORDER_INTAKE || undefined,
        queueListingEveryMinutes: numberFromEnv("HUB_QUEUE_LISTING_EVERY_MINUTES"),
        importUnfilteredEveryMinutes: numberFromEnv("HUB_IMPORT_UNFILTERED_EVERY_MINUTES"),
        maxItemQuantity: numberFromEnv("HUB_MAX_ITEM_QUANTITY"),
        importConcurrency: numberFromEnv("HUB_IMPORT_CONCURRENCY"),
        importPollSeconds: numberFromEnv("HUB_IMPORT_POLL_SECONDS"),
        rateLimitRedisUrl: process.env.HUB_RATE_LIMIT_REDIS_URL || undefined,
        // Comma-separated, e.g. price,promotional_price,status; unset keeps qty alone.
        catalogueFields: process.env.HUB_CATALOGUE_FIELDS ? process.env.HUB_CATALOGUE_FIELDS.split(",").map((field) => field.trim()).filter(Boolean) : undefined,
        stockBuffer: numberFromEnv("HUB_STOCK_BUFFER"),
        productEndpoint: process.env.HUB_PRODUCT_ENDPOINT || undefined,
        promotionalPriceClearedAs: process.env.HUB_PROMOTIONAL_PRICE_CLEARED_AS || undefined,
        publishProducts: process.env.HUB_PUBLISH_PRODUCTS === "true",
        weightUnit: process.env.HUB_WEIGHT_UNIT || undefined,
        dimensionUnit: process.env.HUB_DIMENSION_UNIT || undefined,
        brandFrom: process.env.HUB_BRAND_FROM || undefined,
        // Comma-separated product metadata keys, e.g. warranty,voltage.
        specificationKeys: process.env.HUB_SPECIFICATION_KEYS ? process.env.HUB_SPECIFICATION_KEYS.split(",").map((key) => key.trim()).filter(Boolean) : undefined,
        variationFormat: process.env.HUB_VARIATION_FORMAT || undefined,
        nameMaxLength: numberFromEnv("HUB_NAME_MAX_LENGTH"),
        categoryServiceUrl: process.env.HUB_CATEGORY_SERVICE_URL || undefined,
        // More hub accounts beside the one above: [{ "id": "brand-b", "userEmail": ..., "salesChannelId": ... }].
        warehouses: jsonFromEnv("HUB_WAREHOUSES"),
        warehouseBatchSize: numberFromEnv("HUB_WAREHOUSE_BATCH_SIZE"),
        accounts: jsonFromEnv("HUB_ACCOUNTS"),
        // Freight quotes (docs/freight.md), e.g. {"enabled":true,"handlingDays":1}.
        freight: jsonFromEnv("HUB_FREIGHT"),
      },
    },
    // The freight quotes' tests and bench: Medusa's manual provider and one with calculated prices.
    ...(process.env.HUB_FREIGHT_TEST_PROVIDER === "true" ? [freightTestFulfillment()] : []),
    // One server and N workers sharing PostgreSQL and Redis (docs/production.md; tested by
    // integration-tests/processes): Medusa's Redis event bus, workflow engine, locking and cache.
    ...(process.env.HUB_PRODUCTION_SHAPE === "true" ? redisModules(requiredEnv("REDIS_URL")) : []),
  ],
})

/** The fulfillment module with the test provider of integration-tests/helpers/freight-test-provider.ts beside the manual one. */
function freightTestFulfillment() {
  return {
    resolve: "@medusajs/medusa/fulfillment",
    options: {
      providers: [
        { resolve: "@medusajs/medusa/fulfillment-manual", id: "manual" },
        // Providers are resolved as packages are: given by absolute path.
        { resolve: `${process.cwd()}/integration-tests/helpers/freight-test-provider`, id: "freight" },
      ],
    },
  }
}

/** The modules every process of a multi-process store shares through Redis. */
function redisModules(redisUrl: string) {
  return [
    { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl } },
    // Scheduled jobs several at a time (BullMQ's worker takes one by default): the plugin's every-few-seconds
    // jobs would otherwise queue its every-minute ones (a SAC read, and so a buyer's message's notice) behind them.
    { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl, jobWorkerOptions: { concurrency: 10 } } } },
    { resolve: "@medusajs/medusa/cache-redis", options: { redisUrl } },
    {
      resolve: "@medusajs/medusa/locking",
      options: {
        providers: [{ resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true, options: { redisUrl } }],
      },
    },
  ]
}

function requiredEnv(name: string): string {
  const value = process.env[name]
  if (!value) throw new Error(`medusa-config: ${name} must be set`)
  return value
}

// A number option from the environment (the plugin's options validate it at boot).
function numberFromEnv(name: string): number | undefined {
  const value = process.env[name]
  return value === undefined || value === "" ? undefined : Number(value)
}

// A JSON option from the environment; a value that is not JSON stops the boot naming the variable, never echoing it.
function jsonFromEnv(name: string): unknown {
  const value = process.env[name]
  if (value === undefined || value === "") return undefined
  try {
    return JSON.parse(value)
  } catch {
    throw new Error(`medusa-config: ${name} must be JSON`)
  }
}
