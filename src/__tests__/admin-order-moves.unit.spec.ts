import { moveLeftToDo } from "../admin/components/hub-order/moves"
import type { HubOrderMoveRow } from "../api/admin/hub/types"

/* The order card offers what is still to do: not a delivery Medusa has recorded, which the plugin sends itself. */

const deliverMove = (state: HubOrderMoveRow["state"]): HubOrderMoveRow =>
  ({ id: `move_${state}`, kind: "deliver", state, error: null, attempts: 1, created_at: "2026-12-01T10:00:00Z", finished_at: null }) as HubOrderMoveRow

describe("moveLeftToDo", () => {
  it("offers Mark delivered while Medusa's order is not delivered", () => {
    expect(moveLeftToDo("deliver", { medusaDelivered: false, moves: [] })).toBe(true)
  })

  it("offers no Mark delivered once Medusa's order is delivered, sent or on its way", () => {
    expect(moveLeftToDo("deliver", { medusaDelivered: true, moves: [] })).toBe(false)
    expect(moveLeftToDo("deliver", { medusaDelivered: true, moves: [deliverMove("done")] })).toBe(false)
    expect(moveLeftToDo("deliver", { medusaDelivered: true, moves: [deliverMove("sending")] })).toBe(false)
  })

  it("offers it again when the last delivery sent was refused or surely not taken", () => {
    expect(moveLeftToDo("deliver", { medusaDelivered: true, moves: [deliverMove("refused"), deliverMove("done")] })).toBe(true)
    expect(moveLeftToDo("deliver", { medusaDelivered: true, moves: [deliverMove("failed")] })).toBe(true)
  })

  it("leaves the other moves as the hub's status allows them", () => {
    expect(moveLeftToDo("ship", { medusaDelivered: true, moves: [] })).toBe(true)
    expect(moveLeftToDo("cancel", { medusaDelivered: true, moves: [] })).toBe(true)
  })
})
