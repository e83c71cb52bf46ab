import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import { MedusaCustomerInput } from "../../../mapping/hub-order"
import { hubCustomerLock } from "../../../modules/hub/locks"

/**
 * The customer with the hub order's e-mail, created (as a guest) when the store has none, under the
 * e-mail's lock: another order of the same buyer imported at the same moment finds it instead of
 * creating it twice. No compensation: by then another order may use the customer, and a guest
 * customer without orders is harmless (the buyer's next order finds it).
 */
export const upsertHubCustomerStep = createStep("upsert-hub-customer", async (customer: MedusaCustomerInput, { container }) => {
  const customerModule = container.resolve(Modules.CUSTOMER)
  const locking = container.resolve(Modules.LOCKING)
  const found = await locking.execute(hubCustomerLock(customer.email), async () => {
    const [existing] = await customerModule.listCustomers({ email: customer.email }, { take: 1 })
    return existing ?? (await customerModule.createCustomers(customer))
  }, { timeout: 30 })
  return new StepResponse(found)
})
