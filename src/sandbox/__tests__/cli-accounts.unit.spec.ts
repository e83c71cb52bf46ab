import { parse as parseDotenv } from "dotenv"
import { parseHubAccounts } from "../../modules/hub/accounts"
import {
  describeSandboxAccounts,
  hubAccountsEntries,
  sandboxAccountCredentials,
  sandboxAccountId,
  startSandboxAccounts,
  type SandboxAccounts,
} from "../accounts"
import { CliUsageError, parseSandboxArgs, runCli, SANDBOX_CLI_USAGE } from "../cli"
import { DEFAULT_SANDBOX_CREDENTIALS } from "../hub"

/*
 * hub-sandbox --accounts N: the flag, the accounts' names and credentials, and what the CLI prints
 * (stdout a .env whose HUB_ACCOUNTS the plugin's option `accounts` takes).
 */

describe("hub-sandbox --accounts: the flag", () => {
  it("reads a count of 1 to 10 beside the other flags, which apply to every account", () => {
    expect(parseSandboxArgs(["--accounts", "3"])).toEqual({ port: 4010, accounts: 3 })
    expect(parseSandboxArgs(["--accounts=10", "--port=0", "--products", "2", "--production"])).toEqual({
      port: 0,
      accounts: 10,
      seed: { products: 2 },
      sandboxAccount: false,
    })
    expect(parseSandboxArgs(["--accounts", "1", "--port", "65535"])).toEqual({ port: 65535, accounts: 1 })
    // Without the flag, one account, as before.
    expect(parseSandboxArgs([])).toEqual({ port: 4010 })
  })

  it.each([
    [["--accounts", "0"], "--accounts must be 1 to 10, got 0"],
    [["--accounts", "11"], "--accounts must be 1 to 10, got 11"],
    [["--accounts", "x"], '--accounts expects a whole number, got "x"'],
    [["--accounts=-1"], '--accounts expects a whole number, got "-1"'],
    [["--accounts", "2.5"], '--accounts expects a whole number, got "2.5"'],
    [["--accounts"], "--accounts needs a value"],
    [["--accounts", "3", "--port", "65534"], "needs ports up to 65536"],
  ])("refuses %j", (argv, message) => {
    expect(() => parseSandboxArgs(argv)).toThrow(CliUsageError)
    expect(() => parseSandboxArgs(argv)).toThrow(message)
  })

  it.each([["0"], ["x"], ["11"]])("the CLI answers --accounts %s with the usage text and status 2, starting nothing", async (value) => {
    const errors: string[] = []
    const spy = jest.spyOn(console, "error").mockImplementation((line: string) => void errors.push(line))
    const before = process.exitCode
    try {
      await runCli(["--accounts", value, "--port", "0"])
      expect(process.exitCode).toBe(2)
    } finally {
      process.exitCode = before
      spy.mockRestore()
    }
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/^hub-sandbox: --accounts /)
    expect(errors[0]).toContain(SANDBOX_CLI_USAGE)
  })
})

describe("hub-sandbox --accounts: names and credentials", () => {
  it("names the accounts default, account-2, account-3, ...: ids the plugin's option accounts takes", () => {
    expect([0, 1, 2, 9].map(sandboxAccountId)).toEqual(["default", "account-2", "account-3", "account-10"])
  })

  it("keeps the fixed credentials for default and gives every other account its own, the same on every start", () => {
    expect(sandboxAccountCredentials("default")).toEqual(DEFAULT_SANDBOX_CREDENTIALS)
    const all = Array.from({ length: 10 }, (_, index) => sandboxAccountCredentials(sandboxAccountId(index)))
    for (const key of ["userEmail", "apiKey", "accountManagerKey"] as const) {
      expect(new Set(all.map((credentials) => credentials[key])).size).toBe(10)
    }
    expect(sandboxAccountCredentials("account-2")).toEqual(sandboxAccountCredentials("account-2"))
  })
})

describe("hub-sandbox --accounts: what it prints", () => {
  let running: SandboxAccounts | undefined
  afterEach(async () => {
    await running?.stop()
    running = undefined
  })

  it("prints one account exactly as before: a comment, then the five HUB_ lines", async () => {
    running = await startSandboxAccounts({ port: 0 }, 1)
    const [{ hub }] = running.accounts
    const { stdout, stderr } = describeSandboxAccounts(running.accounts, { port: 0 })
    expect(stdout.split("\n")).toEqual([
      "# Sandbox hub (sandbox account), 0 products, 0 orders. Ctrl+C stops it.",
      `HUB_BASE_URL=${hub.url}`,
      `HUB_USER_EMAIL=${DEFAULT_SANDBOX_CREDENTIALS.userEmail}`,
      `HUB_API_KEY=${DEFAULT_SANDBOX_CREDENTIALS.apiKey}`,
      `HUB_ACCOUNT_MANAGER_KEY=${DEFAULT_SANDBOX_CREDENTIALS.accountManagerKey}`,
      "HUB_SANDBOX=true",
    ])
    expect(stderr).toBe(`hub-sandbox: listening on ${hub.url}; control endpoints under ${hub.url}/_sandbox/ (hub-sandbox --help lists them)`)
  })

  it("prints each account's lines under its id; stdout stays a .env whose HUB_ACCOUNTS the plugin takes once each has a sales channel", async () => {
    const options = { port: 0, seed: { products: 2, orders: 1 } }
    running = await startSandboxAccounts(options, 3)
    const [first, second, third] = running.accounts
    const { stdout, stderr } = describeSandboxAccounts(running.accounts, options)
    const lines = stdout.split("\n")

    expect(lines).toContain("# Sandbox hub default (sandbox account), 2 products, 1 orders: the plugin's own options.")
    expect(lines).toContain("# Sandbox hub account-2 (sandbox account), 2 products, 1 orders: an entry of HUB_ACCOUNTS below.")
    expect(lines).toContain(`# HUB_BASE_URL=${second.hub.url}`)
    expect(lines).toContain(`# HUB_API_KEY=${third.hub.credentials.apiKey}`)
    for (const { id, hub } of running.accounts) {
      expect(stderr).toContain(`hub-sandbox: ${id} listening on ${hub.url};`)
      expect(stderr).toContain(`${hub.url}/_sandbox/orders/${encodeURIComponent(hub.orderCodes()[0])}/approve`)
    }

    // As a .env: the default account's HUB_* lines (the others are comments), and HUB_ACCOUNTS.
    const env = parseDotenv(stdout)
    expect(env).toEqual({
      HUB_BASE_URL: first.hub.url,
      HUB_USER_EMAIL: DEFAULT_SANDBOX_CREDENTIALS.userEmail,
      HUB_API_KEY: DEFAULT_SANDBOX_CREDENTIALS.apiKey,
      HUB_ACCOUNT_MANAGER_KEY: DEFAULT_SANDBOX_CREDENTIALS.accountManagerKey,
      HUB_SANDBOX: "true",
      HUB_ACCOUNTS: expect.any(String),
    })
    const entries = JSON.parse(env.HUB_ACCOUNTS)
    expect(entries).toEqual(hubAccountsEntries(running.accounts))
    expect(entries).toEqual([
      { id: "account-2", baseUrl: second.hub.url, ...second.hub.credentials },
      { id: "account-3", baseUrl: third.hub.url, ...third.hub.credentials },
    ])

    // The development medusa-config.ts's reading of these variables, through the plugin's own check.
    const pluginOptions = (accounts: unknown) => ({
      baseUrl: env.HUB_BASE_URL,
      userEmail: env.HUB_USER_EMAIL,
      apiKey: env.HUB_API_KEY,
      accountManagerKey: env.HUB_ACCOUNT_MANAGER_KEY,
      sandbox: env.HUB_SANDBOX === "true",
      accounts,
    })
    expect(() => parseHubAccounts(pluginOptions(entries))).toThrow("salesChannelId")
    const withChannels = entries.map((entry: object, index: number) => ({ ...entry, salesChannelId: `sc_${index}` }))
    const accounts = parseHubAccounts(pluginOptions(withChannels))
    expect(accounts.map((account) => [account.id, account.baseUrl, account.apiKey, account.sandbox])).toEqual(
      running.accounts.map(({ id, hub }) => [id, hub.url, hub.credentials.apiKey, true])
    )
  })
})
