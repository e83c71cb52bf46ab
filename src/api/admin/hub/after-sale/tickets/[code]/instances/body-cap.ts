import type { MedusaRequest } from "@medusajs/framework/http"
import type { BodyCap } from "../../../../../../capped-json-body"
import { HUB_MODULE } from "../../../../../../../modules/hub"
import type HubModuleService from "../../../../../../../modules/hub/service"
import type { HubAccountQuery } from "../../../../account-query"
import { invoiceXmlBodyBytes } from "../../../../orders/[code]/invoice-xml/body-cap"

/** Room for the body's other fields: the note (2,000 characters, each at most 12 bytes as JSON escapes them), the new lines, the keys. */
const FIELDS_BYTES = 32 * 1024

/** The instance route's body cap, of the account the query names: its fields and a return NF-e's XML of `invoiceXmlMaxBytes`. */
export function sacInstanceBodyCap(req: MedusaRequest): BodyCap {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const maxBytes = hubModule.account((req.validatedQuery as HubAccountQuery).account).options.invoiceXmlMaxBytes
  const bytes = invoiceXmlBodyBytes(maxBytes) + FIELDS_BYTES
  return {
    bytes,
    refusal: `return_invoice.xml: the request body is over ${Math.floor(bytes / 1024)} KB, the most an instance with a return NF-e XML of ${Math.floor(maxBytes / 1024)} KB takes as JSON (option invoiceXmlMaxBytes); nothing past that was read`,
    problem: "too_large",
  }
}
