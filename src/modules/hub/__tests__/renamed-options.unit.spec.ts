import { readRenamedOptions, RENAMED_OPTIONS } from "../renamed-options"

describe("renamed options", () => {
  it("reads each old name as its new one and says what to write instead", () => {
    const { options, renamed } = readRenamedOptions({ stockLeaseMs: 2_000, stockCoalesceMs: 50, stockBuffer: 1, apiKey: "secret-key-1" })
    expect(options).toEqual({ catalogueLeaseMs: 2_000, catalogueCoalesceMs: 50, stockBuffer: 1, apiKey: "secret-key-1" })
    expect(renamed).toEqual(["stockCoalesceMs is now catalogueCoalesceMs", "stockLeaseMs is now catalogueLeaseMs"])
    expect(renamed.join()).not.toContain("secret-key-1")
  })

  it("names an added account's option by its place", () => {
    expect(readRenamedOptions({ stockRetryDelayMs: 100 }, "accounts.0 (brand-b)").renamed).toEqual(["accounts.0 (brand-b).stockRetryDelayMs is now catalogueRetryDelayMs"])
  })

  it("refuses an old and a new name given together, naming both", () => {
    expect(() => readRenamedOptions({ stockLeaseMs: 1_000, catalogueLeaseMs: 2_000 })).toThrow("stockLeaseMs: renamed catalogueLeaseMs, which is given too; keep only catalogueLeaseMs")
  })

  it("leaves options with new names alone", () => {
    const given = Object.fromEntries(Object.values(RENAMED_OPTIONS).map((name, index) => [name, index + 1]))
    expect(readRenamedOptions(given)).toEqual({ options: given, renamed: [] })
  })
})
