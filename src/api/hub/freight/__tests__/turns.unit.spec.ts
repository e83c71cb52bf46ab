import { freightTurn } from "../turns"

/** Counts the event loop's turns: one immediate a turn, rescheduled from itself. */
function loopTurns() {
  const counter = { turn: 0, stopped: false }
  const tick = () => {
    counter.turn++
    if (!counter.stopped) setImmediate(tick)
  }
  setImmediate(tick)
  return counter
}

describe("freight quotes take turns", () => {
  it("one quote a turn of the event loop, in the order they came", async () => {
    const counter = loopTurns()
    const seen: Array<{ quote: number; turn: number }> = []
    await Promise.all([1, 2, 3, 4].map((quote) => freightTurn().then(() => seen.push({ quote, turn: counter.turn }))))
    counter.stopped = true
    expect(seen.map((entry) => entry.quote)).toEqual([1, 2, 3, 4])
    const turns = seen.map((entry) => entry.turn)
    for (let index = 1; index < turns.length; index++) expect(turns[index]).toBeGreaterThan(turns[index - 1])
  })

  it("a quote coming after the line has emptied gets the next turn", async () => {
    await freightTurn()
    const counter = loopTurns()
    await freightTurn()
    counter.stopped = true
    expect(counter.turn).toBeLessThanOrEqual(2)
  })
})
