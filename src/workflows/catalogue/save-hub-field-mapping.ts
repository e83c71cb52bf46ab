import { createHook, createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { saveHubFieldMappingStep, type SaveHubFieldMappingInput } from "./steps/save-hub-field-mapping"

export const saveHubFieldMappingWorkflowId = "save-hub-field-mapping"

/**
 * The merchant saves an account's mapping of hub fields (POST /admin/hub/mapping, docs/catalogue.md,
 * Mapping): saved, and every product the account's publication holds made due; answers how many. The
 * caller wakes the account's flusher. Hook `fieldMappingSaved` ({ account, mapping, products }): a
 * handler that throws undoes the save.
 */
export const saveHubFieldMappingWorkflow = createWorkflow(saveHubFieldMappingWorkflowId, (input: SaveHubFieldMappingInput) => {
  const products = saveHubFieldMappingStep(input)
  const saved = createHook("fieldMappingSaved", { account: input.account, mapping: input.mapping, products })
  return new WorkflowResponse(products, { hooks: [saved] })
})
