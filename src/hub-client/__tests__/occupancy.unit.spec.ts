import { OccupancyLog } from "../occupancy"

const W = 1000

describe("OccupancyLog: a send holds its slot from leaving until its answer plus a window", () => {
  it("takes `limit` slots, then says when the first frees", () => {
    const log = new OccupancyLog()
    for (const token of ["a", "b", "c"]) expect(log.take(token, 0, 3, 60_000)).toEqual({ taken: true })
    expect(log.take("d", 0, 3, 60_000)).toEqual({ taken: false, freeAt: 60_000 })
  })

  it("a send in flight keeps its slot however long it takes; answered, it frees a window after the answer", () => {
    const log = new OccupancyLog()
    log.take("slow", 0, 1, 60_000)
    // 5 s later the answer has not come: the hub may still be counting it.
    expect(log.take("next", 5_000, 1, 65_000)).toEqual({ taken: false, freeAt: 60_000 })
    log.settle("slow", 5_000 + W)
    expect(log.take("next", 5_999, 1, 66_000)).toEqual({ taken: false, freeAt: 6_000 })
    expect(log.take("next", 6_000, 1, 66_000)).toEqual({ taken: true })
  })

  it("no window of the hub sees more than `limit`, whatever the delay between leaving and arriving", () => {
    // Simulated sends: each arrives at a random point of its flight (up to 300 ms, a loaded machine).
    let seed = 42
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
    const limit = 5
    const log = new OccupancyLog()
    const arrivals: number[] = []
    const inFlight: Array<{ token: string; answerAt: number }> = []
    for (let now = 0, id = 0; now < 20_000; now++) {
      for (const send of inFlight.filter((s) => s.answerAt === now)) log.settle(send.token, now + W)
      while (log.take(`s${id}`, now, limit, now + 60_000).taken) {
        const flight = 1 + Math.floor(random() * 300)
        arrivals.push(now + Math.floor(random() * flight))
        inFlight.push({ token: `s${id}`, answerAt: now + flight })
        id++
      }
    }
    arrivals.sort((a, b) => a - b)
    // Every window [s, s + W), fixed on the clock or sliding.
    let most = 0
    for (let first = 0, last = 0; first < arrivals.length; first++) {
      while (last < arrivals.length && arrivals[last] < arrivals[first] + W) last++
      most = Math.max(most, last - first)
    }
    expect(most).toBeLessThanOrEqual(limit)
    // And it still sends: at least 85% of limit per window over the run.
    expect(arrivals.length).toBeGreaterThan((20_000 / W) * limit * 0.85)
  })
})
