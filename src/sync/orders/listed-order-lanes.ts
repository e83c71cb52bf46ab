import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, partitionArray } from "@medusajs/framework/utils"
import { errorText } from "../../mapping/error-text"
import { HUB_MODULE } from "../../modules/hub"
import { accountInLog } from "../../modules/hub/accounts"
import type { HubAccount } from "../../modules/hub/hub-account"
import type { ImportRunCounts } from "../../modules/hub/types"
import type HubModuleService from "../../modules/hub/service"
import { HubOrderHandler, type HubOrderOutcome, type PlannedHubOrder } from "./hub-order-handler"

/**
 * A listed order whose taker stopped (killed mid-import) is taken again after this long: as long as an
 * order's claim (src/modules/hub/repositories/hub-order.ts), which the next taker then finds expired.
 */
const LISTED_ORDER_LEASE_MS = 60_000

/** Takes before an order is set aside instead: each one ended with its taker gone. */
const LISTED_ORDER_MAX_ATTEMPTS = 3

/**
 * Listed orders a lane takes at once, imported together (`HubOrderHandler.handleMany`): a backlog
 * costs one order creation, reservation and record write per batch (bench/backlog: one worker 32
 * orders/s taking 10, 41 taking 25 with the stock read out of the lock; a failed batch costs its
 * orders one run each). An order taken again after its taker stopped is taken alone (the
 * repository's `take`).
 */
const ORDERS_PER_TAKE = 25

/**
 * This process's share of one hub account's listed orders (`hub_listed_order`): up to its `importConcurrency` lanes,
 * each taking the oldest orders nobody holds, up to `ORDERS_PER_TAKE` at a time, handling them
 * (`HubOrderHandler`: claimed, imported once, or set aside) and marking them done with their outcomes
 * on their runs. The listing's run starts them, and
 * so does every worker that receives the run's event: the orders of one listing are imported by all
 * the store's workers at once.
 */
class ListedOrderLanes {
  private running = 0
  private handled = 0
  private idle: Promise<void> = Promise.resolve()
  private settleIdle: () => void = () => undefined
  private handler: Promise<HubOrderHandler> | null = null

  constructor(
    private readonly container: MedusaContainer,
    private readonly account: HubAccount
  ) {}

  /** Starts the lanes that are not running; resolves once this process's lanes find nothing left to take. */
  drain(): Promise<void> {
    const hubModule: HubModuleService = this.container.resolve(HUB_MODULE)
    if (this.running === 0) {
      // Where orders land and the status catalogue are read again for each busy spell.
      this.handler = null
      this.handled = 0
      this.idle = new Promise((resolve) => (this.settleIdle = resolve))
    }
    while (this.running < this.account.options.importConcurrency) {
      this.running++
      void this.lane(hubModule)
    }
    return this.idle
  }

  private async lane(hubModule: HubModuleService): Promise<void> {
    try {
      const take = () => this.account.records.takeListedHubOrders(LISTED_ORDER_LEASE_MS, ORDERS_PER_TAKE)
      for (let taken = await take(); taken.length; taken = await take()) {
        const handler = await this.currentHandler()
        const [given, toHandle] = partitionArray(taken, (order) => order.attempts > LISTED_ORDER_MAX_ATTEMPTS)
        const outcomes = new Map<string, HubOrderOutcome>()
        for (const order of given) {
          outcomes.set(order.id, await handler.setAsideListed(order.listed, `its import did not finish in ${LISTED_ORDER_MAX_ATTEMPTS} attempts (the process importing it stopped each time)`))
        }
        // The plan is this store's own, written by the run that shared the order (`plannedToShare`).
        const handled = await handler.handleMany(toHandle.map(({ listed, planned }) => ({ listed, planned: planned as PlannedHubOrder | null })))
        toHandle.forEach((order, index) => outcomes.set(order.id, handled[index]))
        await hubModule.listedHubOrdersDone(taken.map((order) => ({ id: order.id, counts: countsOf(outcomes.get(order.id)!) })))
        this.handled += taken.length
      }
    } catch (caught) {
      // The store itself failed (a set-aside could not be written): what this lane took is taken again after its lease.
      this.container.resolve(ContainerRegistrationKeys.LOGGER).warn(`${accountInLog(this.account.id)} a listed order could not be handled: ${errorText(caught)}`)
    } finally {
      if (--this.running === 0) {
        // Which workers share a listing's orders, for an operator reading each process's log.
        if (this.handled) this.container.resolve(ContainerRegistrationKeys.LOGGER).info(`${accountInLog(this.account.id)} ${this.handled} listed hub orders handled in this process`)
        this.settleIdle()
      }
    }
  }

  private currentHandler(): Promise<HubOrderHandler> {
    this.handler ??= this.account.records.statuses.catalogue().then((catalogue) => HubOrderHandler.create(this.container, this.account, catalogue))
    // A failed read is read again by the next take.
    this.handler.catch(() => (this.handler = null))
    return this.handler
  }
}

/** The process's lanes of one hub account (a part of the hub module's process machinery). */
export function listedOrderLanes(container: MedusaContainer, account: HubAccount): ListedOrderLanes {
  return container.resolve<HubModuleService>(HUB_MODULE).processPart(`listed-order-lanes:${account.id}`, () => new ListedOrderLanes(container, account))
}

export function countsOf(outcome: HubOrderOutcome): ImportRunCounts {
  return { imported: outcome === "imported" ? 1 : 0, updated: outcome === "updated" ? 1 : 0, set_aside: outcome === "set_aside" ? 1 : 0 }
}
