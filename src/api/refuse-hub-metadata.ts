import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { describeIssues } from "../hub-client/errors"

/*
 * `hub_*` metadata keys are the plugin's (the hub code and account it shows on an imported order): a
 * storefront customer writes a cart's metadata, and completing the cart copies it onto the order, so
 * the store's cart routes refuse them (a 400 naming the field) rather than drop them silently, which
 * would hide a storefront's mistake. The import never reads them back either
 * (workflows/hub-orders/steps/find-orders-for-hub-codes.ts).
 */

const isHubKey = (key: string) => key.toLowerCase().startsWith("hub_")
const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value)

/** The bodies of the cart routes that carry metadata: the cart's own, its items' at creation, a line item's. */
const cartBodySchema = z.unknown().superRefine((body, context) => {
  if (!isObject(body)) return
  const refuse = (metadata: unknown, path: PropertyKey[]) => {
    if (!isObject(metadata)) return
    for (const key of Object.keys(metadata).filter(isHubKey)) {
      context.addIssue({ code: "custom", path: [...path, key], message: "metadata keys starting with hub_ are the marketplace hub plugin's; the store API does not take them" })
    }
  }
  refuse(body.metadata, ["metadata"])
  if (Array.isArray(body.items)) body.items.forEach((item, index) => isObject(item) && refuse(item.metadata, ["items", index, "metadata"]))
})

/** A `/store/carts*` middleware: only checks, never rewrites the body Medusa's own validation reads next. */
export function refuseHubMetadata(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction): void {
  const parsed = cartBodySchema.safeParse(req.body ?? {})
  if (parsed.success) return next()
  next(new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid request: ${describeIssues(parsed.error.issues)}`))
}
