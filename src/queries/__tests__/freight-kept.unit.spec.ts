import { KeptPerAccount } from "../freight-kept"

describe("what freight quotes keep per process", () => {
  afterEach(() => jest.useRealTimers())

  it("answers from memory after the first read; an old value answers while it is read again behind; a failed read keeps it", async () => {
    jest.useFakeTimers({ now: 0 })
    let version = 0
    let fail = false
    const reads: string[] = []
    const kept = new KeptPerAccount<number>(async (account) => {
      reads.push(account)
      if (fail) throw new Error("database down")
      return ++version
    }, 5_000)
    expect(kept.now("a")).toBeUndefined()
    // The first read was started by now(): a second ask shares it.
    expect(await kept.read("a")).toBe(1)
    expect(reads).toEqual(["a"])
    expect(kept.now("a")).toBe(1)
    expect(reads).toEqual(["a"])
    jest.setSystemTime(5_000)
    fail = true
    expect(kept.now("a")).toBe(1)
    // now() started the read again; it fails.
    await expect(kept.read("a")).rejects.toThrow("database down")
    expect(kept.now("a")).toBe(1)
    // Not tried again at every quote while the database fails: after the expiry.
    expect(reads).toEqual(["a", "a"])
    fail = false
    kept.set("a", 42)
    expect(kept.now("a")).toBe(42)
  })

  it("reads every account once for a burst of events, not once per event", async () => {
    jest.useFakeTimers({ now: 0 })
    const reads: string[] = []
    const kept = new KeptPerAccount<string>(async (account) => (reads.push(account), account), 60_000)
    await kept.read("a")
    await kept.read("b")
    reads.length = 0
    for (let i = 0; i < 1_000; i++) kept.refreshAll()
    expect(reads).toEqual([])
    await jest.advanceTimersByTimeAsync(250)
    expect(reads.sort()).toEqual(["a", "b"])
  })

  it("a read that started before a change is not kept: the change made in this process (set, clear) wins", async () => {
    let release: (value: string) => void = () => undefined
    const kept = new KeptPerAccount<string>(() => new Promise<string>((resolve) => (release = resolve)), 60_000)
    const stale = kept.read("a")
    kept.set("a", "rotated")
    release("before the rotation")
    await stale
    expect(kept.now("a")).toBe("rotated")

    const before = kept.read("b")
    const releaseBefore = release
    kept.clear()
    // The next quote's read is a new one, not the one that started before the clear.
    const after = kept.read("b")
    expect(after).not.toBe(before)
    releaseBefore("old days")
    await before
    expect(kept.now("b")).toBeUndefined()
    release("new days")
    expect(await after).toBe("new days")
    expect(kept.now("b")).toBe("new days")
  })

  it("an account first read while a burst of events arrives is kept: the read again after the burst, not nothing", async () => {
    jest.useFakeTimers({ now: 0 })
    const releases: Array<(value: string) => void> = []
    const kept = new KeptPerAccount<string>(() => new Promise<string>((resolve) => releases.push(resolve)), 60_000)
    // A process's first quote (or a warm-up) reads the account; the shipping it reads is changing (events).
    const first = kept.read("a")
    kept.refreshAll()
    await jest.advanceTimersByTimeAsync(250)
    releases[0]("before the change")
    // Its caller has its answer; the value read before the change is not kept...
    expect(await first).toBe("before the change")
    // ...but the account is read again after the burst, and that read is kept: the next quote waits for no database.
    expect(releases).toHaveLength(2)
    releases[1]("after the change")
    await jest.advanceTimersByTimeAsync(0)
    expect(kept.now("a")).toBe("after the change")
  })
})
