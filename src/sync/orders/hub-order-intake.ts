import { setTimeout as sleep } from "node:timers/promises"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, partitionArray } from "@medusajs/framework/utils"
import type { ListedHubOrder } from "../../hub-client"
import { hubOrderCodeOnRecord, keptWhileListed, unsafeHubOrderCode } from "../../mapping/listed-hub-order"
import { errorText } from "../../mapping/error-text"
import { type HubOrderRecordState, planHubOrder, seenHubOrder } from "../../mapping/plan-hub-order"
import { HUB_MODULE } from "../../modules/hub"
import { accountInLog } from "../../modules/hub/accounts"
import type { HubAccount } from "../../modules/hub/hub-account"
import { HUB_LISTED_ORDERS_EVENT } from "../../modules/hub/events"
import type { ImportRunCounts, SharedListedOrder } from "../../modules/hub/types"
import type HubModuleService from "../../modules/hub/service"
import { refreshHubStatusesWorkflow } from "../../workflows/hub-orders/refresh-hub-statuses"
import { HubOrderHandler, type HubOrderOutcome, plannedToShare } from "./hub-order-handler"
import { countsOf, listedOrderLanes } from "./listed-order-lanes"
import type { Lease } from "../shared/lock"
import { DRIVER_LOCK_TTL_SECONDS } from "../../modules/hub/locks"
import { renewEvery } from "../../modules/hub/leases"

export type OrderImportSummary = {
  runId: string
  seen: number
  imported: number
  updated: number
  set_aside: number
  durationMs: number
  error: string | null
}

/** Shared orders per event: each worker that receives one joins in, so a page reaches several workers. */
const ORDERS_PER_EVENT = 25

/** How often a run waiting for its shared orders looks at how many are left (and at its lock). */
const SHARED_WAIT_POLL_MS = 250

/**
 * Shared orders a run lets wait while it reads its next page: the workers never run dry between
 * pages, and a run is never more than a page ahead of them.
 */
const SHARED_AHEAD = 100

/**
 * The intake of one import run (its record is `HubImportRun`), whichever way it reads the hub (the
 * orders listing or the order queue): what it does with the hub orders it reads. A listing run shares the orders that need
 * work with every worker of the store (`hub_listed_order`, one event per few orders) and imports
 * them beside them; a queue run, one order at a time to acknowledge, handles its own.
 */
export class HubOrderIntake {
  private readonly counts: ImportRunCounts = { imported: 0, updated: 0, set_aside: 0 }
  /** The distinct orders the run read: a run that lists the hub every few seconds reads the same ones again, and Seen counts orders, not reads. */
  private readonly seenCodes = new Set<string>()
  private readonly startedAt = Date.now()
  private catalogue: ReadonlyMap<string, string> = new Map()
  private readonly outcomes = new Map<string, HubOrderOutcome>()
  private handler?: HubOrderHandler
  private heldTimer?: NodeJS.Timeout

  private constructor(
    private readonly container: MedusaContainer,
    private readonly hubModule: HubModuleService,
    private readonly logger: Logger,
    private readonly account: HubAccount,
    private readonly runId: string,
    private readonly intake: "listing" | "queue",
    private readonly lease: Lease
  ) {}

  /** Records the start of a run of one hub account, so the admin sees it even if it ends at once. */
  static async begin(container: MedusaContainer, account: HubAccount, intake: "listing" | "queue", lease: Lease): Promise<HubOrderIntake> {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const runId = await account.records.runs.beginImportRun(intake, heldUntil())
    const intakeOfRun = new HubOrderIntake(container, hubModule, container.resolve(ContainerRegistrationKeys.LOGGER), account, runId, intake, lease)
    intakeOfRun.holdRun()
    return intakeOfRun
  }

  /**
   * Moves the run's lease (`held_until`) on while this process holds the import's lock, as the lock
   * itself is: a run whose process died shows as interrupted once it passes (import-run-state.ts).
   */
  private holdRun(): void {
    this.heldTimer = setInterval(() => {
      if (this.lease.lost) return clearInterval(this.heldTimer)
      void this.account.records.runs.holdImportRun(this.runId, heldUntil()).catch(() => undefined)
    }, renewEvery(DRIVER_LOCK_TTL_SECONDS * 1000))
    this.heldTimer.unref()
  }

  /** Reads the account's status catalogue (code -> type) and where its orders land; returns the catalogue. */
  async prepare(): Promise<ReadonlyMap<string, string>> {
    const { result: statuses } = await refreshHubStatusesWorkflow(this.container).run({ input: { account: this.account.id } })
    this.catalogue = new Map(Object.entries(statuses))
    this.handler = await HubOrderHandler.create(this.container, this.account, this.catalogue)
    return this.catalogue
  }

  /**
   * Handles hub orders as read (the store's records come one query per batch). A queue run resolves
   * once each one's effect is committed; a listing run once all but `SHARED_AHEAD` of its shared
   * orders are (`settle` waits for the rest). Rejects only when the store itself fails (a set-aside
   * cannot be written).
   */
  async handle(read: ListedHubOrder[]): Promise<void> {
    if (!read.length) return
    for (const listed of read) this.seenCodes.add(listed.code)
    const [unsafe, listedOrders] = partitionArray(read, (listed) => unsafeHubOrderCode(listed.code) !== null)
    for (const listed of unsafe) await this.setAsideUnsafeCode(listed)
    if (!listedOrders.length) return
    const records = await this.account.records.orders.byCodes(listedOrders.map((listed) => listed.code))
    const recordsByCode = new Map(records.map((record) => [record.code, record as HubOrderRecordState]))
    if (this.intake === "listing") {
      // Orders with nothing to do (the bulk of every pass) are never shared; the others wait with only what handling them reads,
      // and with their plan and record: the lane that takes one neither plans it nor reads its record again.
      const work = listedOrders.flatMap((listed) => {
        const record = recordsByCode.get(listed.code)
        const plan = planHubOrder(seenHubOrder(listed, this.catalogue), record)
        return plan.action === "none" ? [] : [{ listed: keptWhileListed(listed, plan.action), planned: plannedToShare({ plan, record: record ?? null }) }]
      })
      await this.share(work)
      return this.waitForShared(SHARED_AHEAD)
    }
    for (const listed of listedOrders) {
      // The run's lock lost: not one more order (the driver ends the run with the reason).
      if (!(await this.lease.confirm())) return
      this.count(listed.code, await this.handler!.handle(listed, recordsByCode.get(listed.code) ?? null))
    }
  }

  /**
   * Handles again a queued order another run was importing: its outcome now (`unsettled` while that
   * run still has it; a claim whose taker died is taken over and imported here).
   */
  async handleAgain(listed: ListedHubOrder): Promise<HubOrderOutcome> {
    if (!(await this.lease.confirm())) return "unsettled"
    this.count(listed.code, await this.handler!.handle(listed))
    return this.outcomeOf(listed.code)!
  }

  private count(code: string, outcome: HubOrderOutcome): void {
    this.outcomes.set(code, outcome)
    const counts = countsOf(outcome)
    for (const key of Object.keys(counts) as Array<keyof ImportRunCounts>) this.counts[key] += counts[key]
  }

  /**
   * An order whose code cannot be used (`unsafeHubOrderCode`) is set aside, under a code a record
   * holds (`hubOrderCodeOnRecord`), before anything is stored or asked by it; never acknowledged on
   * the queue, as that is a request by its code (the queue hands it out again after its visibility
   * timeout, and it is set aside again, logged once).
   */
  private async setAsideUnsafeCode(listed: ListedHubOrder): Promise<void> {
    const outcome = await this.handler!.setAsideListed({ ...listed, code: hubOrderCodeOnRecord(listed.code) }, unsafeHubOrderCode(listed.code)!)
    this.counts.set_aside += countsOf(outcome).set_aside
    // Never acknowledged (see above): as an order whose move was not applied.
    this.outcomes.set(listed.code, "failed")
  }

  /** Resolves once every order the run shared is done (or, its lock lost, every one taken before). */
  settle(): Promise<void> {
    return this.waitForShared(0)
  }

  /**
   * How handling a queued order this run read last came to: the queue acknowledges it only once its
   * effect is committed (not `unsettled`: another run still importing it, the listing and the queue
   * read the same orders; not `failed`: its marketplace move not applied in Medusa).
   */
  outcomeOf(code: string): HubOrderOutcome | undefined {
    return this.outcomes.get(code)
  }

  /** Writes the run's record and logs its summary; `failure` is why it ended early, if it did. */
  async finish(failure: unknown | null, { drained = false }: { drained?: boolean } = {}): Promise<OrderImportSummary> {
    clearInterval(this.heldTimer)
    const error = failure === null ? null : errorText(failure, 2000)
    if (error) this.logger.warn(`${accountInLog(this.account.id)} order import (${this.intake}) ended early: ${error}`)
    const durationMs = Date.now() - this.startedAt
    const counts = await this.hubModule.finishHubImportRun(this.runId, { seen: this.seenCodes.size, duration_ms: durationMs, error, drained }, this.counts)
    const summary = { runId: this.runId, ...counts, durationMs, error }
    this.logger.info(
      `${accountInLog(this.account.id)} order import (${this.intake}): ${summary.seen} seen, ${summary.imported} imported, ${summary.updated} updated, ${summary.set_aside} set aside in ${durationMs} ms`
    )
    return summary
  }

  /** Shares the orders with the store's workers (one event per few orders: each worker receiving one joins in). */
  private async share(work: SharedListedOrder[]): Promise<void> {
    if (!work.length || this.lease.lost) return
    await this.account.records.shareListedHubOrders(this.runId, work)
    const events = Array.from({ length: Math.ceil(work.length / ORDERS_PER_EVENT) }, () => ({
      name: HUB_LISTED_ORDERS_EVENT,
      data: { run_id: this.runId, account: this.account.id },
    }))
    await this.container.resolve(Modules.EVENT_BUS).emit(events)
  }

  /**
   * Imports shared orders beside the workers until at most `atMost` of the run's are left. The lock
   * lost: the orders nobody took yet are withdrawn (the next holder reads them again), and the run
   * waits only for those being imported.
   */
  private async waitForShared(atMost: number): Promise<void> {
    if (this.intake !== "listing") return
    const lanes = listedOrderLanes(this.container, this.account)
    for (;;) {
      const draining = lanes.drain()
      if (!(await this.lease.confirm())) await this.hubModule.withdrawListedHubOrders(this.runId)
      if ((await this.hubModule.pendingListedHubOrders(this.runId)) <= atMost) return
      await Promise.race([draining, sleep(SHARED_WAIT_POLL_MS)])
    }
  }
}

/** A run's lease from now: as long as the import's lock lives unrenewed. */
const heldUntil = () => new Date(Date.now() + DRIVER_LOCK_TTL_SECONDS * 1000)
