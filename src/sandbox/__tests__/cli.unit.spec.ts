import { CliUsageError, DEFAULT_CLI_PORT, parseSandboxArgs } from "../cli"

describe("hub-sandbox command line", () => {
  it("reads every option, in both --flag value and --flag=value forms", () => {
    expect(
      parseSandboxArgs([
        "--port=0",
        "--products",
        "500",
        "--orders",
        "20",
        "--days=7",
        "--production",
        "--retry-after",
        "--rate-limit",
        "GET /orders=5/1000",
        "--rate-limit=default=100/2000",
      ])
    ).toEqual({
      port: 0,
      seed: { products: 500, orders: 20, days: 7 },
      sandboxAccount: false,
      retryAfterHeader: true,
      rateLimits: { "GET /orders": { limit: 5, windowMs: 1000 }, default: { limit: 100, windowMs: 2000 } },
    })
  })

  it("answers as real hubs do unless --tidy-answers", () => {
    expect(parseSandboxArgs([])).not.toHaveProperty("answers")
    expect(parseSandboxArgs(["--tidy-answers"])).toEqual({ port: DEFAULT_CLI_PORT, answers: "tidy" })
    expect(() => parseSandboxArgs(["--tidy-answers=no"])).toThrow("takes no value")
  })

  it("defaults to a fixed port so a .env keeps working", () => {
    expect(parseSandboxArgs([])).toEqual({ port: DEFAULT_CLI_PORT })
    expect(parseSandboxArgs(["--help"])).toBe("help")
  })

  it.each([
    [["--bogus"], 'Unknown argument "--bogus"'],
    [["--port", "abc"], "--port expects a whole number"],
    [["--port", "70000"], "at most 65535"],
    [["--products"], "--products needs a value"],
    [["--orders", "5"], "--orders needs --products"],
    [["--production=yes"], "takes no value"],
    [["--rate-limit", "GET /orders=5"], "--rate-limit expects"],
    [["--rate-limit", "orders=5/1000"], "--rate-limit expects"],
    [["--days", "0"], "--days must be at least 1"],
  ])("refuses %j", (argv, message) => {
    expect(() => parseSandboxArgs(argv)).toThrow(CliUsageError)
    expect(() => parseSandboxArgs(argv)).toThrow(message)
  })
})

describe("--call-freight", () => {
  it("reads the freight call's flags, each checked as the control endpoint checks it", () => {
    expect(parseSandboxArgs(["--call-freight", "http://localhost:9000/hub/freight/default/t/legacy", "--freight-contract", "legacy", "--freight-cep", "80010-000", "--freight-skus", "A,B", "--freight-times", "3"])).toMatchObject({
      freightCall: { url: "http://localhost:9000/hub/freight/default/t/legacy", contract: "legacy", cep: "80010-000", items: [{ sku: "A", quantity: 1 }, { sku: "B", quantity: 1 }], times: 3 },
    })
    expect(() => parseSandboxArgs(["--call-freight", "nowhere"])).toThrow("url must be the store's quote URL")
    expect(() => parseSandboxArgs(["--call-freight", "http://x/", "--freight-contract", "v3"])).toThrow("contract must be legacy or partner")
  })
})
