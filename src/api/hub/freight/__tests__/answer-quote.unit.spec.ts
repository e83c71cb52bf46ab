import { allowed, sameToken } from "../answer-quote"

describe("who may ask for a freight quote", () => {
  it("the token matches only exactly, whatever the lengths", () => {
    expect(sameToken("abc", "abc")).toBe(true)
    expect(sameToken("abd", "abc")).toBe(false)
    expect(sameToken("ab", "abc")).toBe(false)
    expect(sameToken("", "abc")).toBe(false)
  })

  it("the allowlist takes addresses and CIDR ranges, IPv4-mapped IPv6 included; empty allows any; no address is refused", () => {
    const list = ["200.10.0.0/16", "191.1.2.3"]
    expect(allowed(list, "200.10.99.1")).toBe(true)
    expect(allowed(list, "::ffff:200.10.0.7")).toBe(true)
    expect(allowed(list, "191.1.2.3")).toBe(true)
    expect(allowed(list, "191.1.2.4")).toBe(false)
    expect(allowed(list, "200.11.0.1")).toBe(false)
    expect(allowed(list, "::1")).toBe(false)
    expect(allowed(list, undefined)).toBe(false)
    expect(allowed([], "8.8.8.8")).toBe(true)
  })
})
