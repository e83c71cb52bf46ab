import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../modules/hub"
import { accountInLog } from "../../modules/hub/accounts"
import type { HubAccount } from "../../modules/hub/hub-account"
import { errorText } from "../../mapping/error-text"
import type HubModuleService from "../../modules/hub/service"
import type { ProcessPart } from "../../modules/hub/process-parts"
import { productsForHubPage } from "../../queries/hub-product-publication"
import { pushHubProductsWorkflow } from "../../workflows/catalogue/push-hub-products"
import { pushWarehouseStockWorkflow } from "../../workflows/catalogue/push-warehouse-stock"
import { applyPriceRulesChunk } from "./price-rules"
import { Rounds } from "./rounds"

const SWEEP_PAGE = 500
/** A sweep at a process's first job run, then this often: events carry the changes in between. */
const SWEEP_EVERY_MS = 15 * 60_000

/**
 * The in-process trigger of one hub account's catalogue, one per account and application (a part of
 * the hub module's process machinery, stopped at shutdown): an account's 429 pause or outage holds
 * its own pushes only, never another account's. One kind of round on one timer (`Rounds`): a chunk of
 * the walk applying saved price rules when one is under way (price-rules.ts: its SKUs recorded again),
 * beside the push of the account's due hub products (workflow `push-hub-products`: each product with its
 * SKUs, or a SKU alone). The chunk runs beside the push, not before it, so a sale's stock change never
 * waits behind the walk for more than the round it lands in.
 */
class CatalogueFlusher implements ProcessPart {
  private readonly rounds: Rounds
  private lastSweepAt = 0
  /**
   * Whether a price-rule walk may be under way, so a round looks for its next chunk: after a save, and
   * at each flush (a walk a killed process left is taken up there); not on the rounds a stock change
   * starts, which would read the rules for nothing.
   */
  private walking = true

  constructor(
    private readonly container: MedusaContainer,
    private readonly account: HubAccount
  ) {
    this.rounds = new Rounds({
      coalesceMs: () => this.account.options.catalogueCoalesceMs,
      retryDelayMs: () => this.account.options.catalogueRetryDelayMs,
      round: async () => {
        let productsPushed = false
        const products = pushHubProductsWorkflow(this.container)
          .run({ input: { account: this.account.id } })
          .finally(() => (productsPushed = true))
        const [walked, { result }, atWarehouses] = await Promise.all([this.walkPriceRules(), products, this.pushWarehouses(() => productsPushed)])
        const claimed = result.claimed + atWarehouses.claimed
        return {
          claimed: claimed + walked,
          nextDueInMs: await this.nextDueInMs(),
          failedAll: claimed > 0 && result.failed + atWarehouses.failed === claimed && !walked,
        }
      },
      failed: (error) => this.warn("catalogue push", error),
    })
  }

  /** A change was recorded: pushed once it is due (after `catalogueCoalesceMs` of quiet, unless `delayMs` says sooner). */
  request(delayMs?: number): void {
    this.rounds.request(delayMs)
  }

  /** The account's price rules were saved: their walk over the catalogue starts now. */
  applyPriceRules(): void {
    this.walking = true
    this.rounds.request(0)
  }

  /**
   * Pushes every due hub product now, and goes on with saved price rules still to apply; resolves once
   * nothing due is left (joins the rounds already running).
   */
  flush(): Promise<void> {
    this.walking = true
    return this.rounds.flush()
  }

  /**
   * Marks every product the account's hub should sell that has no publication yet (the first
   * publication, and any change no process heard), page by page; returns how many were added.
   */
  async sweep(): Promise<number> {
    const { options, records } = this.account
    if (!options.publishProducts) return 0
    let added = 0
    for (let afterId: string | null = null; ; ) {
      const page = await productsForHubPage(this.container, options, afterId, SWEEP_PAGE)
      added += await records.publications.mark(page.productIds, { onlyNew: true })
      if (!page.lastId) break
      afterId = page.lastId
    }
    if (added) this.rounds.request(0)
    return added
  }

  /** The sweep, at most once every `SWEEP_EVERY_MS` in this process. */
  async sweepWhenDue(): Promise<void> {
    if (Date.now() - this.lastSweepAt < SWEEP_EVERY_MS) return
    await this.sweep()
    this.lastSweepAt = Date.now()
  }

  /**
   * The account's other warehouses' due rows, one batch each (docs/catalogue.md, *Warehouses*), and
   * batch after batch while the round's hub products are still being pushed: the stores' limit is
   * their own bucket, so a backlog of PUT /products (a reconciliation's, a price rule's) does not hold
   * the CDs to one batch per round. None mapped, nothing read.
   */
  private async pushWarehouses(productsPushed: () => boolean): Promise<{ claimed: number; failed: number }> {
    const pushed = { claimed: 0, failed: 0 }
    if (!(await this.account.records.settings.warehouses()).warehouses.length) return pushed
    for (;;) {
      const { result } = await pushWarehouseStockWorkflow(this.container).run({ input: { account: this.account.id } })
      pushed.claimed += result.claimed
      pushed.failed += result.failed
      // Nothing due, or every claim failed (the hub unavailable): the round's end decides what next.
      if (productsPushed() || result.claimed === 0 || result.failed === result.claimed) return pushed
    }
  }

  /** When the next hub product or warehouse row is due, whichever is first (null: nothing waits). */
  private async nextDueInMs(): Promise<number | null> {
    const { records } = this.account
    const [products, warehouses] = await Promise.all([records.catalogueClaims.nextDueInMs(), records.nextWarehouseStockDueInMs()])
    if (products === null || warehouses === null) return products ?? warehouses
    return Math.min(products, warehouses)
  }

  /** At shutdown: no new round, no timer; the round in flight ends on its own. */
  stop(): void {
    this.rounds.stop()
  }

  /**
   * One chunk of the price-rule walk, when one may be under way; how many SKUs it recorded again (at
   * least 1 while the walk goes on, so the rounds follow one another until it ends; 0 when done, or when
   * another process walks: if it dies, the safety-net job's flush takes the walk up). A chunk that fails
   * is said in the log and tried again next round: it never holds the pushes back.
   */
  private async walkPriceRules(): Promise<number> {
    if (!this.walking) return 0
    try {
      const chunk = await applyPriceRulesChunk(this.container, this.account)
      if (!chunk || chunk.done) this.walking = false
      return !chunk || chunk.done ? 0 : Math.max(chunk.recorded, 1)
    } catch (error) {
      this.warn("applying the price rules", error)
      return 0
    }
  }

  private warn(what: string, error: unknown): void {
    this.container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`${accountInLog(this.account.id)} ${what} failed (${errorText(error)}); trying again in ${this.account.options.catalogueRetryDelayMs} ms`)
  }
}

/** The process's catalogue flusher of the hub account. */
export function catalogueFlusher(container: MedusaContainer, account: HubAccount): CatalogueFlusher {
  return container.resolve<HubModuleService>(HUB_MODULE).processPart(`catalogue-flusher:${account.id}`, () => new CatalogueFlusher(container, account))
}
