import type { MedusaResponse } from "@medusajs/framework/http"
import { hubOutcome } from "../../../../hub-client"
import type { HubDocument } from "../../../../modules/hub/types"
import { errorText } from "../../../../mapping/error-text"
import type { DeliveryActionOutcome } from "../../../../workflows/delivery/steps/send-delivery-action"

/** How an action's ending is answered: done 200 (201 for what it made); refused 422; not done 503; answer lost 502. */
const STATUS = { done: 200, refused: 422, failed: 503, unknown: 502 } as const

export function answerDeliveryAction(res: MedusaResponse, outcome: DeliveryActionOutcome, created = false): void {
  const status = outcome.state === "done" && created ? 201 : STATUS[outcome.state]
  res.status(status).json({
    outcome: { kind: outcome.kind, state: outcome.state, plp_id: outcome.plpId, order_codes: outcome.codes },
    ...(outcome.error ? { message: outcome.error } : {}),
  })
}

/**
 * A read of the account's hub for the admin: its answer, or the hub's refusal (422) or absence (503)
 * in a message naming it, answered here because Medusa's error handler would hide it behind a 500.
 */
export async function answerHubRead(res: MedusaResponse, read: () => Promise<unknown>): Promise<void> {
  try {
    res.json(await read())
  } catch (error) {
    answerHubError(res, error)
  }
}

/** A hub error as the admin is answered it: refused 422, else 503, in words naming it; anything else is thrown on. */
function answerHubError(res: MedusaResponse, error: unknown): void {
  const outcome = hubOutcome(error)
  if (!outcome) throw error
  res.status(outcome.kind === "refused" ? 422 : 503).json({ type: "hub_error", message: errorText(outcome) })
}

/** A label's or PLP's PDF streamed to the admin as it arrives from the hub; never stored. */
export async function streamPdf(res: MedusaResponse, fileName: string, fetch: () => Promise<HubDocument | null>, absent: string): Promise<void> {
  let document: HubDocument | null
  try {
    document = await fetch()
  } catch (error) {
    return answerHubError(res, error)
  }
  if (!document) {
    res.status(404).json({ type: "not_found", message: absent })
    return
  }
  res.status(200)
  res.setHeader("content-type", "application/pdf")
  res.setHeader("content-disposition", `inline; filename="${fileName.replace(/[^\w.-]+/g, "_")}"`)
  res.setHeader("cache-control", "no-store")
  if (document.contentLength !== undefined) res.setHeader("content-length", String(document.contentLength))
  // A cut-off document (too long, the hub gone) ends the response unfinished: the browser shows it failed.
  document.body.on("error", () => res.destroy())
  document.body.pipe(res)
}
