import { SandboxHub, SandboxHubOptions, startSandboxHub } from "../../src/sandbox"

/**
 * Starts a sandbox hub before the Medusa test runner boots the store, and points the store's
 * plugin options (medusa-config.ts reads HUB_* variables) at it. Call at the top of a spec,
 * before `medusaIntegrationTestRunner`, so this `beforeAll` runs first.
 */
export function sandboxHubForStore(options: SandboxHubOptions = {}): { readonly hub: SandboxHub } {
  const holder = {} as { hub: SandboxHub }
  beforeAll(async () => {
    holder.hub = await startSandboxHub(options)
    process.env.HUB_BASE_URL = holder.hub.url
    process.env.HUB_USER_EMAIL = holder.hub.credentials.userEmail
    process.env.HUB_API_KEY = holder.hub.credentials.apiKey
    process.env.HUB_ACCOUNT_MANAGER_KEY = holder.hub.credentials.accountManagerKey
    process.env.HUB_SANDBOX = String(options.sandboxAccount ?? true)
    // Tests run the workflows themselves; the scheduled jobs would race them.
    process.env.HUB_JOBS = "false"
  })
  afterAll(async () => {
    await holder.hub?.stop()
  })
  return holder
}

/** The `PUT /products/{sku}` requests the sandbox hub received for one SKU, in arrival order. */
export function productUpdatesFor(hub: SandboxHub, sku: string) {
  return hub.requestLog().filter((entry) => entry.method === "PUT" && entry.path === `/products/${encodeURIComponent(sku)}`)
}
