import { MedusaContainer } from "@medusajs/framework/types"
import { setTimeout as sleep } from "node:timers/promises"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../modules/hub"
import { DEFAULT_ACCOUNT } from "../../modules/hub/accounts"
import { errorText } from "../../mapping/error-text"
import type HubModuleService from "../../modules/hub/service"
import type { ProcessPart } from "../../modules/hub/process-parts"
import { productsForHubPage } from "../../queries/hub-product-publication"
import { publishHubProductsWorkflow } from "../../workflows/catalogue/publish-hub-products"
import { pushCatalogueOutboxWorkflow } from "../../workflows/catalogue/push-catalogue-outbox"

/**
 * A round starts at least this long after the one before it. A reading costs little more CPU for
 * twenty SKUs than for one (22 ms against 11), so rows falling due one after the other are claimed a
 * handful at a time instead of a round each; a backlog's rounds take longer than this anyway.
 */
const ROUND_SPACING_MS = 100
const SWEEP_PAGE = 500
/** A sweep at a process's first job run, then this often: events carry the changes in between. */
const SWEEP_EVERY_MS = 15 * 60_000

/**
 * The in-process trigger of one hub account's catalogue pushes, one per account and application (a
 * part of the hub module's process machinery, stopped at shutdown): an account's 429 pause or outage
 * holds its own rounds only, never another account's pushes. Each round pushes the account's due
 * products (option `publishProducts`: created, edited, disabled, each carrying its SKUs' outbox rows)
 * and then its due outbox rows (the SKUs no product push carries). Requests coalesce: while a flush
 * runs, a request only makes it look again; while none runs, one timer waits for the earliest row
 * to be due. The rows in PostgreSQL stay the truth: this only decides when to look at them, and the
 * safety-net job looks anyway.
 */
class CatalogueFlusher implements ProcessPart {
  private draining?: Promise<void>
  private again = false
  private timer?: NodeJS.Timeout
  private timerDueAt = Number.POSITIVE_INFINITY
  private lastRoundAt = 0
  private lastSweepAt = 0
  private stopped = false

  constructor(
    private readonly container: MedusaContainer,
    private readonly account: string
  ) {}

  /** The account's options (`catalogueCoalesceMs`, `catalogueRetryDelayMs`, ...). */
  private get options() {
    return this.container.resolve<HubModuleService>(HUB_MODULE).account(this.account).options
  }

  /** A change was recorded: flush once it is due (after `catalogueCoalesceMs` of quiet, unless `delayMs` says sooner). */
  request(delayMs = this.options.catalogueCoalesceMs): void {
    if (this.draining) {
      this.again = true
      return
    }
    this.schedule(delayMs)
  }

  /**
   * Marks every product the account's hub should sell that has no publication yet (the first
   * publication, and any change no process heard), page by page; returns how many were added.
   */
  async sweep(): Promise<number> {
    const options = this.options
    if (!options.publishProducts) return 0
    const hub = this.container.resolve<HubModuleService>(HUB_MODULE)
    let added = 0
    for (let afterId: string | null = null; ; ) {
      const page = await productsForHubPage(this.container, options, afterId, SWEEP_PAGE)
      added += await hub.markProductsForHub(page.productIds, this.account, { onlyNew: true })
      if (!page.lastId) break
      afterId = page.lastId
    }
    if (added) this.request(0)
    return added
  }

  /** The sweep, at most once every `SWEEP_EVERY_MS` in this process. */
  async sweepWhenDue(): Promise<void> {
    if (Date.now() - this.lastSweepAt < SWEEP_EVERY_MS) return
    await this.sweep()
    this.lastSweepAt = Date.now()
  }

  /** Flushes now and resolves once nothing due is left; joins the flush already running, if one is. */
  flush(): Promise<void> {
    if (this.draining) {
      this.again = true
      return this.draining
    }
    this.clearTimer()
    this.draining = this.drain().finally(() => {
      this.draining = undefined
    })
    return this.draining
  }

  private async drain(): Promise<void> {
    const options = this.options
    let nextDueInMs: number | null = null
    try {
      // Round after round while rows are being claimed: a backlog drains at the hub's limit.
      while (!this.stopped) {
        this.again = false
        const spacingLeft = this.lastRoundAt + ROUND_SPACING_MS - Date.now()
        if (spacingLeft > 0) await sleep(spacingLeft)
        this.lastRoundAt = Date.now()
        const input = { input: { account: this.account } }
        // Side by side, so a first publication's creates never hold stock back: a SKU whose product's
        // push is due is that push's (it carries it), never the outbox round's.
        const [products, { result: skus }] = await Promise.all([
          options.publishProducts ? publishHubProductsWorkflow(this.container).run(input).then(({ result }) => result) : null,
          pushCatalogueOutboxWorkflow(this.container).run(input),
        ])
        const productsDueInMs = products ? await this.container.resolve<HubModuleService>(HUB_MODULE).nextPublicationDueInMs(this.account) : null
        nextDueInMs = earliest(skus.nextDueInMs, productsDueInMs)
        if (skus.claimed + (products?.claimed ?? 0) === 0) break
        // Every product claimed failed (the hub unavailable) and no SKU went: not round after round.
        if (products && products.claimed > 0 && products.failed === products.claimed && skus.claimed === 0) await sleep(options.catalogueRetryDelayMs)
      }
    } catch (error) {
      const name = this.account === DEFAULT_ACCOUNT ? "" : ` of account ${this.account}`
      this.container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`hub: catalogue push${name} failed (${errorText(error)}); trying again in ${options.catalogueRetryDelayMs} ms`)
      nextDueInMs = options.catalogueRetryDelayMs
    }
    // A change recorded during the last round is due after its quiet time; rows held by another
    // flusher, or waiting out a failure, when their time comes.
    if (this.again) nextDueInMs = Math.min(nextDueInMs ?? Number.POSITIVE_INFINITY, options.catalogueCoalesceMs)
    if (nextDueInMs !== null) this.schedule(Math.max(nextDueInMs, 20))
  }

  /** At shutdown: no new round, no timer; the round in flight ends on its own. */
  stop(): void {
    this.stopped = true
    this.clearTimer()
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return
    const dueAt = Date.now() + delayMs
    if (this.timer && this.timerDueAt <= dueAt) return
    this.clearTimer()
    this.timerDueAt = dueAt
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.timerDueAt = Number.POSITIVE_INFINITY
      void this.flush()
    }, delayMs)
    // Never keeps the process alive: the outbox survives, and the next process sends it.
    this.timer.unref()
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    this.timerDueAt = Number.POSITIVE_INFINITY
  }
}

function earliest(...delays: Array<number | null>): number | null {
  const known = delays.filter((delay): delay is number => delay !== null)
  return known.length ? Math.min(...known) : null
}

/** The process's flusher of the hub account named (an unknown id is refused). */
export function catalogueFlusher(container: MedusaContainer, account: string): CatalogueFlusher {
  const hub = container.resolve<HubModuleService>(HUB_MODULE)
  const { id } = hub.account(account)
  return hub.processPart(`catalogue-flusher:${id}`, () => new CatalogueFlusher(container, id))
}
