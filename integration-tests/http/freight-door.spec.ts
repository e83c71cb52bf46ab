import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { Client } from "pg"
import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { rotateFreightTokenWorkflow } from "../../src/workflows/freight"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { addSalesChannelWithLocation, hubAccountsForStore } from "../helpers/hub-accounts"
import { seedStore } from "../helpers/store"
import { seedFreightShipping } from "../helpers/freight-store"
import { freightTestProvider } from "../helpers/freight-test-provider"
import { eventually } from "../helpers/eventually"

jest.setTimeout(180_000)

/*
 * The public freight routes' door (issue 59, docs/freight.md, *Who may call*): the caller's address as
 * the socket gives it, the token kept out of Medusa's logs, read from a header where the hub sends one,
 * a wrong one decided without the database, a large body refused before its items are read, the log's
 * SKUs and provider errors made safe, and the quote cache bounded.
 *
 * Medusa writes its request log (morgan, at its `http` level, the default LOG_LEVEL) unless NODE_ENV
 * is test: this file's store boots as `medusa develop` does, so the request log is really written.
 */
process.env.NODE_ENV = "development"

sandboxHubForStore({}, { HUB_FREIGHT: JSON.stringify({ enabled: true, handlingDays: 1 }), HUB_FREIGHT_TEST_PROVIDER: "true" })
const WALL = ["200.10.0.0/16"]
hubAccountsForStore([
  { id: "walled", salesChannelId: "sc_01WALLED", options: { freight: { enabled: true, allowlist: WALL } } },
  { id: "proxied", salesChannelId: "sc_01PROXIED", options: { freight: { enabled: true, allowlist: WALL, trustedProxies: ["127.0.0.1/32", "::1"] } } },
  { id: "hops", salesChannelId: "sc_01HOPS", options: { freight: { enabled: true, allowlist: WALL, proxyHops: 1 } } },
])

type Answer = { status: number; data: any; headers?: Record<string, string> }
const SP = "01310100"
const product = (skuId: string, weight = 1.5, measures = { height: 0.1, width: 0.2, length: 0.3 }) => ({ skuId, sellerTenant: "loja", quantity: 1, cost: 100, weight, ...measures })
/** A quote answered by the route (whatever its status) carries the partner's `statusHttp`; a missing route does not. */
const answered = (answer: Answer) => answer.data && typeof answer.data === "object" && "statusHttp" in answer.data

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const post = (url: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> =>
      api.post(url, body, { headers }).catch((error: { response: Answer }) => error.response)
    let tokens: Record<string, string>
    let ids: Record<string, string>
    const url = (account: string, contract = "partner") => `/hub/freight/${account}/${tokens[account]}/${contract}`
    const body = { destinationZipCode: SP, products: [product("FD-1")] }

    beforeEach(async () => {
      const container = getContainer()
      const store = await seedStore(container, { products: [{ sku: "FD-1", stocked: 5 }] })
      const profile = store.shippingOption.shipping_profile_id as string
      ids = await seedFreightShipping(container, {
        locationId: store.stockLocation.id,
        shippingProfileId: profile,
        zones: { "São Paulo": [{ type: "province", country_code: "br", province_code: "br-sp" }] },
        options: [
          { name: "Expressa", zone: "São Paulo", flat: 25, deliveryDays: 2 },
          { name: "Transportadora", zone: "São Paulo", calculated: true, deliveryDays: 4 },
        ],
      })
      for (const [account, channel] of [["walled", "sc_01WALLED"], ["proxied", "sc_01PROXIED"], ["hops", "sc_01HOPS"]]) {
        const location = await addSalesChannelWithLocation(container, { salesChannelId: channel, name: account })
        await seedFreightShipping(container, { locationId: location, shippingProfileId: profile, zones: { [`Brasil ${account}`]: [{ type: "country", country_code: "br" }] }, options: [{ name: `${account} Sedex`, zone: `Brasil ${account}`, flat: 20 }] })
      }
      tokens = {}
      for (const account of ["default", "walled", "proxied", "hops"]) tokens[account] = (await rotateFreightTokenWorkflow(container).run({ input: { account } })).result.token
      freightTestProvider().setExtra(0)
      freightTestProvider().fail(null)
    })

    it("the allowlist reads the socket's address: a spoofed X-Forwarded-For does not pass; trusted proxies or a hop count read the header", async () => {
      // The test's requests come from 127.0.0.1, outside the wall.
      expect(answered(await post(url("walled"), body))).toBe(false)
      expect(answered(await post(url("walled"), body, { "x-forwarded-for": "200.10.3.4" }))).toBe(false)
      // Behind trusted proxies (the socket is one): the nearest address not a trusted proxy is the caller.
      expect(answered(await post(url("proxied"), body, { "x-forwarded-for": "200.10.3.4" }))).toBe(true)
      expect(answered(await post(url("proxied"), body, { "x-forwarded-for": "200.10.3.4, 9.9.9.9" }))).toBe(false)
      expect(answered(await post(url("proxied"), body))).toBe(false)
      // One hop: the address the one proxy saw, the header's last; what the caller wrote before it is not read.
      expect(answered(await post(url("hops"), body, { "x-forwarded-for": "9.9.9.9, 200.10.3.4" }))).toBe(true)
      expect(answered(await post(url("hops"), body, { "x-forwarded-for": "200.10.3.4, 9.9.9.9" }))).toBe(false)
    })

    it("the token never reaches Medusa's request log (at its default level, http) nor the error handler's line on a bad body", async () => {
      const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER)
      // Not debug: there Medusa's body parser names every request's path (docs/freight.md says so).
      const spies = (["http", "info", "warn", "error"] as const).map((level) => jest.spyOn(logger, level))
      const lines = () => spies.flatMap((spy) => spy.mock.calls.map((call) => call.map((part: unknown) => (part instanceof Error ? `${part.message} ${part.stack}` : String(part))).join(" ")))
      // Medusa's default level (the test runs set warn).
      const level = logger as unknown as { setLogLevel(level: string): void; unsetLogLevel(): void }
      level.setLogLevel("http")
      try {
        expect((await post(url("default"), body)).status).toBe(200)
        const notJson = await api.post(url("default"), '{"destinationZipCode": "0131', { headers: { "content-type": "application/json" } }).catch((error: { response: Answer }) => error.response)
        expect(notJson.status).toBe(400)
        expect((await post(url("default"), { destinationZipCode: "1", products: [] })).status).toBe(400)
        expect((await post(url("default"), { ...body, padding: "x".repeat(100_000) })).status).toBe(413)
        expect((await post(`/hub/freight/default/${tokens.default}/nothing`, body)).status).toBe(404)
        // The request log names each of these requests, by a path without the token.
        await eventually(() => expect(lines().filter((line) => line.includes("/hub/freight/default/")).length).toBeGreaterThanOrEqual(5))
        expect(lines().filter((line) => line.includes(tokens.default))).toEqual([])
      } finally {
        level.unsetLogLevel()
        spies.forEach((spy) => spy.mockRestore())
      }
    })

    it("the token may come in a header, on a URL without it (x-hub-freight-token or Authorization: Bearer)", async () => {
      const headerUrl = "/hub/freight/default/partner"
      const viaHeader = await post(headerUrl, body, { "x-hub-freight-token": tokens.default })
      expect(viaHeader.status).toBe(200)
      expect(viaHeader.data.content.deliveryOptions.map((o: any) => o.deliveryMethodId)).toContain(ids.Expressa)
      expect((await post("/hub/freight/default/legacy", { destinationZip: 1310100, volumes: [{ sku: "FD-1", quantity: 1, price: 100, weight: 1 }] }, { authorization: `Bearer ${tokens.default}` })).status).toBe(200)
      for (const headers of [{}, { "x-hub-freight-token": `${tokens.default}x` }, { authorization: `Bearer ${tokens.walled}` }] as Array<Record<string, string>>) {
        expect(answered(await post(headerUrl, body, headers))).toBe(false)
      }
    })

    it("a 64 KB body of empty products is refused at once, naming the limit, while a timer keeps firing", async () => {
      const products = Array.from({ length: 21_000 }, () => ({}))
      let last = Date.now()
      let longestGap = 0
      const timer = setInterval(() => {
        longestGap = Math.max(longestGap, Date.now() - last)
        last = Date.now()
      }, 5)
      try {
        const answer = await post(url("default"), { destinationZipCode: SP, products })
        expect(answer.status).toBe(400)
        expect(answer.data.message).toContain("products must hold at most 100 items")
        expect(answer.data.message.length).toBeLessThan(500)
      } finally {
        clearInterval(timer)
      }
      // Reading and refusing it took the event loop for far less than the 0.4-0.7 s zod took to check every item.
      expect(longestGap).toBeLessThan(200)
    })

    it("a wrong token is decided in memory: with the token table locked, it is a missing route and no query waits; the right one still quotes", async () => {
      expect((await post(url("default"), body)).status).toBe(200)
      const { databaseUrl } = getContainer().resolve(ContainerRegistrationKeys.CONFIG_MODULE).projectConfig
      const locker = new Client({ connectionString: databaseUrl })
      await locker.connect()
      const waiting = async () => Number((await locker.query(`select count(*) as n from pg_locks l join pg_class c on c.oid = l.relation where c.relname = 'hub_freight_token' and not l.granted`)).rows[0].n)
      try {
        await locker.query("begin; lock table hub_freight_token in access exclusive mode")
        const wrong = await post(`/hub/freight/default/${tokens.default.slice(0, -2)}xy/partner`, body)
        expect(answered(wrong)).toBe(false)
        const unknown = await post(`/hub/freight/nobody/${tokens.default}/partner`, body)
        expect(answered(unknown)).toBe(false)
        expect(await waiting()).toBe(0)
        expect((await post(url("default"), body)).status).toBe(200)
        expect(await waiting()).toBe(0)
      } finally {
        await locker.query("rollback").catch(() => undefined)
        await locker.end()
      }
    })

    it("a SKU in the log is escaped and the list capped; a provider's error is logged masked", async () => {
      const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER)
      const warn = jest.spyOn(logger, "warn")
      try {
        const forged = "NOPE\nhub (account default): all is well"
        const many = Array.from({ length: 30 }, (_, i) => product(`MISSING-${i}`))
        expect((await post(url("default"), { destinationZipCode: SP, products: [product(forged), ...many] })).status).toBe(200)
        await eventually(() => expect(warn.mock.calls.some(([line]) => String(line).includes("SKUs Medusa does not have"))).toBe(true))
        const line = String(warn.mock.calls.find(([text]) => String(text).includes("SKUs Medusa does not have"))![0])
        expect(line).not.toContain("\n")
        expect(line).toContain(JSON.stringify(forged))
        expect(line).toContain("and 21 more")
        expect(line.length).toBeLessThan(1_000)

        warn.mockClear()
        freightTestProvider().fail(`carrier refused CEP ${SP} for a buyer`)
        expect((await post(url("default"), body)).status).toBe(200)
        await eventually(() => expect(warn.mock.calls.some(([text]) => String(text).includes(ids.Transportadora))).toBe(true))
        const failed = warn.mock.calls.map(([text]) => String(text)).filter((text) => text.includes(ids.Transportadora))
        expect(failed.join("\n")).not.toContain(SP)
        expect(failed.join("\n")).not.toContain("01310")
      } finally {
        freightTestProvider().fail(null)
        warn.mockRestore()
      }
    })

    it("the quote cache is bounded: rows past cacheMaxAgeMinutes are pruned, a weight past the bands is not cached, and the key carries the parcel's volume", async () => {
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await pg.raw(`insert into hub_freight_cache (id, account, shipping_option_id, cep_range, weight_band, amount, updated_at) values ('hubfrc_OLD', 'default', ?, '01310', '1.5', '99', now() - interval '2 days')`, [ids.Transportadora])
      // A parcel of ten tonnes is no band of the cache (it would make one per request a caller chooses).
      expect((await post(url("default"), { destinationZipCode: SP, products: [product("FD-1", 10_000_000)] })).status).toBe(200)
      // Same weight, two volumes: two keys.
      expect((await post(url("default"), body)).status).toBe(200)
      expect((await post(url("default"), { destinationZipCode: SP, products: [product("FD-1", 1.5, { height: 1, width: 1, length: 1 })] })).status).toBe(200)
      await eventually(async () => {
        const { rows } = await pg.raw(`select id, weight_band, volume_band from hub_freight_cache where account = 'default' order by volume_band`)
        expect(rows.map((row: any) => row.id)).not.toContain("hubfrc_OLD")
        expect(rows.map((row: any) => row.weight_band)).toEqual(["1.5", "1.5"])
        expect(new Set(rows.map((row: any) => row.volume_band)).size).toBe(2)
      })
    })
  },
})
