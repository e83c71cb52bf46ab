import { SandboxHub, SandboxHubOptions, startSandboxHub } from "../../src/sandbox"

/**
 * Starts a sandbox hub before the Medusa test runner boots the store, and points the store's
 * plugin options (medusa-config.ts reads HUB_* variables) at it. Call at the top of a spec,
 * before `medusaIntegrationTestRunner`, so this `beforeAll` runs first.
 */
export function sandboxHubForStore(options: SandboxHubOptions = {}, storeEnv: Record<string, string> = {}): { readonly hub: SandboxHub } {
  const holder = {} as { hub: SandboxHub }
  beforeAll(async () => {
    // Options of this spec's store only (HUB_CATALOGUE_FIELDS, ...): the next spec file boots without them.
    Object.assign(process.env, storeEnv)
    holder.hub = await startSandboxHub(options)
    process.env.HUB_BASE_URL = holder.hub.url
    process.env.HUB_CATEGORY_SERVICE_URL = `${holder.hub.url}/category-service`
    process.env.HUB_USER_EMAIL = holder.hub.credentials.userEmail
    process.env.HUB_API_KEY = holder.hub.credentials.apiKey
    process.env.HUB_ACCOUNT_MANAGER_KEY = holder.hub.credentials.accountManagerKey
    process.env.HUB_SANDBOX = String(options.sandboxAccount ?? true)
    // Tests run the workflows themselves; the scheduled jobs would race them.
    process.env.HUB_JOBS = "false"
  })
  afterAll(async () => {
    for (const name of Object.keys(storeEnv)) delete process.env[name]
    await holder.hub?.stop()
  })
  return holder
}

/** The `PUT /products/{sku}` (or `/variations/{sku}`) requests the sandbox hub received for one SKU, in arrival order. */
export function productUpdatesFor(hub: SandboxHub, sku: string, resource: "products" | "variations" = "products") {
  return hub.requestLog().filter((entry) => entry.method === "PUT" && entry.path === `/${resource}/${encodeURIComponent(sku)}`)
}
