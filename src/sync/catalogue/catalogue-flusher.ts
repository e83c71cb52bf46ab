import { MedusaContainer } from "@medusajs/framework/types"
import { setTimeout as sleep } from "node:timers/promises"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../modules/hub"
import { DEFAULT_ACCOUNT } from "../../modules/hub/accounts"
import { errorText } from "../../mapping/error-text"
import type HubModuleService from "../../modules/hub/service"
import type { ProcessPart } from "../../modules/hub/process-parts"
import { pushCatalogueOutboxWorkflow } from "../../workflows/catalogue/push-catalogue-outbox"

/**
 * A round starts at least this long after the one before it. A reading costs little more CPU for
 * twenty SKUs than for one (22 ms against 11), so rows falling due one after the other are claimed a
 * handful at a time instead of a round each; a backlog's rounds take longer than this anyway.
 */
const ROUND_SPACING_MS = 100

/**
 * The in-process trigger of one hub account's catalogue outbox flush, one per account and application
 * (a part of the hub module's process machinery, stopped at shutdown): an account's 429 pause or
 * outage holds its own rounds only, never another account's pushes. Requests coalesce:
 * while a flush runs, a request only makes it look again for the change; while none runs, one
 * timer waits for the earliest row to be due. The outbox in PostgreSQL stays the
 * truth: this only decides when to look at it, and the safety-net job looks anyway.
 */
class CatalogueFlusher implements ProcessPart {
  private draining?: Promise<void>
  private again = false
  private timer?: NodeJS.Timeout
  private timerDueAt = Number.POSITIVE_INFINITY
  private lastRoundAt = 0
  private stopped = false

  constructor(
    private readonly container: MedusaContainer,
    private readonly account: string
  ) {}

  /** The account's options (`catalogueCoalesceMs`, `catalogueRetryDelayMs`, ...). */
  private get options() {
    return this.container.resolve<HubModuleService>(HUB_MODULE).account(this.account).options
  }

  /** A change was recorded: flush once it is due (after `catalogueCoalesceMs` of quiet). */
  request(): void {
    if (this.draining) {
      this.again = true
      return
    }
    this.schedule(this.options.catalogueCoalesceMs)
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
        const { result } = await pushCatalogueOutboxWorkflow(this.container).run({ input: { account: this.account } })
        nextDueInMs = result.nextDueInMs
        if (result.claimed === 0) break
      }
    } catch (error) {
      const name = this.account === DEFAULT_ACCOUNT ? "" : ` of account ${this.account}`
      this.container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`hub: stock flush${name} failed (${errorText(error)}); trying again in ${options.catalogueRetryDelayMs} ms`)
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

/** The process's flusher of the hub account named (an unknown id is refused). */
export function catalogueFlusher(container: MedusaContainer, account: string): CatalogueFlusher {
  const hub = container.resolve<HubModuleService>(HUB_MODULE)
  const { id } = hub.account(account)
  return hub.processPart(`catalogue-flusher:${id}`, () => new CatalogueFlusher(container, id))
}
