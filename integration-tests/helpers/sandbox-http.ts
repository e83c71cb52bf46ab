import { uniformRateLimits } from "../../src/hub-client/endpoints"
import type { TestOrderInput } from "../../src/hub-client/schemas"
import { sampleTestOrder, startSandboxHub, type SandboxHub, type SandboxHubOptions } from "../../src/sandbox"

/*
 * The sandbox hub over real loopback HTTP (fetch, no mocks) for its own specs
 * (integration-tests/hub/sandbox*.spec.ts): one hub per file, reset before each test.
 */

/** Every bucket far above what a test sends, so only the rate-limit tests meet a 429. */
export const GENEROUS = uniformRateLimits(100_000)

export const testOrder = (overrides: Partial<TestOrderInput> = {}) => sampleTestOrder({ status: "book_product", ...overrides })

export type Reply = { status: number; body: any; headers: Headers }

export type CallOptions = {
  body?: unknown
  /** Sent as is (for malformed JSON). */
  rawBody?: string
  contentType?: string | null
  /** Replaces the credential headers; `{}` sends none. */
  auth?: Record<string, string>
}

export const orderPath = (code: string, action?: string) => `/orders/${encodeURIComponent(code)}${action ? `/${action}` : ""}`

export function credentialHeaders(target: SandboxHub): Record<string, string> {
  return {
    "X-User-Email": target.credentials.userEmail,
    "X-Api-Key": target.credentials.apiKey,
    "X-Accountmanager-Key": target.credentials.accountManagerKey,
  }
}

/**
 * Registers the file's hub (started before all, reset before each test with two products, stopped
 * after all, with any other hub a test started) and returns how to reach it.
 */
export function sandboxOverHttp() {
  let hub: SandboxHub
  const extraHubs: SandboxHub[] = []

  beforeAll(async () => {
    hub = await startSandboxHub({ rateLimits: GENEROUS })
  })

  beforeEach(() => {
    hub.reset()
    hub.setRateLimits(GENEROUS)
    hub.setFaults({})
    hub.upsertProducts([
      { sku: "SKU-1", qty: 10, name: "Camiseta", price: 50, status: "enabled" },
      { sku: "SKU-2", qty: 4, name: "Boné", price: 30, status: "enabled" },
    ])
  })

  afterAll(async () => {
    await Promise.all([hub, ...extraHubs].map((target) => target.stop()))
  })

  /** Another hub with these options, stopped with the file's. */
  async function anotherHub(options: SandboxHubOptions): Promise<SandboxHub> {
    const other = await startSandboxHub({ rateLimits: GENEROUS, ...options })
    extraHubs.push(other)
    return other
  }

  async function call(method: string, path: string, options: CallOptions = {}, target: SandboxHub = hub): Promise<Reply> {
    const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
    const contentType = options.contentType === undefined ? "application/json" : options.contentType
    const response = await fetch(`${target.url}${path}`, {
      method,
      headers: {
        Accept: "application/json",
        ...(options.auth ?? credentialHeaders(target)),
        ...(payload !== undefined && contentType !== null ? { "Content-Type": contentType } : {}),
      },
      body: payload,
    })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers }
  }

  /** Creates a test order over HTTP and returns its code. */
  async function placeOrder(overrides: Partial<TestOrderInput> = {}): Promise<string> {
    const reply = await call("POST", "/orders", { body: { order: testOrder(overrides) } })
    expect(reply.status).toBe(201)
    return reply.body.code
  }

  return { hub: () => hub, anotherHub, call, placeOrder }
}
