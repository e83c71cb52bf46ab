import { sampleTestOrder, startSandboxAccounts, type SandboxAccount, type SandboxAccounts } from "../../src/sandbox"
import { parseSandboxArgs } from "../../src/sandbox/cli"
import { credentialHeaders } from "../helpers/sandbox-http"

/*
 * `hub-sandbox --accounts 2 --port 0` over real loopback HTTP (fetch, no mocks): the CLI's own
 * parsing and start, two hubs that share nothing: orders, credentials, rate-limit counting.
 */

jest.setTimeout(20_000)

type Reply = { status: number; body: any }

/** A hub request to `target`, with `as`'s credentials (its own unless told). */
async function call(target: SandboxAccount, method: string, path: string, as: SandboxAccount | null = target): Promise<Reply> {
  const response = await fetch(`${target.hub.url}${path}`, { method, headers: { Accept: "application/json", ...(as ? credentialHeaders(as.hub) : {}) } })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : undefined }
}

/** A control endpoint of `target` (no credentials). */
async function control(target: SandboxAccount, method: string, path: string, body?: unknown): Promise<Reply> {
  const response = await fetch(`${target.hub.url}/_sandbox${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : undefined }
}

describe("hub-sandbox --accounts 2 over HTTP", () => {
  let running: SandboxAccounts
  let first: SandboxAccount
  let second: SandboxAccount

  beforeAll(async () => {
    // Every flag applies to each account: SKU-1 on both; one GET /orders an hour each, so a second one answers 429.
    const parsed = parseSandboxArgs(["--accounts", "2", "--port", "0", "--skus", "SKU-1:10", "--rate-limit", "GET /orders=1/3600000"])
    if (parsed === "help") throw new Error("unexpected help")
    const { accounts, ...options } = parsed
    expect(accounts).toBe(2)
    running = await startSandboxAccounts(options, accounts!)
    ;[first, second] = running.accounts
  })

  afterAll(() => running.stop())

  it("serves two accounts on two ports, named default and account-2, with different credentials", () => {
    expect(running.accounts.map(({ id }) => id)).toEqual(["default", "account-2"])
    expect(first.hub.url).not.toBe(second.hub.url)
    for (const key of ["userEmail", "apiKey", "accountManagerKey"] as const) {
      expect(first.hub.credentials[key]).not.toBe(second.hub.credentials[key])
    }
  })

  it("keeps an order placed on one account off the other, and each refuses the other's credentials", async () => {
    const placed = await control(first, "POST", "/orders", sampleTestOrder({ status: "book_product" }))
    expect(placed.status).toBe(201)
    const code: string = placed.body.code
    const approved = await control(first, "POST", `/orders/${encodeURIComponent(code)}/approve`)
    expect(approved.status).toBe(200)

    // Each account lists its own orders (its first GET /orders of the hour).
    const listedByFirst = await call(first, "GET", "/orders")
    expect(listedByFirst.status).toBe(200)
    expect(listedByFirst.body.orders.map((order: { code: string }) => order.code)).toEqual([code])
    const listedBySecond = await call(second, "GET", "/orders")
    expect(listedBySecond.status).toBe(200)
    expect(listedBySecond.body.orders).toEqual([])
    expect((await control(second, "GET", `/orders/${encodeURIComponent(code)}`)).status).toBe(404)
    expect((await control(second, "POST", `/orders/${encodeURIComponent(code)}/approve`)).status).toBe(404)
    expect((await control(first, "GET", `/orders/${encodeURIComponent(code)}`)).body.status.type).toBe("APPROVED")

    // Rate limits counted per account: a second GET /orders on either is refused.
    expect((await call(first, "GET", "/orders")).status).toBe(429)
    expect((await call(second, "GET", "/orders")).status).toBe(429)

    // Credentials: each hub takes only its own (403 to the other's, 401 to none).
    expect((await call(first, "GET", "/statuses", second)).status).toBe(403)
    expect((await call(second, "GET", "/statuses", first)).status).toBe(403)
    expect((await call(second, "GET", "/statuses", null)).status).toBe(401)
    expect((await call(second, "GET", "/statuses")).status).toBe(200)

    expect(first.hub.requestLog().map(({ status }) => status)).toEqual([200, 429, 403])
    expect(second.hub.requestLog().map(({ status }) => status)).toEqual([200, 429, 403, 401, 200])
  })

  it("resets one account through its control endpoint and leaves the other as it was", async () => {
    expect((await control(second, "POST", "/products", [{ sku: "ONLY-ON-2", qty: 4 }])).status).toBe(200)
    expect((await control(first, "POST", "/reset")).status).toBe(204)
    expect(first.hub.orderCodes()).toEqual([])
    expect((await control(second, "GET", "/products/ONLY-ON-2")).body).toMatchObject({ sku: "ONLY-ON-2", qty: 4 })
    expect((await control(first, "GET", "/products/ONLY-ON-2")).status).toBe(404)
  })

  it("stops both hubs at once", async () => {
    const accounts = await startSandboxAccounts({ port: 0 }, 2)
    await accounts.stop()
    for (const { hub } of accounts.accounts) {
      await expect(fetch(`${hub.url}/_sandbox/requests`)).rejects.toThrow()
    }
  })
})
