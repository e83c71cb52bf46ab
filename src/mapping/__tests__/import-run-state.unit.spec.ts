import { importRunState } from "../import-run-state"

describe("importRunState", () => {
  const now = Date.parse("2026-11-28T12:00:00Z")

  it("a finished run is finished, whatever its lease", () => {
    expect(importRunState({ finished_at: new Date(now - 1_000), held_until: new Date(now - 60_000) }, now)).toBe("finished")
  })

  it("an unfinished run is running while its lease lasts, interrupted once it has passed (its process died)", () => {
    expect(importRunState({ finished_at: null, held_until: new Date(now + 30_000) }, now)).toBe("running")
    expect(importRunState({ finished_at: null, held_until: "2026-11-28T11:59:59.000Z" }, now)).toBe("interrupted")
    // Recorded before runs held a lease: no process holds it.
    expect(importRunState({ finished_at: null, held_until: null }, now)).toBe("interrupted")
  })
})
