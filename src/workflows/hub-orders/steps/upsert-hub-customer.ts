import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import { MedusaCustomerInput } from "../../../mapping/hub-order"

/** The customer with the hub order's e-mail, created (as a guest) when the store has none. */
export const upsertHubCustomerStep = createStep(
  "upsert-hub-customer",
  async (customer: MedusaCustomerInput, { container }) => {
    const customerModule = container.resolve(Modules.CUSTOMER)
    const [existing] = await customerModule.listCustomers({ email: customer.email }, { take: 1 })
    if (existing) {
      return new StepResponse(existing, null)
    }
    const created = await customerModule.createCustomers(customer)
    return new StepResponse(created, created.id)
  },
  async (createdId, { container }) => {
    if (!createdId) return
    await container.resolve(Modules.CUSTOMER).deleteCustomers(createdId)
  }
)
