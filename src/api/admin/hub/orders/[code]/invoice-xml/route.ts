import { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { NfeUpload } from "../../../../../../hub-client"
import { nfeOrderDifference, readNfeXml } from "../../../../../../mapping/nfe-xml"
import { HUB_MODULE } from "../../../../../../modules/hub"
import type HubModuleService from "../../../../../../modules/hub/service"
import type { HubAccountQuery } from "../../../account-query"
import { answerMove } from "../answer-move"
import { hubOrderCodeParam } from "../../validators"

/**
 * Invoices a hub order of an account with its NF-e XML (docs/delivery.md): the XML is read and checked
 * first (src/mapping/nfe-xml.ts; each problem a 400 naming it, with its code in `problem`, and nothing sent), and held
 * against the order the hub holds (another buyer's refused; other lines refused until `lines_confirmed`), then sent to the hub as
 * the form it takes, with the number of parcels, through the merchant's invoice move (read back before
 * any resend). The XML is held in this process only until this request answers; the key, number and
 * issue date are what the order keeps.
 */
export async function POST(req: MedusaRequest<NfeUpload>, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { id: account, options, orders } = hubModule.account((req.validatedQuery as HubAccountQuery).account)
  const code = hubOrderCodeParam(req)
  const { xml, volume_qty, lines_confirmed } = req.validatedBody
  const nfe = readNfeXml(xml, options.invoiceXmlMaxBytes)
  // Answered here: Medusa's error handler would drop `problem`, which the card turns into the admin's language.
  if (!nfe.ok) return void res.status(400).json({ type: MedusaError.Types.INVALID_DATA, message: `xml: ${nfe.message}`, problem: nfe.problem })
  // The order as the hub holds it: another buyer's NF-e is refused; other lines, until the merchant confirms them.
  const hubOrder = await orders.get(code)
  const difference = nfeOrderDifference(xml, { buyer: hubOrder.customer?.vat_number ?? null, items: hubOrder.items.map((item) => ({ sku: item.id, qty: item.qty })) })
  if (difference && !(difference.problem === "lines_differ" && lines_confirmed)) {
    return void res.status(400).json({ type: MedusaError.Types.INVALID_DATA, message: `xml: ${difference.message}`, problem: difference.problem })
  }
  const upload = hubModule.nfeUploads.hold(xml)
  try {
    await answerMove(req, res, account, { kind: "invoice", invoice: { key: nfe.key, issue_date: nfe.issueDate }, nfe: { volume_qty, upload } })
  } finally {
    hubModule.nfeUploads.drop(upload)
  }
}
