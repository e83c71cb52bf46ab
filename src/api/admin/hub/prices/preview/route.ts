import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { HubPriceRules } from "../../../../../mapping/hub-price-rules"
import { HUB_MODULE } from "../../../../../modules/hub"
import type HubModuleService from "../../../../../modules/hub/service"
import { previewCatalogue } from "../../../../../queries/price-preview"
import { categoryNamesOf, ruleView } from "../../products/prices"
import { assertPriceListExists } from "../price-list"

type Query = { account: string; limit: number; offset: number }

/**
 * What rules not saved yet would send on the account's hub (docs/catalogue.md, Marketplace prices): a
 * page of SKUs (Medusa's price, the hub's now, the hub's after, the change, its steps, or why held), and
 * over the whole catalogue, read a chunk at a time, how many SKUs would change and how many be held.
 * Nothing is saved or sent.
 */
export async function POST(req: MedusaRequest<HubPriceRules>, res: MedusaResponse) {
  const { account, limit, offset } = req.validatedQuery as Query
  const hubAccount = req.scope.resolve<HubModuleService>(HUB_MODULE).account(account)
  const rules = req.validatedBody
  await assertPriceListExists(req.scope, rules)
  const { currencyCode, count, lines, summary } = await previewCatalogue(req.scope, hubAccount, rules, { limit, offset })
  // The page's rules in the merchant's words (a category by its name), as the product card names them.
  const names = await categoryNamesOf(req.scope, lines.map((line) => line.rule))
  const page = lines.map((line) => ({ ...line, rule: line.rule === null ? null : ruleView(line.rule, names) }))
  res.json({ account, currency_code: currencyCode, lines: page, count, limit, offset, summary })
}
