import { parseHubPluginOptions } from "../options"

const valid = {
  baseUrl: "https://api.hub.example/v3",
  userEmail: "merchant@store.example",
  apiKey: "api-key-123456",
  accountManagerKey: "account-manager-abcdef",
}

describe("plugin options", () => {
  it("accepts the required options and fills the defaults", () => {
    const options = parseHubPluginOptions({ ...valid, database: { clientUrl: "postgres://x" } })
    expect(options.sandbox).toBe(false)
    expect(options.shipmentExceptionPath).toBe("shiptment_exception")
    expect(options.rateLimitPauseMs).toBe(1000)
    expect(options).not.toHaveProperty("database")
    expect(options.maxOrderLines).toBe(100)
  })

  it.each([
    [{ ...valid, baseUrl: undefined }, "baseUrl"],
    [{ ...valid, baseUrl: "http://api.hub.example" }, "baseUrl: must use https"],
    [{ ...valid, baseUrl: "https://user:pw@api.hub.example" }, "baseUrl: must not carry credentials"],
    [{ ...valid, userEmail: "not-an-email" }, "userEmail"],
    [{ ...valid, apiKey: "" }, "apiKey"],
    [{ ...valid, accountManagerKey: undefined }, "accountManagerKey"],
    [{ ...valid, sandbox: "yes" }, "sandbox"],
    [{ ...valid, shipmentExceptionPath: "shipment-exception" }, "shipmentExceptionPath"],
    [{ ...valid, rateLimits: { "GET /orders": { limit: 0, windowMs: 1000 } } }, "rateLimits.GET /orders.limit"],
    [{ ...valid, shipmentCarrier: "  " }, "shipmentCarrier must not be empty"],
    [{ ...valid, shipmentMethod: 7 }, "shipmentMethod"],
    [{ ...valid, maxOrderLines: 0 }, "maxOrderLines"],
    [{ ...valid, maxOrderLines: 2.5 }, "maxOrderLines"],
    [{ ...valid, weightUnit: "t" }, "weightUnit must be one of g, kg, lb, oz"],
    [{ ...valid, dimensionUnit: "ft" }, "dimensionUnit must be one of cm, mm, m, in"],
    [{ ...valid, brandFrom: "metadata.maker" }, "brandFrom must be one of metadata.brand, type, collection"],
    [{ ...valid, specificationKeys: "warranty" }, "specificationKeys must be a list of metadata keys"],
    [{ ...valid, specificationKeys: ["warranty", " "] }, "specificationKeys.1: specificationKeys must not hold an empty key"],
    [{ ...valid, variationFormat: "attributes" }, "variationFormat must be one of fields, specifications"],
    [{ ...valid, nameMaxLength: 0 }, "nameMaxLength must be at least 1"],
    [{ ...valid, publishProducts: "yes" }, "publishProducts must be true or false"],
    [{ ...valid, nameMaxLength: 99.5 }, "nameMaxLength must be a whole number"],
  ])("names the bad option (%#)", (options, named) => {
    expect(() => parseHubPluginOptions(options)).toThrow(named)
  })

  it("publication's mapping defaults to grams, centimetres and the defaults of docs/catalogue.md", () => {
    const options = parseHubPluginOptions(valid)
    expect(options.weightUnit).toBe("g")
    expect(options.dimensionUnit).toBe("cm")
    expect(options.brandFrom).toBe("metadata.brand")
    expect(options.specificationKeys).toEqual([])
    expect(options.variationFormat).toBe("fields")
    expect(options.nameMaxLength).toBe(150)
    expect(options.publishProducts).toBe(false)
  })

  it("takes every publication option a store sets, each metadata key once", () => {
    const options = parseHubPluginOptions({
      ...valid,
      weightUnit: "lb",
      dimensionUnit: "in",
      brandFrom: "collection",
      specificationKeys: ["warranty", " voltage ", "warranty"],
      variationFormat: "specifications",
      nameMaxLength: 100,
    })
    expect(options).toMatchObject({
      weightUnit: "lb",
      dimensionUnit: "in",
      brandFrom: "collection",
      specificationKeys: ["warranty", "voltage"],
      variationFormat: "specifications",
      nameMaxLength: 100,
    })
  })

  it("accepts plain http only for a hub on this machine", () => {
    expect(parseHubPluginOptions({ ...valid, baseUrl: "http://127.0.0.1:4010" }).baseUrl).toBe("http://127.0.0.1:4010")
    expect(parseHubPluginOptions({ ...valid, baseUrl: "http://localhost:4010/v3" }).baseUrl).toBe("http://localhost:4010/v3")
  })

  it("never echoes a secret in its error", () => {
    const secret = "super-secret-key-value"
    let message = ""
    try {
      parseHubPluginOptions({ ...valid, apiKey: secret, accountManagerKey: secret, baseUrl: "ftp://x" })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain("baseUrl")
    expect(message).not.toContain(secret)
  })
})
