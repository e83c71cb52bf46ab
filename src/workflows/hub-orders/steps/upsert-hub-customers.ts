import { createCustomersWorkflow } from "@medusajs/medusa/core-flows"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import { MedusaCustomerInput } from "../../../mapping/hub-order"
import { hubCustomerLock } from "../../../modules/hub/locks"
import { holdingInOrder } from "./holding-in-order"

/** How long an import waits for a buyer's e-mail another import holds. */
const CUSTOMER_LOCK_WAIT_SECONDS = 30

/**
 * The guest customer of each hub order's e-mail, created when the store has none, under the e-mails'
 * locks. Guests only (`has_account` false), never a registered account of that e-mail: Medusa does not
 * verify e-mails at sign-up, so whoever registered a storefront account under a marketplace buyer's
 * e-mail would otherwise see that buyer's orders (name, addresses, phone) in `GET /store/orders`. Medusa
 * keeps a guest and a registered customer of one e-mail apart (unique on e-mail and `has_account`).
 * Under the locks, another order of the same buyer imported at the same moment finds it
 * instead of creating it twice. No compensation: by then another order may use the customer, and a
 * guest customer without orders is harmless (the buyer's next order finds it).
 */
export const upsertHubCustomersStep = createStep("upsert-hub-customers", async (customers: MedusaCustomerInput[], { container }) => {
  const customerModule = container.resolve(Modules.CUSTOMER)
  const locking = container.resolve(Modules.LOCKING)
  const byEmail = new Map(customers.map((customer) => [customer.email, customer]))
  if (!byEmail.size) return new StepResponse({} as Record<string, string>)
  const ids = await holdingInOrder(locking, [...byEmail.keys()].map(hubCustomerLock), CUSTOMER_LOCK_WAIT_SECONDS, async () => {
    const existing = await customerModule.listCustomers({ email: [...byEmail.keys()], has_account: false }, { select: ["id", "email"], take: null })
    const found = new Map(existing.map((customer) => [customer.email, customer.id]))
    const missing = [...byEmail.values()].filter((customer) => !found.has(customer.email))
    // Through Medusa's own workflow, so a store's `customersCreated` hook and `customer.created`
    // subscribers see hub buyers too; run here, not as a step of its own, because it must run under the
    // e-mails' locks.
    if (missing.length) {
      const { result: created } = await createCustomersWorkflow(container).run({ input: { customersData: missing.map((customer) => ({ ...customer, has_account: false })) } })
      for (const customer of created) found.set(customer.email, customer.id)
    }
    return found
  })
  return new StepResponse(Object.fromEntries(ids) as Record<string, string>)
})
