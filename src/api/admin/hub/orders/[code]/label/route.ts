import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../../../modules/hub"
import type HubModuleService from "../../../../../../modules/hub/service"
import { answerHubRead, streamPdf } from "../../../delivery/answer"
import { hubOrderCodeParam } from "../../validators"

const NO_LABEL = "The hub has no label for this order yet: a Correios label exists once the order is approved, a Direct one once its NF-e XML invoice is processed"

/**
 * A hub order's label (docs/delivery.md): its PDF streamed from the account's hub as it arrives, never
 * stored (`format=pdf`), or its data for a thermal printer (`format=json`). Medusa's fulfillments of
 * the order point at this route.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { account, format } = req.validatedQuery as { account: string; format: "pdf" | "json" }
  const { delivery } = hubModule.account(account)
  const code = hubOrderCodeParam(req)
  if (format === "json") {
    return answerHubRead(res, async () => {
      const data = await delivery.labelData(code)
      if (data === null) res.status(404)
      return data ?? { type: "not_found", message: NO_LABEL }
    })
  }
  await streamPdf(res, `label-${code}.pdf`, () => delivery.label(code), NO_LABEL)
}
