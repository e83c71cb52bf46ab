import type { ILockingModule } from "@medusajs/framework/types"
import { HUB_RESERVATION_LOCK, HUB_RESERVATION_LOCK_TTL_SECONDS } from "../../../../modules/hub/locks"
import { holdingInOrder } from "../holding-in-order"
import { ReservationTurns } from "../reservation-turns"

/** A locking module that records what each `execute` took and when its job ran. */
function recordingLocking() {
  const events: string[] = []
  const expires: Array<number | undefined> = []
  const locking = {
    async execute<T>(keys: string | string[], job: () => Promise<T>, args?: { expire?: number }): Promise<T> {
      const taken = Array.isArray(keys) ? keys.join(",") : keys
      events.push(`take ${taken}`)
      expires.push(args?.expire)
      try {
        return await job()
      } finally {
        events.push(`release ${taken}`)
      }
    },
  } as unknown as ILockingModule
  return { locking, events, expires }
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe("ReservationTurns.holdingInventoryItems", () => {
  it("takes the plugin's reservation lock, then every item's lock at once (as Medusa's reservations do), once per item, on short leases", async () => {
    const { locking, events, expires } = recordingLocking()
    const result = await new ReservationTurns().holdingInventoryItems(locking, ["iitem_b", "iitem_a", "iitem_b"], 30, async () => {
      events.push("job")
      return 7
    })
    expect(result).toBe(7)
    expect(events).toEqual([`take ${HUB_RESERVATION_LOCK}`, "take iitem_b,iitem_a", "job", "release iitem_b,iitem_a", `release ${HUB_RESERVATION_LOCK}`])
    // A holder killed mid-reservation frees them well before another's wait (30 s) runs out.
    expect(expires).toEqual([HUB_RESERVATION_LOCK_TTL_SECONDS, HUB_RESERVATION_LOCK_TTL_SECONDS])
    expect(HUB_RESERVATION_LOCK_TTL_SECONDS).toBeLessThan(30)
  })

  it("runs a process's reservations in turn, the next one starting when the one before ends, even when it failed", async () => {
    const { locking, events } = recordingLocking()
    const turns = new ReservationTurns()
    let finishFirst: () => void = () => undefined
    const first = turns.holdingInventoryItems(locking, ["iitem_a"], 30, async () => {
      events.push("first starts")
      await new Promise<void>((resolve) => (finishFirst = resolve))
      throw new Error("the first failed")
    })
    const second = turns.holdingInventoryItems(locking, ["iitem_z"], 30, async () => {
      events.push("second starts")
      return "second"
    })
    for (let n = 0; n < 5; n++) await tick()
    expect(events).toContain("first starts")
    expect(events).not.toContain("second starts")
    finishFirst()
    await expect(first).rejects.toThrow("the first failed")
    await expect(second).resolves.toBe("second")
    expect(events.indexOf("second starts")).toBeGreaterThan(events.indexOf(`release ${HUB_RESERVATION_LOCK}`))
  })

  it("takes no lock when there is no item to reserve", async () => {
    const { locking, events } = recordingLocking()
    await new ReservationTurns().holdingInventoryItems(locking, [], 30, async () => events.push("job"))
    expect(events).toEqual(["job"])
  })
})

describe("holdingInOrder", () => {
  it("takes each key alone, in sorted order, and releases them in reverse", async () => {
    const { locking, events } = recordingLocking()
    await holdingInOrder(locking, ["k2", "k1", "k2"], 30, async () => events.push("job"))
    expect(events).toEqual(["take k1", "take k2", "job", "release k2", "release k1"])
  })
})
