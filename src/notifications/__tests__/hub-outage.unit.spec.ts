import { HUB_OUTAGE_NOTICE_AFTER_MS, hubOutageMinutes } from "../hub-outage"

const at = (iso: string) => Date.parse(iso)

describe("when a failing hub is an outage the merchant is told of", () => {
  const failing = { since: "2026-11-22T14:00:00.000Z", lastAt: "2026-11-22T14:05:00.000Z" }

  it("is not one while the hub answers", () => {
    expect(hubOutageMinutes(null, at("2026-11-22T15:00:00.000Z"))).toBeNull()
  })

  it("is one from five minutes of failing on, while the last failure is at most two minutes old", () => {
    expect(HUB_OUTAGE_NOTICE_AFTER_MS).toBe(5 * 60_000)
    expect(hubOutageMinutes(failing, at("2026-11-22T14:04:59.999Z"))).toBeNull()
    expect(hubOutageMinutes(failing, at("2026-11-22T14:05:00.000Z"))).toBe(5)
    expect(hubOutageMinutes(failing, at("2026-11-22T14:07:00.000Z"))).toBe(7)
    // Nothing failed for over two minutes (a store that went idle after one failure): not an outage.
    expect(hubOutageMinutes(failing, at("2026-11-22T14:07:00.001Z"))).toBeNull()
  })
})
