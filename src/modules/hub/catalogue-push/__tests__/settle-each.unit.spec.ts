import { settleEach } from "../settle-each"

describe("settleEach: a round's pushes", () => {
  it("does not end while a push is in flight, even when another has failed; the failure is thrown after", async () => {
    let finishSlow!: () => void
    const slowGate = new Promise<void>((resolve) => (finishSlow = resolve))
    let slowDone = false
    const ended: string[] = []
    const round = settleEach(["fails", "slow"], async (claim) => {
      if (claim === "fails") throw new Error("database cut")
      await slowGate
      slowDone = true
    }).then(
      () => ended.push("resolved"),
      (error: Error) => ended.push(`rejected: ${error.message}; slow push done: ${slowDone}`)
    )
    // The failing push has failed; the round must still be waiting on the slow one.
    await new Promise((resolve) => setImmediate(resolve))
    expect(ended).toEqual([])
    finishSlow()
    await round
    expect(ended).toEqual(["rejected: database cut; slow push done: true"])
  })

  it("resolves once every push has, and runs them all at once", async () => {
    const started: string[] = []
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const round = settleEach(["a", "b", "c"], async (claim) => {
      started.push(claim)
      await gate
    })
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toEqual(["a", "b", "c"])
    release()
    await expect(round).resolves.toBeUndefined()
  })
})
