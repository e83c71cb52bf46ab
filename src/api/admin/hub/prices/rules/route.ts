import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { HubPriceRules } from "../../../../../mapping/hub-price-rules"
import { HUB_MODULE } from "../../../../../modules/hub"
import type HubModuleService from "../../../../../modules/hub/service"
import { queueCatalogueChange } from "../../../../../sync/catalogue/catalogue-outbox"
import { accountRegion } from "../../../../../queries/hub-prices"
import type { HubAccountQuery } from "../../account-query"
import { assertPriceListExists } from "../price-list"

/** SKUs read again per recording after the rules change: a catalogue of 50,000 never read in one go. */
const RECORD_CHUNK = 500

/** The account's price rules (docs/catalogue.md, Marketplace prices); none saved: Medusa's price as it is. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { id: account, options } = hubModule.account((req.validatedQuery as HubAccountQuery).account)
  const [rules, { currencyCode }] = await Promise.all([hubModule.account(account).records.priceRules(), accountRegion(req.scope, options)])
  res.json({ account, rules, currency_code: currencyCode })
}

/**
 * Saves the account's price rules, then records every SKU of that account again: the catalogue outbox
 * sends the prices that changed (and only those: a SKU whose hub price stays is left alone), at the
 * hub's limit, one request per SKU, on that account's hub alone.
 */
export async function POST(req: MedusaRequest<HubPriceRules>, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { id: account, options } = hubModule.account((req.validatedQuery as HubAccountQuery).account)
  await assertPriceListExists(req.scope, req.validatedBody)
  await hubModule.account(account).records.savePriceRules(req.validatedBody)
  const rows = await hubModule.listHubCatalogueChanges({ account }, { select: ["sku"] })
  for (let start = 0; start < rows.length; start += RECORD_CHUNK) {
    await queueCatalogueChange(req.scope, { account, skus: rows.slice(start, start + RECORD_CHUNK).map((row) => row.sku) })
  }
  const [rules, { currencyCode }] = await Promise.all([hubModule.account(account).records.priceRules(), accountRegion(req.scope, options)])
  res.json({ account, rules, currency_code: currencyCode, skus: rows.length })
}
