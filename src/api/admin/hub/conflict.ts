import type { MedusaResponse } from "@medusajs/framework/http"

/**
 * The admin routes' one answer for "another one is running" or "being sent already": 409 with our
 * message, answered here because Medusa's error handler would replace it with a generic one.
 */
export function answerConflict(res: MedusaResponse, message: string): void {
  res.status(409).json({ type: "conflict", message })
}
