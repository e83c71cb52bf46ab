import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { KeptSacTicket } from "../../../mapping/hub-sac"
import { HUB_MODULE } from "../../../modules/hub"
import type { RecordedSacTicket } from "../../../modules/hub/types"
import type HubModuleService from "../../../modules/hub/service"

/** A page of one account's SAC tickets as read from its hub; `seenAt` (ISO): when the read began. */
export type SacTicketsPage = { account: string; tickets: KeptSacTicket[]; seenAt: string }

/**
 * Records the page (one statement) and answers, per ticket, whether it is new and the chats it had.
 * No compensation: the rows are the hub's state as read, which the next read writes again.
 */
export const recordSacTicketsStep = createStep("record-hub-sac-tickets", async ({ account, tickets, seenAt }: SacTicketsPage, { container }) => {
  const recorded: RecordedSacTicket[] = await container.resolve<HubModuleService>(HUB_MODULE).account(account).records.sac.recordTickets(tickets, new Date(seenAt))
  return new StepResponse(recorded)
})
