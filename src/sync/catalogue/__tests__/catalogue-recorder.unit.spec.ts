import { CatalogueChangeRecorder } from "../catalogue-recorder"
import type { CatalogueChanges } from "../../../workflows/catalogue/record-catalogue-changes"

/** A recording that fails `failures` times (a busy lock, the database cut), then lands. */
function flakyRecording(failures: number) {
  const attempts: CatalogueChanges[] = []
  const record = async (changes: CatalogueChanges) => {
    attempts.push(changes)
    if (attempts.length <= failures) throw { message: `connection cut (${attempts.length})` }
    // The accounts it queued SKUs for: the default one, when the batch named any.
    return changes.inventoryLevelIds?.length ? ["default"] : []
  }
  return { attempts, record }
}

describe("CatalogueChangeRecorder", () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it("keeps a batch whose recording failed and records it once the store answers again, never rejecting its callers", async () => {
    const { attempts, record } = flakyRecording(3)
    const warnings: string[] = []
    const recorder = new CatalogueChangeRecorder(record, (message) => warnings.push(message))

    let settled: string[] | "rejected" | undefined
    recorder.record({ inventoryLevelIds: ["ilev_1"] }).then(
      (queued) => (settled = queued),
      () => (settled = "rejected")
    )
    await jest.advanceTimersByTimeAsync(60_000)

    expect(attempts).toHaveLength(4)
    expect(attempts.every((changes) => changes.inventoryLevelIds?.includes("ilev_1"))).toBe(true)
    expect(settled).toEqual(["default"])
    // Said once when it starts failing (with the error's own text, not "undefined"), once when it recovers.
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toContain("connection cut (1)")
    expect(warnings[1]).toContain("after 3 failed attempt(s)")
  })

  it("records the changes made while a failed batch waits together with it, in one batch", async () => {
    const { attempts, record } = flakyRecording(1)
    const recorder = new CatalogueChangeRecorder(record, () => undefined)

    const first = recorder.record({ inventoryLevelIds: ["ilev_1"] })
    await jest.advanceTimersByTimeAsync(0)
    expect(attempts).toHaveLength(1)
    const second = recorder.record({ inventoryLevelIds: ["ilev_2"] })
    await jest.advanceTimersByTimeAsync(60_000)

    await expect(Promise.all([first, second])).resolves.toEqual([["default"], ["default"]])
    expect(attempts).toHaveLength(2)
    expect(attempts[1].inventoryLevelIds).toEqual(["ilev_1", "ilev_2"])
  })

  it("waits longer after each failure, up to a ceiling, so a database down for minutes is not hammered", async () => {
    const { attempts, record } = flakyRecording(100)
    const recorder = new CatalogueChangeRecorder(record, () => undefined)
    void recorder.record({ inventoryLevelIds: ["ilev_1"] })

    await jest.advanceTimersByTimeAsync(10_000)
    const inTenSeconds = attempts.length
    await jest.advanceTimersByTimeAsync(60_000)
    const inTheNextMinute = attempts.length - inTenSeconds

    // 200 ms doubling (plus the 100 ms batch spacing): 6 attempts in the first 10 s; then one per 10 s.
    expect(inTenSeconds).toBe(6)
    expect(inTheNextMinute).toBe(6)
  })
})

describe("CatalogueChangeRecorder at shutdown", () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it("stops retrying once the application shuts down, resolving its callers with nothing queued", async () => {
    const { attempts, record } = flakyRecording(1_000)
    let shutDown = false
    const recorder = new CatalogueChangeRecorder(record, () => undefined, () => shutDown)
    const settled = recorder.record({ inventoryLevelIds: ["ilev_1"] })
    await jest.advanceTimersByTimeAsync(5_000)
    const before = attempts.length
    expect(before).toBeGreaterThan(1)

    shutDown = true
    await jest.advanceTimersByTimeAsync(60_000)
    await expect(settled).resolves.toEqual([])
    // At most the attempt already waiting when it shut down.
    expect(attempts.length - before).toBeLessThanOrEqual(1)
    expect(jest.getTimerCount()).toBe(0)
  })
})
