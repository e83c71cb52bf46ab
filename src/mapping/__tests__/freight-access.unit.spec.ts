import { allowed, blockListOf, callerAddress, freightCallOf, loggablePath, providerErrorText, sameToken, skusForLog, tokenOf } from "../freight-access"
import { parseHubAccounts } from "../../modules/hub/accounts"

describe("who may ask for a freight quote", () => {
  it("the token matches only exactly, whatever the lengths", () => {
    expect(sameToken("abc", "abc")).toBe(true)
    expect(sameToken("abd", "abc")).toBe(false)
    expect(sameToken("ab", "abc")).toBe(false)
    expect(sameToken("", "abc")).toBe(false)
  })

  it("the allowlist takes addresses and CIDR ranges, IPv4-mapped IPv6 and IPv6 included; empty allows any; no address is refused", () => {
    const list = blockListOf(["200.10.0.0/16", "191.1.2.3", "2001:db8::/32"])
    expect(allowed(list, "200.10.99.1")).toBe(true)
    expect(allowed(list, callerAddress("::ffff:200.10.0.7", undefined, {}))).toBe(true)
    expect(allowed(list, "191.1.2.3")).toBe(true)
    expect(allowed(list, "2001:db8::5")).toBe(true)
    expect(allowed(list, "191.1.2.4")).toBe(false)
    expect(allowed(list, "200.11.0.1")).toBe(false)
    expect(allowed(list, "::1")).toBe(false)
    expect(allowed(list, "not an address")).toBe(false)
    expect(allowed(list, null)).toBe(false)
    expect(allowed(null, "8.8.8.8")).toBe(true)
  })

  it("the caller is the socket's address unless the account names its proxies: X-Forwarded-For is read only behind them", () => {
    expect(callerAddress("127.0.0.1", "200.10.3.4", {})).toBe("127.0.0.1")
    const trusted = blockListOf(["10.0.0.0/8", "127.0.0.1"])
    expect(callerAddress("127.0.0.1", "200.10.3.4", { trusted })).toBe("200.10.3.4")
    // The nearest untrusted entry: what the caller wrote before it is never reached.
    expect(callerAddress("127.0.0.1", "200.10.3.4, 9.9.9.9", { trusted })).toBe("9.9.9.9")
    expect(callerAddress("127.0.0.1", ["200.10.3.4", "10.1.1.1"], { trusted })).toBe("200.10.3.4")
    // A socket that is no trusted proxy: the header is not read.
    expect(callerAddress("8.8.8.8", "200.10.3.4", { trusted })).toBe("8.8.8.8")
    expect(callerAddress("127.0.0.1", "9.9.9.9, 200.10.3.4", { proxyHops: 1 })).toBe("200.10.3.4")
    expect(callerAddress("127.0.0.1", "9.9.9.9, 200.10.3.4", { proxyHops: 2 })).toBe("9.9.9.9")
    expect(callerAddress("127.0.0.1", undefined, { proxyHops: 1 })).toBe("127.0.0.1")
    expect(callerAddress(undefined, "1.2.3.4", {})).toBeNull()
  })

  it("a bad allowlist or proxy entry stops the boot, naming its place", () => {
    const boot = (freight: Record<string, unknown>) => () => parseHubAccounts({ baseUrl: "https://api.hub.example/v3", userEmail: "merchant@store.example", apiKey: "api-key-123456", accountManagerKey: "account-manager-abcdef", freight: { enabled: true, ...freight } })
    expect(boot({ allowlist: ["200.10.0.0/16", "2001:db8::/32"], trustedProxies: ["10.0.0.0/8"], proxyHops: 1 })).not.toThrow()
    expect(boot({ allowlist: ["200.10.0.0/16", "01.2.3.4"] })).toThrow(/freight\.allowlist\.1/)
    expect(boot({ allowlist: ["10.0.0.0/33"] })).toThrow(/freight\.allowlist\.0/)
    expect(boot({ allowlist: ["300.1.1.1"] })).toThrow(/freight\.allowlist\.0/)
    expect(boot({ trustedProxies: ["10.0.0.0/8/1"] })).toThrow(/freight\.trustedProxies\.0/)
    expect(boot({ proxyHops: 0 })).toThrow(/freight\.proxyHops/)
  })

  it("the token comes from the path, else the x-hub-freight-token header, else Authorization: Bearer", () => {
    expect(tokenOf("p", { "x-hub-freight-token": "h" })).toBe("p")
    expect(tokenOf(undefined, { "x-hub-freight-token": "h", authorization: "Bearer b" })).toBe("h")
    expect(tokenOf(undefined, { authorization: "Bearer b" })).toBe("b")
    expect(tokenOf(undefined, { authorization: "Basic b" })).toBe("")
    expect(tokenOf(undefined, {})).toBe("")
  })

  it("a freight route's path is logged without its token or query", () => {
    expect(loggablePath("/hub/freight/default/s3cr3t/partner?x=1")).toBe("/hub/freight/default/[token]/partner")
    expect(loggablePath("/hub/freight/default/s3cr3t")).toBe("/hub/freight/default/[token]")
    expect(loggablePath("/hub/freight/default/partner")).toBe("/hub/freight/default/partner")
    expect(loggablePath("/hub/freight/default/s3cr3t/partner/more")).toBe("/hub/freight/default/[token]/partner/more")
  })

  it("a quote call is named by its path alone: the account, the token when the URL carries it, the contract", () => {
    expect(freightCallOf("/hub/freight/default/s3cr3t/partner?x=1")).toEqual({ account: "default", token: "s3cr3t", contract: "partner" })
    expect(freightCallOf("/hub/freight/brand-b/legacy/")).toEqual({ account: "brand-b", contract: "legacy" })
    expect(freightCallOf("/hub/freight/a%20b/t%2Fx/legacy")).toEqual({ account: "a b", token: "t/x", contract: "legacy" })
    // Anything else is Medusa's missing route.
    for (const other of ["/hub/freight/default/s3cr3t/partner/more", "/hub/freight/default", "/hub/freight/default/s3cr3t/other", "/hub/freight//partner", "/hub/freight/%E0%A4%A/partner", "/hub/freightx/a/partner"]) {
      expect(freightCallOf(other)).toBeNull()
    }
  })

  it("logged SKUs are escaped and capped; a provider's error is masked", () => {
    expect(skusForLog(["A-1", "B\nforged line"])).toBe('"A-1", "B\\nforged line"')
    const many = skusForLog(Array.from({ length: 25 }, (_, i) => `S${i}`))
    expect(many).toMatch(/"S9" and 15 more$/)
    expect(skusForLog(["x".repeat(500)]).length).toBeLessThan(70)
    expect(providerErrorText(new Error("CEP 01310-100 fora da área\nsegunda linha"))).toBe("CEP #####-### fora da área segunda linha")
    expect(providerErrorText({ message: "y".repeat(500) }).length).toBeLessThanOrEqual(121)
  })
})
