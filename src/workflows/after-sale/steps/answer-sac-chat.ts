import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { hubOutcome } from "../../../hub-client"
import { answerLanded, chatsUnread, keptChats, waitingSince } from "../../../mapping/hub-sac"
import { HUB_MODULE } from "../../../modules/hub"
import type { HubAccount } from "../../../modules/hub/hub-account"
import type HubModuleService from "../../../modules/hub/service"

/** The merchant's answer in a chat of a ticket. */
export type SacAnswerRequest = { account: string; code: string; parts: string; content: string }

/**
 * How it ended: `sent` (the hub has it; `resent` false when it was found there, not sent now), `refused`
 * (the hub's words in `error`), `unknown` (its answer lost: read back before anything goes again),
 * `not_sent` (the hub unreachable or throttled before it left; safe to send again), `busy` (another answer
 * of the chat in flight).
 */
export type SacAnswerOutcome = { state: "sent" | "refused" | "unknown" | "not_sent" | "busy"; resent: boolean; error: string | null }

/** A double click, or two admins at once: the same answer sent this recently is the one sent. */
const SAME_ANSWER_MS = 60_000

/** The chat as the hub lists it now, kept on the ticket; null when the hub could not be read. */
async function readBack(account: HubAccount, code: string) {
  try {
    const chats = keptChats((await account.sac.chats(code)).chats)
    await account.records.sac.replaceChats(code, chats, chatsUnread(chats), waitingSince(chats))
    return chats
  } catch (error) {
    if (!hubOutcome(error)) throw error
    return null
  }
}

/**
 * Sends the answer once, under the chat's lock (the workflow's): an earlier answer of the chat whose
 * outcome is unknown (its answer lost, or its process killed while it was in flight) is first looked for
 * in the hub's chat, settled as sent or failed, and never sent blind; the same answer found there, or
 * sent a moment ago, is not sent again. A sent answer's chat is read back, so the page shows it as the hub does.
 */
export const answerSacChatStep = createStep("answer-hub-sac-chat", async (input: SacAnswerRequest, { container }) => {
  const account = container.resolve<HubModuleService>(HUB_MODULE).account(input.account)
  const { code, parts } = input
  const content = input.content.trim()
  const done = (outcome: SacAnswerOutcome) => new StepResponse(outcome)

  const pending = await account.records.sac.pendingAnswer(code, parts)
  if (pending) {
    const chats = await readBack(account, code)
    if (!chats) return done({ state: "unknown", resent: false, error: "the hub could not be read to learn whether the earlier answer arrived" })
    const landed = answerLanded(chats, parts, pending.content, new Date(pending.created_at))
    await account.records.sac.settleAnswer(pending.id, landed ? "sent" : "failed", landed ? null : "not in the hub's chat after its answer was lost")
    if (landed && pending.content.trim() === content) return done({ state: "sent", resent: false, error: null })
  }
  const [latest] = (await account.records.sac.latestAnswers([code])).filter((answer) => answer.parts === parts)
  if (latest?.state === "sent" && latest.content.trim() === content && latest.sent_at && Date.now() - new Date(latest.sent_at).getTime() < SAME_ANSWER_MS) {
    return done({ state: "sent", resent: false, error: null })
  }

  const id = await account.records.sac.claimAnswer(code, parts, content)
  if (!id) return done({ state: "busy", resent: false, error: null })
  try {
    await account.sac.answer(code, parts, content)
  } catch (error) {
    const outcome = hubOutcome(error)
    if (!outcome) {
      await account.records.sac.settleAnswer(id, "unknown", null)
      throw error
    }
    if (outcome.kind === "outcome_unknown") {
      await account.records.sac.settleAnswer(id, "unknown", outcome.message)
      return done({ state: "unknown", resent: false, error: outcome.message })
    }
    const refused = outcome.kind === "refused"
    const words = refused ? (outcome.hubMessage ?? outcome.message) : outcome.message
    await account.records.sac.settleAnswer(id, "failed", words)
    return done({ state: refused ? "refused" : "not_sent", resent: false, error: words })
  }
  await account.records.sac.settleAnswer(id, "sent", null)
  await readBack(account, code)
  return done({ state: "sent", resent: true, error: null })
})
