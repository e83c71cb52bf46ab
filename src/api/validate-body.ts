import { type MedusaNextFunction, type MedusaRequest, type MedusaResponse, validateAndTransformBody } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { describeIssues } from "../hub-client/errors"

type BodySchema = Parameters<typeof validateAndTransformBody>[0] & {
  safeParse(body: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } }
}

/**
 * Medusa's body validation, with a 400 that names each issue's field by its path: Medusa's own
 * message leaves the path out of format and custom issues ("Invalid email address", "postcode must
 * hold digits only": of which address?). The second step is Medusa's, which sets `validatedBody`.
 */
export function validateBody(schema: BodySchema) {
  const nameFields = (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) => {
    const parsed = schema.safeParse(req.body)
    if (parsed.success) return next()
    next(new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid request: ${describeIssues(parsed.error.issues)}`))
  }
  return [nameFields, validateAndTransformBody(schema)]
}
