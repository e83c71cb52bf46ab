import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../modules/hub"
import type { HubAccount } from "../../modules/hub/hub-account"
import type HubModuleService from "../../modules/hub/service"
import { publicationsConcerned } from "../../queries/hub-product-publication"
import type { HubFieldMapping } from "../../mapping/hub-field-mapping"
import type { HubPriceRules } from "../../mapping/hub-price-rules"
import type { CatalogueChanges } from "../../workflows/catalogue/record-catalogue-changes"
import { saveHubFieldMappingWorkflow } from "../../workflows/catalogue/save-hub-field-mapping"
import { saveHubPriceRulesWorkflow } from "../../workflows/catalogue/save-hub-price-rules"
import { catalogueFlusher } from "./catalogue-flusher"
import { catalogueChangeRecorder } from "./catalogue-recorder"

/*
 * The catalogue's entry points. A change goes in through `queueCatalogueChange` (events, the
 * reconciliation), a product's through `publishProductsChanged` (option `publishProducts`);
 * `flushCatalogueOutbox` sends what is due now (the safety-net job), and takes up a walk applying
 * saved price rules that a killed process left. Inside: the recorder batches
 * changes into the outbox in PostgreSQL (a row per SKU and hub account), each account's flusher
 * decides when to push its products and rows.
 */

/**
 * Records the available quantity of every SKU the change reaches in the outbox of every account
 * of the store (or of the one the change names) and, when one changed, has that account's flusher push it
 * once it is due. Resolves once the change is durable (a recording that fails is tried again until
 * it lands), with whether anything was queued.
 */
export async function queueCatalogueChange(container: MedusaContainer, changes: CatalogueChanges): Promise<boolean> {
  const queuedFor = await catalogueChangeRecorder(container).record(changes)
  const hubModule = container.resolve<HubModuleService>(HUB_MODULE)
  for (const id of queuedFor) catalogueFlusher(container, hubModule.account(id)).request()
  return queuedFor.length > 0
}

/**
 * A product or variant created, changed or deleted in Medusa (or a product's sales channels): its SKUs,
 * and those it held before, go to the outbox, and with `publishProducts` its product is looked at again
 * (published, its changed fields sent, or disabled) by each publishing account concerned. The one
 * entry of the subscribers on these events.
 */
export async function queueProductChange(container: MedusaContainer, changes: { productIds?: string[]; variantIds?: string[] }): Promise<void> {
  if (container.resolve<HubModuleService>(HUB_MODULE).publishingAccounts.length) {
    const variantIds = changes.variantIds ?? []
    // A deleted variant still names its product.
    const variants = variantIds.length ? await container.resolve(Modules.PRODUCT).listProductVariants({ id: variantIds }, { select: ["product_id"], withDeleted: true }) : []
    const productIds = [...(changes.productIds ?? []), ...variants.flatMap((variant) => (variant.product_id ? [variant.product_id] : []))]
    if (productIds.length) await publishProductsChanged(container, productIds)
  }
  await queueCatalogueChange(container, changes)
}

/**
 * Products changed in Medusa (themselves, a variant, their sales channels): marked for every
 * publishing account concerned (its channel has them, or its hub was sent them), each pushed by that
 * account's flusher once quiet.
 */
export async function publishProductsChanged(container: MedusaContainer, productIds: string[]): Promise<void> {
  const hubModule = container.resolve<HubModuleService>(HUB_MODULE)
  for (const concerned of await publicationsConcerned(container, productIds)) {
    const account = hubModule.account(concerned.account)
    await account.records.publications.mark(concerned.productIds)
    catalogueFlusher(container, account).request()
  }
}

/**
 * An account's mapping of hub fields saved (src/api/admin/hub/mapping) by its workflow: every product
 * its publication holds is due, and its flusher pushes them, each sending only what the mapping
 * changed of its body.
 */
export async function saveFieldMapping(container: MedusaContainer, account: HubAccount, mapping: HubFieldMapping): Promise<number> {
  const { result: products } = await saveHubFieldMappingWorkflow(container).run({ input: { account: account.id, mapping } })
  if (products) catalogueFlusher(container, account).request()
  return products
}

/**
 * An account's price rules saved (src/api/admin/hub/prices/rules) by their workflow: saved with the
 * start of their walk over the account's SKUs in one statement, and the walk begun in this process's
 * flusher (price-rules.ts); resolves once saved, not once applied (a catalogue of 50,000 takes minutes).
 */
export async function savePriceRules(container: MedusaContainer, account: HubAccount, rules: HubPriceRules): Promise<void> {
  await saveHubPriceRulesWorkflow(container).run({ input: { account: account.id, rules } })
  catalogueFlusher(container, account).applyPriceRules()
}

/**
 * Pushes the named account's due products and outbox rows now, or every account's of the store at once when none is named;
 * joins each flush already running in this process.
 */
export async function flushCatalogueOutbox(container: MedusaContainer, account?: HubAccount): Promise<void> {
  const accounts = account ? [account] : container.resolve<HubModuleService>(HUB_MODULE).accounts
  await Promise.all(accounts.map((each) => catalogueFlusher(container, each).flush()))
}
