import { ProcessParts } from "../process-parts"

describe("ProcessParts", () => {
  it("makes each part once, whoever asks for it", () => {
    const parts = new ProcessParts()
    let made = 0
    const make = () => ({ n: ++made })
    const first = parts.get("flusher", make)
    expect(parts.get("flusher", make)).toBe(first)
    expect(parts.get("publisher", make)).not.toBe(first)
    expect(made).toBe(2)
  })

  it("stops every part that can stop, once, and says it is stopped", () => {
    const parts = new ProcessParts()
    const stops: string[] = []
    parts.get("timers", () => ({ stop: () => stops.push("timers") }))
    parts.get("cadence", () => ({ fullAt: 0 }))
    expect(parts.stopped).toBe(false)
    parts.stop()
    expect(parts.stopped).toBe(true)
    expect(stops).toEqual(["timers"])
  })
})
