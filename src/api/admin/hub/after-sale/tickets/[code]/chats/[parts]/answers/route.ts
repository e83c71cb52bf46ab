import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { SacAnswerOutcome } from "../../../../../../../../../workflows/after-sale/steps/answer-sac-chat"
import { answerSacChatWorkflow } from "../../../../../../../../../workflows/after-sale/answer-sac-chat"
import type { HubAccountQuery } from "../../../../../../account-query"
import type { PostHubSacAnswer } from "../../../../../validators"

const STATUS: Record<SacAnswerOutcome["state"], number> = { sent: 200, refused: 422, unknown: 502, not_sent: 503, busy: 409 }

/**
 * The merchant answers in a chat of a SAC ticket (workflow answer-hub-sac-chat): sent once, the outcome's
 * status; one not sent says why in `message` too (the hub's words when it refused), as Medusa's errors do.
 */
export async function POST(req: MedusaRequest<PostHubSacAnswer>, res: MedusaResponse<{ answer: SacAnswerOutcome; message?: string }>) {
  const { account } = req.validatedQuery as HubAccountQuery
  const { result } = await answerSacChatWorkflow(req.scope).run({ input: { account, code: req.params.code, parts: req.params.parts, content: req.validatedBody.content } })
  res.status(STATUS[result.state]).json({ answer: result, ...(result.state !== "sent" && result.error ? { message: result.error } : {}) })
}
