import { createHook, createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { newWaitingMessageAt } from "../../mapping/hub-sac"
import { HubEvents } from "../../modules/hub/events"
import { recordSacTicketsStep, type SacTicketsPage } from "./steps/record-sac-tickets"

export const recordSacTicketsWorkflowId = "record-hub-sac-tickets"

/** HubEvents.SAC_MESSAGE's data: a ticket with messages to the seller the store had not seen, unanswered (`at`: the newest's time). */
export type SacMessageArrived = { account: string; ticket: string; order_code: string | null; at: string }

/**
 * A page of the marketplace's customer service tickets, read from an account's hub with the chats of
 * those that changed (src/sync/sac.ts): recorded, and each ticket that gained a message waiting for the
 * seller told (`hub-sac.message`). Hook `sacTicketsRecorded` ({ account, recorded }).
 */
export const recordSacTicketsWorkflow = createWorkflow(recordSacTicketsWorkflowId, (page: SacTicketsPage) => {
  const recorded = recordSacTicketsStep(page)
  const arrived = transform({ page, recorded }, ({ page, recorded }): SacMessageArrived[] =>
    recorded.flatMap((row) => {
      const ticket = page.tickets.find((kept) => kept.code === row.code)
      const at = ticket?.chats ? newWaitingMessageAt(row.before, ticket.chats) : null
      return ticket && at ? [{ account: page.account, ticket: row.code, order_code: ticket.orderCode, at }] : []
    })
  )
  when({ arrived }, ({ arrived }) => arrived.length > 0).then(() => {
    emitEventStep({ eventName: HubEvents.SAC_MESSAGE, data: arrived }).config({ name: "emit-sac-message" })
  })
  const hook = createHook("sacTicketsRecorded", { account: page.account, recorded })
  return new WorkflowResponse(recorded, { hooks: [hook] })
})
