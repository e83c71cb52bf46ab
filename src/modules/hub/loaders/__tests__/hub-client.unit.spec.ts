import { asValue } from "@medusajs/framework/awilix"
import { createMedusaContainer } from "@medusajs/framework/utils"
import { HubClient } from "../../../../hub-client"
import { parseHubPluginOptions } from "../../options"
import hubClientLoader from "../hub-client"
import { isSchemaCommand, medusaCommand } from "../medusa-command"

const SECRET = "super-secret-key-value"
const valid = {
  baseUrl: "http://127.0.0.1:4010",
  userEmail: "merchant@store.example",
  apiKey: SECRET,
  accountManagerKey: SECRET,
}

function setup() {
  const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() }
  const container = createMedusaContainer()
  container.register({ logger: asValue(logger) })
  return { container, logger }
}

/** Runs `fn` as if this process were `medusa <command>`. */
async function asCommand<T>(command: string, fn: () => Promise<T>): Promise<T> {
  const argv = process.argv
  process.argv = [argv[0], "/store/node_modules/@medusajs/cli/cli.js", command]
  try {
    return await fn()
  } finally {
    process.argv = argv
  }
}

describe("plugin options: a bad value is named, never echoed", () => {
  it.each([
    ["", "baseUrl: must be an absolute URL"],
    ["   ", "baseUrl: must be an absolute URL"],
    ["https://", "baseUrl: must be an absolute URL"],
    ["api.hub.example/v3", "baseUrl: must be an absolute URL"],
    ["https://exa mple.com", "baseUrl: must be an absolute URL"],
    ["ftp://api.hub.example", "baseUrl: must use https"],
  ])("baseUrl %j", (baseUrl, named) => {
    expect(() => parseHubPluginOptions({ ...valid, baseUrl })).toThrow(named)
    expect(() => parseHubPluginOptions({ ...valid, baseUrl })).not.toThrow("Invalid URL")
  })

  it.each([
    [{ ...valid, apiKey: undefined }, "apiKey: is required"],
    [{ ...valid, accountManagerKey: "  " }, "accountManagerKey: is required"],
    [{ ...valid, requestTimeoutMs: "15000" }, "requestTimeoutMs"],
    [{ ...valid, jobs: "false" }, "jobs"],
    [{ ...valid, regionId: "BR" }, "regionId: must be a Medusa id starting with reg_"],
    [{ ...valid, importLookbackDays: 0 }, "importLookbackDays"],
    [{ ...valid, maxItemQuantity: 0 }, "maxItemQuantity"],
    [{ ...valid, catalogueReconcileEveryMinutes: -1 }, "catalogueReconcileEveryMinutes"],
    ["https://api.hub.example", "`options` must be an object"],
  ])("names the option (%#)", (options, named) => {
    let message = ""
    try {
      parseHubPluginOptions(options)
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain("medusa-plugin-hub: invalid plugin options: ")
    expect(message).toContain(named)
    expect(message).not.toContain(SECRET)
  })
})

describe("the hub module's loader", () => {
  it("builds the hub client from valid options", async () => {
    const { container, logger } = setup()
    await asCommand("start", () => hubClientLoader({ container, options: valid } as never))
    const client = container.resolve<HubClient>("hubClient")
    expect(client).toBeInstanceOf(HubClient)
    expect(container.resolve("hubOptions")).toMatchObject({ baseUrl: valid.baseUrl, jobs: true })
    expect(logger.info).toHaveBeenCalledWith(expect.stringContaining("hub: connected to http://127.0.0.1:4010"))
    await client.close()
  })

  it("stops the boot on two accounts selling one sales channel, naming both; a valid added account gets a client of its own, its logs naming it", async () => {
    const brandB = { id: "brand-b", userEmail: "b@store.example", apiKey: "key-b-123", accountManagerKey: "manager-b" }
    const { container } = setup()
    await expect(
      asCommand("start", () => hubClientLoader({ container, options: { ...valid, accounts: [brandB] } } as never))
    ).rejects.toThrow("accounts: default and brand-b both sell the store's default sales channel")

    const served = setup()
    await asCommand("start", () => hubClientLoader({ container: served.container, options: { ...valid, accounts: [{ ...brandB, salesChannelId: "sc_01B" }] } } as never))
    expect(served.logger.info).toHaveBeenCalledWith(expect.stringContaining("hub (account brand-b): connected to http://127.0.0.1:4010"))
    const accounts = served.container.resolve<Array<{ id: string; client: HubClient }>>("hubAccounts")
    expect(accounts.map((account) => account.id)).toEqual(["default", "brand-b"])
    expect(accounts[0].client).toBe(served.container.resolve("hubClient"))
    expect(accounts[1].client).not.toBe(accounts[0].client)
    await accounts[1].client.close()
    expect(JSON.stringify(served.logger.warn.mock.calls)).not.toContain("key-b-123")
    await served.container.resolve<HubClient>("hubClient").close()
  })

  it.each(["start", "develop", "exec", "user"])("stops `medusa %s` on a bad option, naming it", async (command) => {
    const { container } = setup()
    await expect(
      asCommand(command, () => hubClientLoader({ container, options: { ...valid, baseUrl: "" } } as never))
    ).rejects.toThrow("medusa-plugin-hub: invalid plugin options: baseUrl: must be an absolute URL")
  })

  it("stops a boot outside the medusa CLI (a test runner) on a missing option", async () => {
    const { container } = setup()
    await expect(hubClientLoader({ container, options: undefined } as never)).rejects.toThrow(
      "baseUrl: must be an absolute URL"
    )
  })

  it.each(["db:migrate", "db:migrate:scripts", "db:sync-links", "db:rollback", "db:setup"])(
    "lets `medusa %s` run without the hub's options, and the module refuses any use of them",
    async (command) => {
      const { container, logger } = setup()
      await asCommand(command, () =>
        hubClientLoader({ container, options: { apiKey: SECRET, baseUrl: "" } } as never)
      )
      expect(logger.warn).toHaveBeenCalledTimes(1)
      const warning = logger.warn.mock.calls[0][0] as string
      expect(warning).toContain("baseUrl: must be an absolute URL")
      expect(warning).toContain("userEmail")
      expect(warning).toContain(`medusa ${command}`)
      expect(warning).not.toContain(SECRET)

      const options = container.resolve<{ jobs: boolean }>("hubOptions")
      expect(() => options.jobs).toThrow("medusa-plugin-hub: invalid plugin options: baseUrl")
      const client = container.resolve<HubClient>("hubClient")
      expect(() => client.figures()).toThrow("medusa-plugin-hub: invalid plugin options: baseUrl")
      await expect(client.close()).resolves.toBeUndefined()
    }
  )
})

describe("medusaCommand", () => {
  it.each([
    [["node", "/s/node_modules/@medusajs/cli/cli.js", "db:migrate:scripts"], "db:migrate:scripts"],
    [["node", "/s/node_modules/.bin/medusa", "db:migrate"], "db:migrate"],
    [["node", "/s/node_modules/.bin/medusa", "start"], "start"],
    [["node", "/s/node_modules/.bin/jest", "db:migrate"], undefined],
    [["node", "/s/node_modules/.bin/medusa", "--help"], undefined],
    [["node"], undefined],
  ])("%j -> %s", (argv, command) => {
    expect(medusaCommand(argv)).toBe(command)
  })

  it("knows the commands that only change the schema", () => {
    expect(["db:migrate", "db:migrate:scripts", "db:generate", "plugin:db:generate"].every(isSchemaCommand)).toBe(true)
    expect(["start", "develop", "exec", "user", "build", undefined].some(isSchemaCommand)).toBe(false)
  })
})
