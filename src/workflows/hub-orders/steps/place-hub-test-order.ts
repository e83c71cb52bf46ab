import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { type HubOrder, hubOutcome, type TestOrderInput } from "../../../hub-client"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

export type PlaceHubTestOrderInput = { account: string; order: TestOrderInput; approve: boolean }
export type PlacedHubTestOrder = { account: string; code: string; status: HubOrder["status"] }

/**
 * Creates a test order on the account's hub, and approves it when asked (docs/hub-interface.md §4
 * rules 1 and 3); the hub's refusal (a production account, a body it will not take) is a 400 in its
 * words. No compensation: the hub offers no way to take an order back, and the next import run
 * brings it in like any other.
 */
export const placeHubTestOrderStep = createStep("place-hub-test-order", async ({ account, order, approve }: PlaceHubTestOrderInput, { container }) => {
  const { orders } = container.resolve<HubModuleService>(HUB_MODULE).account(account)
  try {
    const created = await orders.createTest(order)
    const { code, status } = approve ? await orders.approveTest(created.code) : created
    return new StepResponse<PlacedHubTestOrder>({ account, code, status })
  } catch (error) {
    const outcome = hubOutcome(error)
    if (outcome?.kind === "refused") throw new MedusaError(MedusaError.Types.NOT_ALLOWED, outcome.message)
    throw error
  }
})
