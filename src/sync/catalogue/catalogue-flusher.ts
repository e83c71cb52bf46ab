import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../modules/hub"
import { accountInLog } from "../../modules/hub/accounts"
import type { HubAccount } from "../../modules/hub/hub-account"
import { errorText } from "../../mapping/error-text"
import type HubModuleService from "../../modules/hub/service"
import type { ProcessPart } from "../../modules/hub/process-parts"
import { productsForHubPage } from "../../queries/hub-product-publication"
import { publishHubProductsWorkflow } from "../../workflows/catalogue/publish-hub-products"
import { pushCatalogueOutboxWorkflow } from "../../workflows/catalogue/push-catalogue-outbox"
import { applyPriceRulesChunk } from "./price-rules"
import { Rounds } from "./rounds"

const SWEEP_PAGE = 500
/** A sweep at a process's first job run, then this often: events carry the changes in between. */
const SWEEP_EVERY_MS = 15 * 60_000

/**
 * The in-process trigger of one hub account's catalogue, one per account and application (a part of
 * the hub module's process machinery, stopped at shutdown): an account's 429 pause or outage holds
 * its own pushes only, never another account's. Three kinds of rounds, each on its own timer
 * (`Rounds`) so a slow one never holds another back: the products (option `publishProducts`:
 * created, edited or disabled, each push carrying its SKUs' outbox rows), the outbox rows no
 * product push carries (stock of SKUs whose product is not due, or not this store's to publish), and
 * the walk applying saved price rules, a chunk of SKUs recorded again per round (price-rules.ts).
 */
class CatalogueFlusher implements ProcessPart {
  private readonly products: Rounds
  private readonly skus: Rounds
  private readonly prices: Rounds
  private lastSweepAt = 0

  constructor(
    private readonly container: MedusaContainer,
    private readonly account: string
  ) {
    const settings = {
      coalesceMs: () => this.options.catalogueCoalesceMs,
      retryDelayMs: () => this.options.catalogueRetryDelayMs,
    }
    const input = () => ({ input: { account: this.account } })
    this.skus = new Rounds({
      ...settings,
      round: async () => (await pushCatalogueOutboxWorkflow(this.container).run(input())).result,
      failed: (error) => this.warn("catalogue outbox push", error),
    })
    this.products = new Rounds({
      ...settings,
      round: async () => {
        const { result } = await publishHubProductsWorkflow(this.container).run(input())
        // A row a product's push gave back (refused for the product's own fields), or a product
        // created, leaves SKUs to the outbox's rounds.
        if (result.claimed) this.skus.request(0)
        return { claimed: result.claimed, nextDueInMs: await this.held.records.nextPublicationDueInMs(), failedAll: result.claimed > 0 && result.failed === result.claimed }
      },
      failed: (error) => this.warn("product publication", error),
    })
    this.prices = new Rounds({
      ...settings,
      round: async () => {
        const chunk = await applyPriceRulesChunk(this.container, this.account)
        if (chunk?.queued) this.request()
        // Null: another process walks now (if it dies, the safety-net job's flush takes the walk up).
        return { claimed: !chunk || chunk.done ? 0 : Math.max(chunk.recorded, 1), nextDueInMs: null }
      },
      failed: (error) => this.warn("applying the price rules", error),
    })
  }

  /** The account this flusher serves, as the hub module holds it (its options, its records). */
  private get held(): HubAccount {
    return this.container.resolve<HubModuleService>(HUB_MODULE).account(this.account)
  }

  /** The account's options (`catalogueCoalesceMs`, `publishProducts`, ...). */
  private get options() {
    return this.held.options
  }

  /** A change was recorded: pushed once it is due (after `catalogueCoalesceMs` of quiet, unless `delayMs` says sooner). */
  request(delayMs?: number): void {
    this.skus.request(delayMs)
    if (this.options.publishProducts) this.products.request(delayMs)
  }

  /** The account's price rules were saved: their walk over the catalogue starts now. */
  applyPriceRules(): void {
    this.prices.request(0)
  }

  /**
   * Pushes every due product and row now, and goes on with saved price rules still to apply; resolves
   * once nothing due is left (joins the rounds already running).
   */
  async flush(): Promise<void> {
    // The walk first (nothing to do, most times: one read): what it records is pushed after it. Each
    // kind flushed once, not twice at once, which would have its rounds look again on a timer.
    await this.prices.flush()
    await Promise.all([this.options.publishProducts ? this.products.flush() : undefined, this.skus.flush()])
  }

  /**
   * Marks every product the account's hub should sell that has no publication yet (the first
   * publication, and any change no process heard), page by page; returns how many were added.
   */
  async sweep(): Promise<number> {
    const options = this.options
    if (!options.publishProducts) return 0
    let added = 0
    for (let afterId: string | null = null; ; ) {
      const page = await productsForHubPage(this.container, options, afterId, SWEEP_PAGE)
      added += await this.held.records.markProductsForHub(page.productIds, { onlyNew: true })
      if (!page.lastId) break
      afterId = page.lastId
    }
    if (added) this.products.request(0)
    return added
  }

  /** The sweep, at most once every `SWEEP_EVERY_MS` in this process. */
  async sweepWhenDue(): Promise<void> {
    if (Date.now() - this.lastSweepAt < SWEEP_EVERY_MS) return
    await this.sweep()
    this.lastSweepAt = Date.now()
  }

  /** At shutdown: no new round, no timer; the rounds in flight end on their own. */
  stop(): void {
    this.products.stop()
    this.skus.stop()
    this.prices.stop()
  }

  private warn(what: string, error: unknown): void {
    this.container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`${accountInLog(this.account)} ${what} failed (${errorText(error)}); trying again in ${this.options.catalogueRetryDelayMs} ms`)
  }
}

/** The process's catalogue flusher of the hub account named (an unknown id is refused). */
export function catalogueFlusher(container: MedusaContainer, account: string): CatalogueFlusher {
  const hub = container.resolve<HubModuleService>(HUB_MODULE)
  const { id } = hub.account(account)
  return hub.processPart(`catalogue-flusher:${id}`, () => new CatalogueFlusher(container, id))
}
