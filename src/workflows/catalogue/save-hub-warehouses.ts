import { randomUUID } from "node:crypto"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createHook, createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_WAREHOUSES_LOCK } from "../../modules/hub/locks"
import { checkHubWarehousesStep, saveHubWarehousesStep, type SaveHubWarehousesInput } from "./steps/save-hub-warehouses"

export const saveHubWarehousesWorkflowId = "save-hub-warehouses"

/**
 * The merchant saves an account's warehouses besides the default (Settings → Marketplace hub,
 * docs/catalogue.md, *Warehouses*): checked and saved under one lock for the whole store (a location is
 * checked against every account's), answering the warehouses now in force. The caller starts a
 * reconciliation: a location's stock moves between warehouses. Hook `hubWarehousesSaved` ({ account,
 * warehouses }): a handler that throws undoes the save.
 */
export const saveHubWarehousesWorkflow = createWorkflow(saveHubWarehousesWorkflowId, (input: SaveHubWarehousesInput) => {
  const lock = transform({ input }, () => ({ key: HUB_WAREHOUSES_LOCK, ownerId: randomUUID(), timeout: 15, ttl: 30 }))
  acquireLockStep(lock)
  const warehouses = checkHubWarehousesStep(input)
  saveHubWarehousesStep(input)
  // Inside the lock: a handler that throws puts back what this save replaced, before another save can land.
  const saved = createHook("hubWarehousesSaved", { account: input.account, warehouses })
  releaseLockStep(lock)
  return new WorkflowResponse(warehouses, { hooks: [saved] })
})
