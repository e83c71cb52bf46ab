import { SandboxOrderQueue } from "../order-queue"

describe("SandboxOrderQueue", () => {
  let now = 0
  const queue = () => new SandboxOrderQueue(() => now, 1_000)

  beforeEach(() => {
    now = 0
  })

  it("hands out one order at a time, oldest first, and nothing when none waits", () => {
    const orders = queue()
    orders.enqueue("A")
    orders.enqueue("B")
    expect([orders.take(), orders.take(), orders.take()]).toEqual(["A", "B", undefined])
  })

  it("hands an order out again once its visibility timeout passes without an acknowledgement", () => {
    const orders = queue()
    orders.enqueue("A")
    expect(orders.take()).toBe("A")
    now = 999
    expect(orders.take()).toBeUndefined()
    now = 1_000
    expect(orders.take()).toBe("A")
    expect(orders.acknowledge("A")).toBe(true)
    now = 5_000
    expect(orders.take()).toBeUndefined()
    expect(orders.acknowledge("A")).toBe(false)
  })

  it("puts an order back at the end, visible at once, when its status changes", () => {
    const orders = queue()
    orders.enqueue("A")
    orders.enqueue("B")
    expect(orders.take()).toBe("A")
    orders.enqueue("A")
    expect([orders.take(), orders.take()]).toEqual(["B", "A"])
    expect(orders.depth()).toBe(2)
  })

  it("empties at once (acknowledgeAll) and keeps a fault until clear()", () => {
    const orders = queue()
    orders.enqueue("A")
    orders.enqueue("B")
    orders.fault = "unavailable"
    orders.acknowledgeAll()
    expect(orders.depth()).toBe(0)
    expect(orders.fault).toBe("unavailable")
    orders.clear()
    expect(orders.fault).toBeNull()
  })
})
