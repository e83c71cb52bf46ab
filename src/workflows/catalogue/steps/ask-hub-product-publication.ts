import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../../modules/hub"
import { isDefaultAccount } from "../../../modules/hub/accounts"
import type HubModuleService from "../../../modules/hub/service"

/** *Publish now* (the product looked at at once, a body the hub refused sent once more) or the product kept off the hub (`excluded`), or let back. */
export type ProductPublicationAsk = { publishNow?: boolean; excluded?: boolean }
export type AskHubProductPublicationInput = { account: string; productId: string; ask: ProductPublicationAsk }

/** The ask is refused (nothing written) unless the account publishes products and the store has this one; answers the product. */
export const checkHubProductPublicationAskStep = createStep(
  "check-hub-product-publication-ask",
  async ({ account, productId }: AskHubProductPublicationInput, { container }) => {
    const { options } = container.resolve<HubModuleService>(HUB_MODULE).account(account)
    if (!options.publishProducts) {
      const where = isDefaultAccount(account) ? "the plugin option publishProducts (HUB_PUBLISH_PRODUCTS=true)" : `publishProducts in hub account ${account}'s options`
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Products are not published to the hub: set ${where}`)
    }
    const [product] = await container.resolve(Modules.PRODUCT).listProducts({ id: productId }, { select: ["id", "title"] })
    if (!product) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Product ${productId} was not found`)
    return new StepResponse({ id: product.id, title: product.title })
  }
)

/**
 * Records the ask on the product's publication row of the account (made due). Compensation gives the
 * row back its exclusion, refused body and attempts (a row the ask made is removed); being due once
 * more costs a push that finds nothing to send.
 */
export const askHubProductPublicationStep = createStep(
  "ask-hub-product-publication",
  async ({ account, productId, ask }: AskHubProductPublicationInput, { container }) => {
    const before = await container.resolve<HubModuleService>(HUB_MODULE).account(account).records.publications.ask(productId, ask)
    return new StepResponse(undefined, { account, productId, before })
  },
  async (undo, { container }) => {
    if (!undo) return
    await container.resolve<HubModuleService>(HUB_MODULE).account(undo.account).records.publications.undoAsk(undo.productId, undo.before)
  }
)
