import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { HubPriceRules } from "../../../../../mapping/hub-price-rules"
import { HUB_MODULE } from "../../../../../modules/hub"
import type HubModuleService from "../../../../../modules/hub/service"
import { type PricePreviewLine, previewPrices } from "../../../../../queries/price-preview"
import { categoryNamesOf, ruleView } from "../../products/prices"
import { assertPriceListExists } from "../price-list"

/** SKUs read per pass of the whole catalogue's summary: the preview's memory stays one chunk's. */
const SUMMARY_CHUNK = 500

type Query = { account: string; limit: number; offset: number }

/**
 * What rules not saved yet would send on the account's hub (docs/catalogue.md, Marketplace prices): a
 * page of SKUs (Medusa's price, the hub's now, the hub's after, the change, its steps, or why held), and
 * over the whole catalogue, read a chunk at a time, how many SKUs would change and how many be held.
 * Nothing is saved or sent.
 */
export async function POST(req: MedusaRequest<HubPriceRules>, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { account, limit, offset } = req.validatedQuery as Query
  const { options } = hubModule.account(account)
  const rules = req.validatedBody
  await assertPriceListExists(req.scope, rules)
  const select = ["sku", "variant_id", "accepted"]
  // One pass over the catalogue, a chunk at a time: the summary counts every SKU, the page keeps its own.
  const count = await hubModule.listAndCountHubCatalogueChanges({ account }, { select: ["id"], take: 1 }).then(([, total]) => total)
  const lines: PricePreviewLine[] = []
  const summary = { skus: count, changing: 0, held: 0 }
  let currency: string | null = null
  for (let start = 0; start < count; start += SUMMARY_CHUNK) {
    const chunk = await hubModule.listHubCatalogueChanges({ account }, { select, order: { sku: "ASC" }, skip: start, take: SUMMARY_CHUNK })
    const preview = await previewPrices(req.scope, chunk, options, rules)
    currency = preview.currencyCode
    for (const [index, line] of preview.lines.entries()) {
      if (line.held) summary.held++
      else if (line.steps > 0) summary.changing++
      if (start + index >= offset && start + index < offset + limit) lines.push(line)
    }
  }
  // The page's rules in the merchant's words (a category by its name), as the product card names them.
  const names = await categoryNamesOf(req.scope, lines.map((line) => line.rule))
  const page = lines.map((line) => ({ ...line, rule: line.rule === null ? null : ruleView(line.rule, names) }))
  res.json({ account, currency_code: currency, lines: page, count, limit, offset, summary })
}
