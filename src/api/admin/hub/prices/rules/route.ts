import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import type { HubPriceRules } from "../../../../../mapping/hub-price-rules"
import { HUB_MODULE } from "../../../../../modules/hub"
import { HubEvents } from "../../../../../modules/hub/events"
import type HubModuleService from "../../../../../modules/hub/service"
import { accountRegion } from "../../../../../queries/hub-prices"
import type { HubAccountQuery } from "../../account-query"
import { assertPriceListExists } from "../price-list"

/** The account's price rules (docs/catalogue.md, Marketplace prices); none saved: Medusa's price as it is. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { id: account, options } = hubModule.account((req.validatedQuery as HubAccountQuery).account)
  const [rules, { currencyCode }] = await Promise.all([hubModule.priceRulesOf(account), accountRegion(req.scope, options)])
  res.json({ account, rules, currency_code: currencyCode })
}

/**
 * Saves the account's price rules and answers at once: `hub-price-rules.saved` has every SKU of that
 * account recorded again (src/subscribers/hub-price-rules-saved.ts), and the catalogue outbox sends the
 * prices that changed (and only those), at the hub's limit, one request per SKU, on that account's hub
 * alone. `skus`: how many SKUs are looked at again.
 */
export async function POST(req: MedusaRequest<HubPriceRules>, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { id: account, options } = hubModule.account((req.validatedQuery as HubAccountQuery).account)
  await assertPriceListExists(req.scope, req.validatedBody)
  await hubModule.savePriceRules(account, req.validatedBody)
  await req.scope.resolve(Modules.EVENT_BUS).emit({ name: HubEvents.PRICE_RULES_SAVED, data: { account } })
  const [rules, { currencyCode }, [, skus]] = await Promise.all([
    hubModule.priceRulesOf(account),
    accountRegion(req.scope, options),
    hubModule.listAndCountHubCatalogueChanges({ account }, { select: ["id"], take: 1 }),
  ])
  res.json({ account, rules, currency_code: currencyCode, skus })
}
