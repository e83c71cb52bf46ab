import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { HubPriceRules } from "../../../../../mapping/hub-price-rules"
import { HUB_MODULE } from "../../../../../modules/hub"
import type { HubAccount } from "../../../../../modules/hub/hub-account"
import type HubModuleService from "../../../../../modules/hub/service"
import { savePriceRules } from "../../../../../sync/catalogue/catalogue-outbox"
import { accountRegion } from "../../../../../queries/hub-prices"
import type { HubAccountQuery } from "../../account-query"
import type { HubPriceRulesAnswer } from "../../types"
import { assertPriceListExists } from "../price-list"

/** The account's price rules (docs/catalogue.md, Marketplace prices), and how far the last save is applied; none saved: Medusa's price as it is. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await rulesAnswer(req.scope.resolve<HubModuleService>(HUB_MODULE).account((req.validatedQuery as HubAccountQuery).account), req.scope))
}

/**
 * Saves the account's price rules and answers at once: the account's flusher then records every SKU
 * of that account again, a chunk at a time (`applying` says how far, `applied` when it went through), and the catalogue outbox sends
 * the prices that changed (and only those: a SKU whose hub price stays is left alone), at the hub's
 * limit, one request per SKU, on that account's hub alone.
 */
export async function POST(req: MedusaRequest<HubPriceRules>, res: MedusaResponse) {
  const account = req.scope.resolve<HubModuleService>(HUB_MODULE).account((req.validatedQuery as HubAccountQuery).account)
  await assertPriceListExists(req.scope, req.validatedBody)
  await savePriceRules(req.scope, account, req.validatedBody)
  res.json(await rulesAnswer(account, req.scope))
}

async function rulesAnswer({ id, options, records }: HubAccount, scope: MedusaContainer): Promise<HubPriceRulesAnswer> {
  const [rules, applying, applied, { currencyCode }, noSale] = await Promise.all([
    records.settings.priceRules(),
    records.settings.priceRulesProgress(),
    records.settings.priceRulesApplied(),
    accountRegion(scope, options),
    records.settings.noSale(),
  ])
  return { account: id, rules, currency_code: currencyCode, applying, applied: applied && { at: applied.at.toISOString(), skus: applied.skus }, no_sale: noSale }
}
