import type { MedusaRequest } from "@medusajs/framework/http"
import type { BodyCap } from "../../../../../capped-json-body"
import { HUB_MODULE } from "../../../../../../modules/hub"
import type HubModuleService from "../../../../../../modules/hub/service"
import type { HubAccountQuery } from "../../../account-query"

/** Room for the body's other fields (`volume_qty`, the keys, the braces). */
const ENVELOPE_BYTES = 4096

/**
 * The most a JSON body carrying an NF-e XML of the account's `invoiceXmlMaxBytes` weighs: JSON escapes
 * `"`, `\`, tab, CR and LF in two bytes, and XML 1.0 allows no other control character, so twice the
 * XML is the bound (a client escaping non-ASCII as \uXXXX goes past it, and is refused).
 */
export function invoiceXmlBodyBytes(invoiceXmlMaxBytes: number): number {
  return 2 * invoiceXmlMaxBytes + ENVELOPE_BYTES
}

/** The invoice-XML route's body cap, of the account the query names (`validateAndTransformQuery` ran before). */
export function invoiceXmlBodyCap(req: MedusaRequest): BodyCap {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const maxBytes = hubModule.account((req.validatedQuery as HubAccountQuery).account).options.invoiceXmlMaxBytes
  const kb = (bytes: number) => Math.floor(bytes / 1024)
  return {
    bytes: invoiceXmlBodyBytes(maxBytes),
    refusal: `xml: the request body is over ${kb(invoiceXmlBodyBytes(maxBytes))} KB, the most an NF-e XML of ${kb(maxBytes)} KB takes as JSON (option invoiceXmlMaxBytes); nothing past that was read`,
    problem: "too_large",
  }
}
