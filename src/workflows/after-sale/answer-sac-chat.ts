import { randomUUID } from "node:crypto"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createHook, createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { driverLock, SAC_ANSWER_LOCK } from "../../modules/hub/locks"
import { answerSacChatStep, type SacAnswerRequest } from "./steps/answer-sac-chat"

export const answerSacChatWorkflowId = "answer-hub-sac-chat"

/**
 * The merchant answers in a chat of a SAC ticket (docs/after-sale.md): one answer of a chat at a time,
 * sent once (a lost answer read back from the hub's chat, never resent blind), the chat read back.
 * Hook `sacChatAnswered` ({ input, outcome }).
 */
export const answerSacChatWorkflow = createWorkflow(answerSacChatWorkflowId, (input: SacAnswerRequest) => {
  const lock = transform({ input }, ({ input }) => ({ key: driverLock(`${SAC_ANSWER_LOCK}:${input.code}:${input.parts}`, input.account), ownerId: randomUUID(), timeout: 30, ttl: 120 }))
  acquireLockStep(lock)
  const outcome = answerSacChatStep(input)
  releaseLockStep(lock)
  const answered = createHook("sacChatAnswered", { input, outcome })
  return new WorkflowResponse(outcome, { hooks: [answered] })
})
