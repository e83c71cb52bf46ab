import type { TestOrderInput } from "../../hub-client/schemas"
import { SandboxHubError } from "../errors"
import { sampleTestOrder } from "../sample-order"
import { SandboxHubState } from "../state"

/* The sandbox's unit tests' helpers: a state whose clock the test moves, the sample order, a refusal caught. */

/** The sample order, its delivery estimate left to the sandbox. */
export function testOrder(overrides: Partial<TestOrderInput> = {}): TestOrderInput {
  return sampleTestOrder({ estimated_delivery: undefined, interest: 1.25, ...overrides })
}

/**
 * A state whose clock the test moves; its answers tidy (every field in the format a merchant sends),
 * the shapes these tests read (the realistic ones, the default: answers.unit.spec.ts).
 */
export function stateAt(start = "2025-03-10T12:00:00.000Z") {
  const clock = { now: new Date(start) }
  const state = new SandboxHubState({ now: () => clock.now, answers: "tidy" })
  state.upsertProducts([
    { sku: "SKU-1", qty: 10, name: "Camiseta", price: 50 },
    { sku: "SKU-2", qty: 0, name: "Boné", price: 30 },
  ])
  return { state, clock }
}

export function refusal(run: () => unknown): SandboxHubError {
  try {
    run()
  } catch (error) {
    if (error instanceof SandboxHubError) return error
    throw error
  }
  throw new Error("expected a SandboxHubError")
}
