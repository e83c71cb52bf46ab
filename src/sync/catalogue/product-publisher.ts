import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { setTimeout as sleep } from "node:timers/promises"
import { errorText } from "../../mapping/error-text"
import { HUB_MODULE } from "../../modules/hub"
import { accountInLog } from "../../modules/hub/accounts"
import type HubModuleService from "../../modules/hub/service"
import { productsForHubPage, publicationsConcerned } from "../../queries/hub-product-publication"
import { publishHubProductsWorkflow } from "../../workflows/catalogue/publish-hub-products"
import type { ProcessPart } from "../../modules/hub/process-parts"
import { catalogueFlusher } from "./catalogue-flusher"

const SWEEP_PAGE = 500
/** A sweep at a process's first job run, then this often: events carry the changes in between. */
const SWEEP_EVERY_MS = 15 * 60_000

/**
 * The in-process trigger of one hub account's product publication (its option `publishProducts`), one
 * per account and application (a part of the hub module's process machinery, stopped at shutdown),
 * as the catalogue flusher is for stock: a change makes it look after the quiet time; rounds run while
 * the account's products are claimed (so a first publication drains at its `POST /products` limit).
 * An account's 429 pause or outage holds its own rounds only. The rows in PostgreSQL stay the truth;
 * the job looks anyway.
 */
class ProductPublisher implements ProcessPart {
  private running?: Promise<void>
  private again = false
  private timer?: NodeJS.Timeout
  private timerDueAt = 0
  private lastSweepAt = 0
  private stopped = false

  constructor(
    private readonly container: MedusaContainer,
    private readonly account: string
  ) {}

  private get hub(): HubModuleService {
    return this.container.resolve(HUB_MODULE)
  }

  /** The account's options (`publishProducts`, `catalogueCoalesceMs`, `catalogueRetryDelayMs`, ...). */
  private get options() {
    return this.hub.account(this.account).options
  }

  /** Products changed in Medusa: marked now, pushed once quiet. */
  async productsChanged(productIds: string[]): Promise<void> {
    if (!this.options.publishProducts || !productIds.length) return
    await this.hub.markProductsForHub(productIds, this.account)
    this.request(this.options.catalogueCoalesceMs)
  }

  /**
   * Marks every product the account's hub should sell that has no row yet (the first publication, and
   * any change no process heard), page by page; returns how many were added.
   */
  async sweep(): Promise<number> {
    const options = this.options
    if (!options.publishProducts) return 0
    let added = 0
    for (let afterId: string | null = null; ; ) {
      const page = await productsForHubPage(this.container, options, afterId, SWEEP_PAGE)
      added += await this.hub.markProductsForHub(page.productIds, this.account, { onlyNew: true })
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

  /** Pushes every due product now; joins the round already running in this process, if one is. */
  publish(): Promise<void> {
    if (this.running) {
      this.again = true
      return this.running
    }
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    this.running = this.drain().then((nextDueInMs) => {
      this.running = undefined
      // A change marked during the rounds is due after its quiet time, which the last round may have
      // come before; rows not due yet (still quiet, a failure waiting its retry) at their time.
      const coalesce = this.again ? this.options.catalogueCoalesceMs : null
      this.again = false
      const delays = [nextDueInMs, coalesce].filter((delay): delay is number => delay !== null)
      if (delays.length) this.request(Math.max(20, Math.min(...delays)))
    })
    return this.running
  }

  /** Rounds while products are claimed; resolves with when the next row is due (null: none). */
  private async drain(): Promise<number | null> {
    try {
      while (!this.stopped) {
        const { result } = await publishHubProductsWorkflow(this.container).run({ input: { account: this.account } })
        // A create's SKUs were waiting in the account's catalogue outbox for it: they may go now.
        if (result.published) catalogueFlusher(this.container, this.account).request()
        if (result.claimed === 0) break
        if (result.failed === result.claimed) await sleep(this.options.catalogueRetryDelayMs)
      }
      return await this.hub.nextPublicationDueInMs(this.account)
    } catch (error) {
      this.container.resolve(ContainerRegistrationKeys.LOGGER).warn(`${accountInLog(this.account)} product publication failed (${errorText(error)}); trying again soon`)
      return this.options.catalogueRetryDelayMs
    }
  }

  /** At shutdown: no new round, no timer; the round in flight ends on its own. */
  stop(): void {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
  }

  private request(delayMs: number): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    const dueAt = Date.now() + delayMs
    if (this.timer && this.timerDueAt <= dueAt) return
    if (this.timer) clearTimeout(this.timer)
    this.timerDueAt = dueAt
    this.timer = setTimeout(() => {
      this.timer = undefined
      void this.publish()
    }, delayMs)
    // Never keeps the process alive: the rows survive, and the next process sends them.
    this.timer.unref()
  }
}

/** The process's publisher of the hub account named (an unknown id is refused). */
export function productPublisher(container: MedusaContainer, account: string): ProductPublisher {
  const hub = container.resolve<HubModuleService>(HUB_MODULE)
  const { id } = hub.account(account)
  return hub.processPart(`product-publisher:${id}`, () => new ProductPublisher(container, id))
}

/**
 * Products changed in Medusa (themselves, a variant, their sales channels): marked for every
 * publishing account concerned (its channel has them, or its hub was sent them), each pushed by that
 * account's publisher once quiet.
 */
export async function publishProductsChanged(container: MedusaContainer, productIds: string[]): Promise<void> {
  for (const concerned of await publicationsConcerned(container, productIds)) {
    await productPublisher(container, concerned.account).productsChanged(concerned.productIds)
  }
}
