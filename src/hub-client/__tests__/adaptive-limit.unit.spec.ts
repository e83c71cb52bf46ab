import { afterRefusal, effectiveLimit, LimitState, nextRampAt, rampedLimit } from "../adaptive-limit"

const W = 1000
const RECOVER = 10 * W

describe("adaptive limit", () => {
  it("a 429 lowers the limit by a quarter (at least one, never below 1)", () => {
    let state: LimitState | undefined
    const seen: number[] = []
    for (let now = 1; now <= 6; now++) {
      state = afterRefusal(state, 9, now, now, RECOVER)
      seen.push(effectiveLimit(state, 9, now, RECOVER))
    }
    expect(seen).toEqual([6, 4, 3, 2, 1, 1])
  })

  it("429s to sends that left before the last lowering lower nothing: one overshoot, one step", () => {
    const lowered = afterRefusal(undefined, 9, 100, 105, RECOVER)!
    expect(lowered).toEqual({ base: 6, changedAt: 105 })
    expect(afterRefusal(lowered, 9, 100, 107, RECOVER)).toBeUndefined()
    expect(afterRefusal(lowered, 9, 106, 900, RECOVER)).toEqual({ base: 4, changedAt: 900 })
  })

  it("recovers by one per N quiet windows, up to the configured limit", () => {
    const state = { base: 3, changedAt: 0 }
    expect(effectiveLimit(state, 9, RECOVER - 1, RECOVER)).toBe(3)
    expect(effectiveLimit(state, 9, RECOVER, RECOVER)).toBe(4)
    expect(effectiveLimit(state, 9, 5 * RECOVER, RECOVER)).toBe(8)
    expect(effectiveLimit(state, 9, 60 * RECOVER, RECOVER)).toBe(9)
    // A lower configured limit always wins over the stored state.
    expect(effectiveLimit({ base: 6, changedAt: 0 }, 2, 0, RECOVER)).toBe(2)
    // A 429 while recovering lowers from where it had got to.
    expect(afterRefusal(state, 9, 5 * RECOVER, 5 * RECOVER, RECOVER)).toEqual({ base: 6, changedAt: 5 * RECOVER })
  })

  it("after a pause the first window ramps from 1 to the limit, one more every window / limit", () => {
    const pauseEnd = 10_000
    expect(rampedLimit(4, pauseEnd, pauseEnd, W)).toBe(1)
    expect(rampedLimit(4, pauseEnd + 249, pauseEnd, W)).toBe(1)
    expect(rampedLimit(4, pauseEnd + 250, pauseEnd, W)).toBe(2)
    expect(rampedLimit(4, pauseEnd + 999, pauseEnd, W)).toBe(4)
    expect(rampedLimit(4, pauseEnd + 5_000, pauseEnd, W)).toBe(4)
    expect(rampedLimit(4, 123, 0, W)).toBe(4) // never paused
    expect(nextRampAt(4, pauseEnd + 10, pauseEnd, W)).toBe(pauseEnd + 250)
    expect(nextRampAt(4, pauseEnd + 600, pauseEnd, W)).toBe(pauseEnd + 750)
    expect(nextRampAt(4, pauseEnd + 800, pauseEnd, W)).toBe(Infinity)
  })
})
