import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { Client } from "pg"
import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import { updateShippingOptionsWorkflow } from "@medusajs/medusa/core-flows"
import { rotateFreightTokenWorkflow } from "../../src/workflows/freight"
import { freightTokens } from "../../src/queries/freight-kept"
import { freightSetups } from "../../src/queries/freight-setup"
import { freightRecorder } from "../../src/queries/freight-recorder"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { addSalesChannelWithLocation, hubAccountsForStore } from "../helpers/hub-accounts"
import { seedStore } from "../helpers/store"
import { seedFreightShipping } from "../helpers/freight-store"
import { freightTestProvider } from "../helpers/freight-test-provider"
import { eventually } from "../helpers/eventually"
import { adminHeaders } from "../helpers/admin"

jest.setTimeout(180_000)

/*
 * Freight quotes answered by Medusa (issue 53, docs/freight.md): the hub's two contracts over HTTP,
 * priced from the account's stock location's shipping options as Medusa keeps them, with a calculated
 * option from a test fulfillment provider whose answers the tests hold on a promise.
 */

// A cached price answers and asks the provider again behind every quote (cacheRefreshSeconds 0): the tests see each refresh.
sandboxHubForStore({}, { HUB_FREIGHT: JSON.stringify({ enabled: true, handlingDays: 1, cacheRefreshSeconds: 0 }), HUB_FREIGHT_TEST_PROVIDER: "true" })
hubAccountsForStore([{ id: "brand-b", salesChannelId: "sc_01FREIGHTB", options: { freight: { enabled: true, handlingDays: 2, markupPercent: 10, fixedAmount: 1, partnerUnits: { weight: "g", measures: "cm", money: "centavos" } } } }])

type Answer = { status: number; data: any; headers: Record<string, unknown> }
const SP = "01310100"
/** A missing route's answer names its path: compared without it. */
const withoutPath = (data: unknown) => JSON.stringify(data).replace(/\/hub\/freight\/[^<"\s]*/g, "PATH")
const item = (sku: string, quantity = 1, price = 100, weight = 1.5) => ({ sku, quantity, price, weight, height: 0.1, width: 0.2, length: 0.3 })
const product = (skuId: string, quantity = 1, cost = 100, weight = 1.5) => ({ skuId, sellerTenant: "loja", quantity, cost, weight, height: 0.1, width: 0.2, length: 0.3 })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const post = (url: string, body: unknown): Promise<Answer> => api.post(url, body).catch((error: { response: Answer }) => error.response)
    let tokens: Record<string, string>
    let ids: Record<string, string>
    const url = (account: string, contract: string) => `/hub/freight/${account}/${tokens[account]}/${contract}`

    beforeEach(async () => {
      const container = getContainer()
      // The last test's quotes recorded (they are written after the answer) and dropped: each test reads its own.
      await freightRecorder(container).flush()
      await container.resolve(ContainerRegistrationKeys.PG_CONNECTION)("hub_freight_quote").delete()
      const store = await seedStore(container, { products: [{ sku: "FR-1", stocked: 5 }, { sku: "FR-2", stocked: 5 }] })
      const profile = store.shippingOption.shipping_profile_id as string
      ids = await seedFreightShipping(container, {
        locationId: store.stockLocation.id,
        shippingProfileId: profile,
        zones: {
          "São Paulo": [{ type: "province", country_code: "br", province_code: "br-sp" }],
          Curitiba: [{ type: "zip", country_code: "br", province_code: "br-pr", city: "Curitiba", postal_expression: { value: "80000..82999" } }],
        },
        options: [
          { name: "Expressa", zone: "São Paulo", flat: 25, deliveryDays: 2 },
          { name: "Economica", zone: "São Paulo", flat: 30, freeFrom: 200, deliveryDays: 6 },
          { name: "Transportadora", zone: "São Paulo", calculated: true, deliveryDays: 4 },
          { name: "Curitiba Local", zone: "Curitiba", flat: 15, deliveryDays: 1 },
        ],
      })
      const brandLocation = await addSalesChannelWithLocation(container, { salesChannelId: "sc_01FREIGHTB", name: "Freight B" })
      Object.assign(ids, await seedFreightShipping(container, {
        locationId: brandLocation,
        shippingProfileId: profile,
        zones: { Brasil: [{ type: "country", country_code: "br" }] },
        options: [{ name: "Brand B Sedex", zone: "Brasil", flat: 20, deliveryDays: 3 }],
      }))
      tokens = {}
      for (const account of ["default", "brand-b"]) {
        const { result } = await rotateFreightTokenWorkflow(container).run({ input: { account } })
        tokens[account] = result.token
      }
      freightTestProvider().setExtra(0)
      // As a store that has been running holds them: each account's setup and token read once, so the
      // first quote of a test is not a cold process's (whose answer within the deadline depends on the load).
      // The database is this test's own, the process's memory is not: what an earlier test kept is forgotten first.
      freightSetups(container).clear()
      await Promise.all(["default", "brand-b"].flatMap((account) => [freightSetups(container).read(account), freightTokens(container).read(account)]))
    })

    it("partner: flat options with their delivery days and a calculated one priced by its provider from the request's weights, cheapest first", async () => {
      const answer = await post(url("default", "partner"), { originZipCode: "01000000", destinationZipCode: "01310-100", products: [product("FR-1")] })
      expect(answer.status).toBe(200)
      expect(answer.data).toMatchObject({ statusHttp: 200, status: "ok", content: { sellerTenant: "loja", destinationZipCode: SP, products: [{ skuId: "FR-1", sellerTenant: "loja" }] } })
      expect(answer.data.messages).toBeUndefined()
      expect(answer.data.content.deliveryOptions.map((o: any) => [o.deliveryMethodId, o.deliveryMethodName, o.finalShippingCost, o.deliveryTime, o.deliveryTimeType])).toEqual([
        [ids.Transportadora, "Transportadora", 13, 5, "bd"],
        [ids.Expressa, "Expressa", 25, 3, "bd"],
        [ids.Economica, "Economica", 30, 7, "bd"],
      ])
      expect(answer.data.content.deliveryOptions[0].deliveryEstimatedDateExactIso).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      // Written by the door itself (docs/freight.md, What a quote costs): JSON with its length, no ETag, no session cookie.
      expect(answer.headers).toMatchObject({ "content-type": "application/json; charset=utf-8", "content-length": String(Buffer.byteLength(JSON.stringify(answer.data))) })
      expect(answer.headers.etag).toBeUndefined()
      expect(answer.headers["set-cookie"]).toBeUndefined()
    })

    it("legacy: the free-shipping price rule on the items' total (Medusa's item_total) makes its option free at the threshold, not under it", async () => {
      const under = await post(url("default", "legacy"), { destinationZip: 1310100, volumes: [item("FR-1", 1, 199.99, 1)] })
      expect(under.status).toBe(200)
      const economica = (data: any) => data.shippingQuotes.find((q: any) => q.shippingMethodId === ids.Economica)
      expect(economica(under.data)).toEqual({ shippingCost: 30, deliveryTime: { total: 7, transit: 6, expedition: 1 }, shippingMethodId: ids.Economica, shippingMethodName: "economica", shippingMethodDisplayName: "Economica" })
      const at = await post(url("default", "legacy"), { destinationZip: 1310100, volumes: [item("FR-1", 2, 100, 1)] })
      expect(economica(at.data).shippingCost).toBe(0)
      expect(at.data.shippingQuotes[0].shippingMethodId).toBe(ids.Economica)
    })

    it("a zip zone serves its CEP range alone; a CEP no zone serves is a 404 in the hub's words (legacy) and NO_DELIVERY_OPTIONS (partner)", async () => {
      const curitiba = await post(url("default", "legacy"), { destinationZip: 80010000, volumes: [item("FR-1")] })
      expect(curitiba.data.shippingQuotes.map((q: any) => [q.shippingMethodId, q.shippingCost])).toEqual([[ids["Curitiba Local"], 15]])
      const legacy = await post(url("default", "legacy"), { destinationZip: 69301000, volumes: [item("FR-1")] })
      expect(legacy).toMatchObject({ status: 404, data: { message: "Região de entrega não atendida" } })
      const partner = await post(url("default", "partner"), { destinationZipCode: "85000000", products: [product("FR-1")] })
      expect(partner.status).toBe(404)
      expect(partner.data.messages).toEqual([{ type: "ERROR", key: "NO_DELIVERY_OPTIONS", text: "Nenhuma opção de frete disponível para o CEP informado", sellerTenant: "loja" }])
      expect(partner.data.content.deliveryOptions).toEqual([])
    })

    it("a wrong token, an unknown account or another account's token answers exactly as a missing route", async () => {
      const missing = await post("/hub/freight/nothing-here", { destinationZip: 1310100, volumes: [item("FR-1")] })
      expect(missing.status).toBe(404)
      const body = { destinationZip: 1310100, volumes: [item("FR-1")] }
      const wrong = [
        await post(`/hub/freight/default/${tokens.default.slice(0, -1)}x/legacy`, body),
        await post(`/hub/freight/nobody/${tokens.default}/legacy`, body),
        await post(`/hub/freight/brand-b/${tokens.default}/partner`, body),
      ]
      for (const answer of wrong) {
        expect(answer.status).toBe(404)
        expect(withoutPath(answer.data)).toEqual(withoutPath(missing.data))
      }
      // After a rotation, the old token is a missing route and the new one answers.
      const old = tokens.default
      tokens.default = (await rotateFreightTokenWorkflow(getContainer()).run({ input: { account: "default" } })).result.token
      expect((await post(`/hub/freight/default/${old}/legacy`, body)).status).toBe(404)
      expect((await post(url("default", "legacy"), body)).status).toBe(200)
    })

    it("a bad body is a 400 naming each field, never a 500; a body past the size limit is refused before it is read", async () => {
      const bad = await post(url("default", "partner"), { destinationZipCode: "1234", products: [{ skuId: "FR-1", quantity: 0, cost: 10 }] })
      expect(bad.status).toBe(400)
      expect(bad.data.message).toContain("destinationZipCode")
      expect(bad.data.message).toContain("products.0.quantity")
      const legacy = await post(url("default", "legacy"), { destinationZip: "abc", volumes: "none" })
      expect(legacy.status).toBe(400)
      expect(legacy.data.message).toContain("destinationZip")
      expect(legacy.data.message).toContain("volumes")
      const huge = await post(url("default", "legacy"), { destinationZip: 1310100, volumes: [item("FR-1")], padding: "x".repeat(100_000) })
      expect(huge.status).toBe(413)
      const notJson = await api.post(url("default", "partner"), '{"destinationZipCode": "0131', { headers: { "content-type": "application/json" } }).catch((error: { response: Answer }) => error.response)
      expect(notJson.status).toBe(400)
    })

    it("a SKU Medusa does not have is named in the partner's messages and in the log for legacy; the quote still answers", async () => {
      const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER)
      const warn = jest.spyOn(logger, "warn")
      try {
        const partner = await post(url("default", "partner"), { destinationZipCode: SP, products: [product("FR-1"), product("NOPE-9")] })
        expect(partner.status).toBe(200)
        expect(partner.data.messages).toEqual([{ type: "WARNING", key: "SKU_NOT_FOUND", text: "SKU NOPE-9 não encontrado", sellerTenant: "loja" }])
        const legacy = await post(url("default", "legacy"), { destinationZip: 1310100, volumes: [item("GONE-1")] })
        expect(legacy.status).toBe(200)
        expect(warn.mock.calls.map(([line]) => String(line)).filter((line) => line.includes("freight quote"))).toEqual([
          'hub (account default): freight quote (partner) for SKUs Medusa does not have: "NOPE-9"',
          'hub (account default): freight quote (legacy) for SKUs Medusa does not have: "GONE-1"',
        ])
      } finally {
        warn.mockRestore()
      }
      // What is kept of each quote: the CEP's first five digits, never the full CEP.
      await eventually(async () => {
        const { last } = await getContainer().resolve<HubModuleService>(HUB_MODULE).account("default").records.freight.activity(10)
        expect(last.map((quote) => [quote.contract, quote.cepRange, quote.unknownSkus])).toEqual([["legacy", "01310", 1], ["partner", "01310", 1]])
      })
    })

    it("two accounts: each quotes from its own location's options with its own rules, days and partner's units", async () => {
      const b = await post(url("brand-b", "legacy"), { destinationZip: 1310100, volumes: [item("FR-1")] })
      expect(b).toMatchObject({ status: 200 })
      expect(b.data.shippingQuotes).toEqual([{ shippingCost: 23, deliveryTime: { total: 5, transit: 3, expedition: 2 }, shippingMethodId: ids["Brand B Sedex"], shippingMethodName: "brand b sedex", shippingMethodDisplayName: "Brand B Sedex" }])
      const own = await post(url("default", "legacy"), { destinationZip: 1310100, volumes: [item("FR-1")] })
      expect(own.data.shippingQuotes.map((q: any) => q.shippingMethodId)).not.toContain(ids["Brand B Sedex"])
      expect(own.data.shippingQuotes).toHaveLength(3)
      // Brand B's partner sends grams, centimetres and centavos (its partnerUnits): the answer's cost in centavos too.
      const partner = await post(url("brand-b", "partner"), { destinationZipCode: SP, products: [{ skuId: "FR-1", quantity: 1, cost: 10000, weight: 1500, height: 10, width: 20, length: 30 }] })
      expect(partner.data.content.deliveryOptions.map((o: any) => [o.deliveryMethodId, o.finalShippingCost])).toEqual([[ids["Brand B Sedex"], 2300]])
      const fraction = await post(url("brand-b", "partner"), { destinationZipCode: SP, products: [{ skuId: "FR-1", quantity: 1, cost: 99.5 }] })
      expect(fraction.status).toBe(400)
      expect(fraction.data.message).toContain("products.0.cost")
    })

    it("a provider slower than the budget: the quote answers in time from the cache, and the provider's late answer refreshes it", async () => {
      const provider = freightTestProvider()
      const body = { destinationZipCode: SP, products: [product("FR-1")] }
      const price = (data: any) => data.content.deliveryOptions.find((o: any) => o.deliveryMethodId === ids.Transportadora)?.finalShippingCost
      expect(price((await post(url("default", "partner"), body)).data)).toBe(13)

      provider.setExtra(5)
      provider.hold()
      const callsBefore = provider.calls
      try {
        // The provider is held: this answer cannot have waited for it.
        const held = await post(url("default", "partner"), body)
        expect(held.status).toBe(200)
        expect(price(held.data)).toBe(13)
        expect(provider.calls).toBe(callsBefore + 1)
        // Another weight band the cache has never priced: the option's nearest cached band answers.
        const unknownBand = await post(url("default", "partner"), { ...body, products: [product("FR-1", 1, 100, 12)] })
        expect(price(unknownBand.data)).toBe(13)
      } finally {
        provider.release()
      }
      const hub = getContainer().resolve<HubModuleService>(HUB_MODULE)
      await eventually(async () => {
        const cached = await hub.account("default").records.freight.cached([ids.Transportadora], { cepRange: "01310", weightBand: "1.5", volumeBand: "10" }, 60_000)
        expect(cached.get(ids.Transportadora)).toMatchObject({ amount: "18", sameKey: true })
      })
      provider.hold()
      try {
        expect(price((await post(url("default", "partner"), body)).data)).toBe(18)
      } finally {
        provider.release()
      }
      await eventually(async () => {
        const { last } = await hub.account("default").records.freight.activity(10)
        expect(last.map((quote) => [quote.cacheHit, quote.source])).toEqual([[true, "cache"], [true, "zone_cache"], [true, "cache"], [false, "live"]])
      })
    })

    it("a calculated option never priced for the quote's CEP range or band, its provider late: the merchant's zone table answers, else the zone's nearest cached band; the source is recorded", async () => {
      const provider = freightTestProvider()
      const headers = await adminHeaders(getContainer())
      const hub = getContainer().resolve<HubModuleService>(HUB_MODULE)
      const transportadora = (data: any) => data.content.deliveryOptions.find((o: any) => o.deliveryMethodId === ids.Transportadora)
      const body = { destinationZipCode: SP, products: [product("FR-1")] }
      provider.hold()
      try {
        // Nothing cached and no zone table: left out rather than waited for.
        expect(transportadora((await post(url("default", "partner"), body)).data)).toBeUndefined()
        const set = await api.post("/admin/hub/freight/fallback?account=default", { shipping_option_id: ids.Transportadora, amount: "19.90", days: 8 }, headers)
        expect(set.data.shipping_options.find((o: any) => o.id === ids.Transportadora).fallback).toEqual({ amount: "19.90", days: 8 })
        // The zone table's amount and days (plus the account's handling day).
        expect(transportadora((await post(url("default", "partner"), body)).data)).toMatchObject({ finalShippingCost: 19.9, deliveryTime: 9 })
        const bad = await api.post("/admin/hub/freight/fallback?account=default", { shipping_option_id: ids.Transportadora, amount: "19,9x" }, headers).catch((error: { response: Answer }) => error.response)
        expect(bad.status).toBe(400)
        expect(bad.data.message).toContain("amount")
      } finally {
        provider.release()
      }
      // The held calls' late answers fill the cache for 01310 and 1.5 kg.
      await eventually(async () => expect((await hub.account("default").records.freight.cached([ids.Transportadora], { cepRange: "01310", weightBand: "1.5", volumeBand: "10" }, 60_000)).get(ids.Transportadora)).toMatchObject({ amount: "13", sameKey: true }))
      await api.post("/admin/hub/freight/fallback?account=default", { shipping_option_id: ids.Transportadora, amount: null }, headers)
      provider.hold()
      try {
        // Another CEP of the zone (04538) and band (2 kg), no zone table: the option's nearest cached band, from any range.
        const other = await post(url("default", "partner"), { destinationZipCode: "04538133", products: [product("FR-1", 1, 100, 1.6)] })
        expect(transportadora(other.data)).toMatchObject({ finalShippingCost: 13, deliveryTime: 5 })
      } finally {
        provider.release()
      }
      await eventually(async () => {
        const { last } = await hub.account("default").records.freight.activity(10)
        expect(last.map((quote) => [quote.source, quote.options, quote.cepRange])).toEqual([["zone_cache", 3, "04538"], ["zone_table", 3, "01310"], ["live", 2, "01310"]])
      })
    })

    it("a slow database: a quote answers from what the process holds (the setup, the token, the cache) without a query; a CEP the store may serve with nothing known is a 503 for the hub's contingency table, never the no-options 404; misses recorded", async () => {
      const provider = freightTestProvider()
      const body = { destinationZipCode: SP, products: [product("FR-1")] }
      const legacyBody = { destinationZip: 1310100, volumes: [item("FR-1")] }
      // The setup, the token, the SKU and the calculated price are held once a quote has answered.
      expect((await post(url("default", "partner"), body)).status).toBe(200)
      const { databaseUrl } = getContainer().resolve(ContainerRegistrationKeys.CONFIG_MODULE).projectConfig
      const locker = new Client({ connectionString: databaseUrl })
      await locker.connect()
      // Bounded by the client, so a quote that waits for the database fails the test instead of hanging it.
      const timed = (path: string, payload: unknown) => api.post(path, payload, { timeout: 5_000 }).catch((error: { response?: Answer }) => error.response ?? Promise.reject(error))
      provider.hold()
      try {
        await locker.query("begin; lock table shipping_option, price, price_rule, product_variant, hub_freight_cache, hub_freight_token, stock_location, service_zone, geo_zone in access exclusive mode")
        const held = await timed(url("default", "partner"), body)
        expect(held.status).toBe(200)
        expect(held.data.content.deliveryOptions.map((o: any) => [o.deliveryMethodId, o.finalShippingCost])).toEqual([[ids.Transportadora, 13], [ids.Expressa, 25], [ids.Economica, 30]])
        // A CEP no zone serves is known not served: the contract's 404 (a quote that waited on the locks
        // would answer at the deadline with the 503 below, never this). Background refreshes may wait.
        expect((await timed(url("default", "legacy"), { destinationZip: 69301000, volumes: [item("FR-1")] })).status).toBe(404)
        // A process that holds nothing yet (just started), the database still locked: nothing known by the deadline.
        freightSetups(getContainer()).clear()
        const [partner, legacy] = await Promise.all([timed(url("default", "partner"), body), timed(url("default", "legacy"), legacyBody)])
        expect(partner.status).toBe(503)
        expect(partner.data).toMatchObject({ statusHttp: 503, status: "error", content: { deliveryOptions: [] } })
        expect(partner.data.messages.map((m: any) => m.key)).toEqual(["QUOTE_UNAVAILABLE"])
        expect(legacy).toMatchObject({ status: 503, data: { message: "Cotação de frete indisponível no momento" } })
      } finally {
        await locker.query("rollback").catch(() => undefined)
        await locker.end()
        provider.release()
      }
      const hub = getContainer().resolve<HubModuleService>(HUB_MODULE)
      await eventually(async () => {
        const { last, day } = await hub.account("default").records.freight.activity(10)
        expect(last.map((quote) => [quote.timedOut, quote.options]).sort()).toEqual([[false, 0], [false, 3], [false, 3], [true, 0], [true, 0]])
        expect(day).toMatchObject({ timedOut: 2, misses: 3 })
      })
    })

    it("a change to an option's price in Medusa is quoted without a restart (Medusa's events)", async () => {
      const expressa = async () => (await post(url("default", "partner"), { destinationZipCode: SP, products: [product("FR-1")] })).data.content.deliveryOptions.find((o: any) => o.deliveryMethodId === ids.Expressa)?.finalShippingCost
      expect(await expressa()).toBe(25)
      await updateShippingOptionsWorkflow(getContainer()).run({ input: [{ id: ids.Expressa, prices: [{ currency_code: "brl", amount: 27.5 }] }] })
      await eventually(async () => expect(await expressa()).toBe(27.5))
    })

    it("the admin: the URLs with the token, its rotation, an option's delivery days, Try a quote as the buyer sees it with both contracts' answers, the last quotes with the tries", async () => {
      const headers = await adminHeaders(getContainer())
      const settings = (await api.get("/admin/hub/freight?account=default", headers)).data
      expect(settings).toMatchObject({ account: "default", enabled: true, token: tokens.default, handling_days: 1, budget_ms: 600 })
      expect(settings.urls.partner).toMatch(new RegExp(`/hub/freight/default/${tokens.default}/partner$`))
      expect(settings.shipping_options.map((o: any) => [o.name, o.delivery_days])).toEqual(expect.arrayContaining([["Expressa", 2], ["Transportadora", 4]]))

      const days = await api.post("/admin/hub/freight/delivery-days?account=default", { shipping_option_id: ids.Expressa, days: 9 }, headers)
      expect(days.data.shipping_options.find((o: any) => o.id === ids.Expressa).delivery_days).toBe(9)
      const legacy = await post(url("default", "legacy"), { destinationZip: 1310100, volumes: [item("FR-1")] })
      expect(legacy.data.shippingQuotes.find((q: any) => q.shippingMethodId === ids.Expressa).deliveryTime).toEqual({ total: 10, transit: 9, expedition: 1 })
      // Cleared: the account's default transit days (7) again.
      const cleared = await api.post("/admin/hub/freight/delivery-days?account=default", { shipping_option_id: ids.Expressa, days: null }, headers)
      expect(cleared.data.shipping_options.find((o: any) => o.id === ids.Expressa).delivery_days).toBeNull()
      const byDefault = await post(url("default", "legacy"), { destinationZip: 1310100, volumes: [item("FR-1")] })
      expect(byDefault.data.shippingQuotes.find((q: any) => q.shippingMethodId === ids.Expressa).deliveryTime).toEqual({ total: 8, transit: 7, expedition: 1 })
      const badDays = await api.post("/admin/hub/freight/delivery-days?account=default", { shipping_option_id: ids.Expressa, days: -1 }, headers).catch((error: { response: Answer }) => error.response)
      expect(badDays.status).toBe(400)
      expect(badDays.data.message).toContain("days")

      const { data: [variant] } = await getContainer().resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "product_variant", fields: ["id"], filters: { sku: "FR-1" } })
      // Try a quote: the options as the marketplace shows them to a buyer (cheapest first, the price exact with
      // its currency, the business days and the date), the two contracts' raw answers beside them.
      const tried = (await api.post("/admin/hub/freight/try?account=default", { cep: "01310-100", items: [{ variant_id: variant.id, quantity: 1 }] }, headers)).data
      expect(tried.none).toBeNull()
      expect(tried.options.map((o: any) => o.shipping_option_id)).toEqual([ids.Transportadora, ids.Expressa, ids.Economica])
      expect(tried.options[1]).toEqual({ shipping_option_id: ids.Expressa, name: "Expressa", amount: "25.00", currency_code: "brl", business_days: 8, delivery_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) })
      const partnerOptions = tried.technical.partner.body.content.deliveryOptions
      expect(tried.options.map((o: any) => [o.name, Number(o.amount), o.business_days, o.delivery_date])).toEqual(
        partnerOptions.map((o: any) => [o.deliveryMethodName, o.finalShippingCost, o.deliveryTime, o.deliveryEstimatedDateExactIso])
      )
      expect(tried.technical.legacy.status).toBe(200)
      expect(tried.technical.partner.status).toBe(200)
      // A CEP no zone serves: no option, and why.
      const unserved = (await api.post("/admin/hub/freight/try?account=default", { cep: "69301-000", items: [{ variant_id: variant.id, quantity: 1 }] }, headers)).data
      expect(unserved).toMatchObject({ options: [], none: "unserved", technical: { legacy: { status: 404 }, partner: { status: 404 } } })

      const rotated = (await api.post("/admin/hub/freight/token?account=default", {}, headers)).data
      expect(rotated.token).not.toBe(tokens.default)
      expect((await post(url("default", "legacy"), { destinationZip: 1310100, volumes: [item("FR-1")] })).status).toBe(404)
      tokens.default = rotated.token
      expect((await post(url("default", "legacy"), { destinationZip: 1310100, volumes: [item("FR-1")] })).status).toBe(200)
      // The admin's off switch: the token removed, the URL a missing route.
      const off = (await api.delete("/admin/hub/freight/token?account=default", headers)).data
      expect(off).toMatchObject({ enabled: false, option_enabled: true, token: null, urls: null })
      expect((await post(url("default", "legacy"), { destinationZip: 1310100, volumes: [item("FR-1")] })).status).toBe(404)
      // The tries are in the last quotes, marked as tries; the day's figures are the marketplace's quotes alone.
      await eventually(async () => {
        const activity = (await api.get("/admin/hub/freight?account=default", headers)).data.activity
        expect(activity.day).toMatchObject({ quotes: 3, misses: 0 })
        expect(activity.last.map((q: any) => [q.contract, q.cepRange])).toEqual([
          ["legacy", "01310"],
          ["try", "69301"],
          ["try", "01310"],
          ["legacy", "01310"],
          ["legacy", "01310"],
        ])
        // The unserved try is kept with no option, and is no miss of the day's (misses: 0 above).
        expect(activity.last[1].options).toBe(0)
        expect(JSON.stringify(activity)).not.toContain("01310100")
      })
    })

    it("answered quotes are kept 7 days: older ones are dropped once the process has recorded new ones", async () => {
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await pg.raw(`insert into hub_freight_quote (id, account, contract, cep_range, options, ms, created_at) values ('hubfrq_OLD', 'default', 'legacy', '01310', 1, 10, now() - interval '8 days')`)
      expect((await post(url("default", "legacy"), { destinationZip: 80010000, volumes: [item("FR-1")] })).status).toBe(200)
      await eventually(async () => {
        const { rows } = await pg.raw(`select count(*) filter (where id = 'hubfrq_OLD') as old, count(*) as all from hub_freight_quote where account = 'default'`)
        expect(rows[0]).toEqual({ old: "0", all: "1" })
      })
    })
  },
})
