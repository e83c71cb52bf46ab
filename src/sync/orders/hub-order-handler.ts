import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { type ListedHubOrder, parseHubOrder } from "../../hub-client"
import { toMedusaOrder } from "../../mapping/hub-order"
import { hubOrderOutOfBounds } from "../../mapping/hub-order-bounds"
import { hubShipmentParcels } from "../../mapping/hub-fulfillment"
import { hubPaymentOf } from "../../mapping/hub-order-money"
import { errorText } from "../../mapping/error-text"
import { maskPersonalData } from "../../mapping/personal-data"
import {
  type AfterImport,
  type FollowPlan,
  type HubOrderPlan,
  type HubOrderRecordState,
  planAfterImport,
  planHubOrder,
  type SeenHubOrder,
  seenHubOrder,
} from "../../mapping/plan-hub-order"
import { isImported } from "../../mapping/hub-order-states"
import { HUB_MODULE } from "../../modules/hub"
import { accountInLog, accountKey } from "../../modules/hub/accounts"
import type { HubAccount } from "../../modules/hub/hub-account"
import { HubEvents } from "../../modules/hub/events"
import { isClaimTakenOver } from "../../modules/hub/leases"
import type HubModuleService from "../../modules/hub/service"
import { resolveHubOrderTarget, type ResolvedHubOrderTarget } from "../../queries/hub-order-target"
import { variantsBySku } from "../../queries/variants-by-sku"
import { followHubOrderWorkflow } from "../../workflows/hub-orders/follow-hub-order"
import { type HubOrderToImport, importHubOrdersWorkflow } from "../../workflows/hub-orders/import-hub-orders"

/**
 * What handling one hub order came to: `unsettled` when another run is importing it right now (not
 * committed yet, so the queue must not acknowledge it); `failed` when the marketplace's move could
 * not be applied in Medusa (tried again when the order is read again: the queue must not
 * acknowledge it either).
 */
export type HubOrderOutcome = "imported" | "updated" | "set_aside" | "unsettled" | "failed" | "none"

/** A new hub order claimed for import: what the workflow takes, and what following it afterwards needs. */
type ClaimedImport = { listed: ListedHubOrder; seen: SeenHubOrder; afterImport: AfterImport; attempts: number; hubOrder: HubOrderToImport }

/** A hub order's plan, with the record it was made on. */
export type PlannedHubOrder = { plan: HubOrderPlan; record: HubOrderRecordState | null }

/** A listed order and, when the listing that shared it planned it, that plan (`hub_listed_order`'s own column). */
export type ListedWithPlan = { listed: ListedHubOrder; planned: PlannedHubOrder | null }

/**
 * What a listing shares of an order it planned: the plan and only the fields of the record it was made
 * on that handling reads, so the lane that takes it (in any process) neither reads the record nor plans
 * again (`handleMany`).
 */
export function plannedToShare({ plan, record }: PlannedHubOrder): PlannedHubOrder {
  return { plan, record: record && { id: record.id, order_id: record.order_id, status_code: record.status_code, import_state: record.import_state, applied_status_type: record.applied_status_type } }
}

/**
 * What the store does with one hub order it read, whichever run or process reads it: `planHubOrder`
 * decides, one workflow carries it out, a bad order is set aside with its reason and never stops the
 * others. Each order is imported under its claim (one statement, so any number of handlers in any
 * number of processes agree on who imports it) and written under its own lock.
 */
export class HubOrderHandler {
  private constructor(
    private readonly container: MedusaContainer,
    private readonly hubModule: HubModuleService,
    private readonly logger: Logger,
    private readonly account: HubAccount,
    private readonly catalogue: ReadonlyMap<string, string>,
    private readonly target: ResolvedHubOrderTarget
  ) {}

  /**
   * The handler of one hub account's orders. `catalogue`: its hub's status codes and their types, as
   * last read; where its orders land (its sales channel, region and stock location) is read now.
   */
  static async create(container: MedusaContainer, account: HubAccount, catalogue: ReadonlyMap<string, string>): Promise<HubOrderHandler> {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const target = await resolveHubOrderTarget(container, account.options)
    return new HubOrderHandler(container, hubModule, container.resolve(ContainerRegistrationKeys.LOGGER), account, catalogue, target)
  }

  /**
   * Handles one hub order as read, given the store's record of it (undefined: read it now). Resolves
   * once its effect is committed; an order that fails is set aside with the reason. Rejects only when
   * the store itself fails (a set-aside cannot be written).
   */
  async handle(listed: ListedHubOrder, record?: HubOrderRecordState | null): Promise<HubOrderOutcome> {
    const [outcome] = await this.handleMany([{ listed, planned: null }], record === undefined ? undefined : [record])
    return outcome
  }

  /**
   * Handles hub orders as read (records: the store's record of each, in order; undefined: read now,
   * but for a shared order that came with its plan, `plannedToShare`), each as `handle` would: the
   * new ones claimed one by one and imported together, in one workflow (`importHubOrdersWorkflow`);
   * when that fails, one by one, so a bad order is set aside alone and never holds the others back.
   * Outcomes in the orders' order.
   */
  async handleMany(shared: ListedWithPlan[], records?: Array<HubOrderRecordState | null>): Promise<HubOrderOutcome[]> {
    const seen = shared.map(({ listed }) => seenHubOrder(listed, this.catalogue))
    // Read once per order and run: by the listing that shared it, or here.
    const unplanned = records ? [] : seen.filter((_, index) => !shared[index].planned).map((order) => order.code)
    const read = new Map(unplanned.length ? (await this.records(unplanned)).map((record, index) => [unplanned[index], record]) : [])
    const outcomes: HubOrderOutcome[] = seen.map(() => "none")
    const toImport: Array<{ index: number; afterImport: AfterImport }> = []
    for (const [index, order] of seen.entries()) {
      const { listed, planned } = shared[index]
      let following = false
      try {
        const record = planned ? planned.record : ((records ? records[index] : read.get(order.code)) ?? null)
        const plan = planned ? planned.plan : planHubOrder(order, record ?? undefined)
        if (plan.action === "import") toImport.push({ index, afterImport: plan.afterImport })
        else if (plan.action === "follow") {
          following = true
          outcomes[index] = await this.followed(record!, order, plan, listed)
        }
      } catch (caught) {
        // An imported order is never set aside: its move is tried again the next time it is read.
        outcomes[index] = following ? await this.notFollowed(order, caught) : await this.setAside(order, `import failed: ${errorText(caught, 2000)}`)
      }
    }
    if (toImport.length) {
      const imported = await this.importNew(toImport.map(({ index, afterImport }) => ({ listed: shared[index].listed, seen: seen[index], afterImport })))
      for (const [position, { index }] of toImport.entries()) outcomes[index] = imported[position]
    }
    return outcomes
  }

  /** Sets a hub order aside with the reason (see `handle`); "none" when it was imported meanwhile or was set aside for that reason already. */
  async setAsideListed(listed: ListedHubOrder, reason: string): Promise<HubOrderOutcome> {
    return this.setAside(seenHubOrder(listed, this.catalogue), reason)
  }

  private async records(codes: string[]): Promise<Array<HubOrderRecordState | null>> {
    const found = await this.account.records.orders.byCodes(codes)
    const byCode = new Map(found.map((record) => [record.code, record as HubOrderRecordState]))
    return codes.map((code) => byCode.get(code) ?? null)
  }

  /** New hub orders checked, mapped and claimed one by one, then the claimed ones imported (see `handleMany`). */
  private async importNew(orders: Array<{ listed: ListedHubOrder; seen: SeenHubOrder; afterImport: AfterImport }>): Promise<HubOrderOutcome[]> {
    const target = this.target
    const outcomes: HubOrderOutcome[] = orders.map(() => "none")
    const parsed = orders.map(({ listed }) => parseHubOrder(listed))
    const skus = parsed.flatMap((result) => (result.ok ? result.hubOrder.items.map((item) => item.id) : []))
    const variants = skus.length ? await variantsBySku(this.container, [...new Set(skus)]) : new Map()
    const claimed: Array<ClaimedImport & { index: number }> = []
    for (const [index, { listed, seen, afterImport }] of orders.entries()) {
      try {
        const result = parsed[index]
        if (!result.ok) {
          outcomes[index] = await this.setAside(seen, `the hub order is malformed: ${result.reason}`)
          continue
        }
        if (seen.statusType === "UNKNOWN") {
          outcomes[index] = await this.setAside(seen, `the status code ${seen.statusCode} has no known type`)
          continue
        }
        const outOfBounds = hubOrderOutOfBounds(result.hubOrder, { ...this.account.options, countryCodes: target.countryCodes })
        if (outOfBounds) {
          outcomes[index] = await this.setAside(seen, outOfBounds)
          continue
        }
        const mapped = toMedusaOrder(result.hubOrder, variants, target)
        if (!mapped.ok) {
          outcomes[index] = await this.setAside(seen, mapped.reason)
          continue
        }
        const claim = await this.account.records.claimHubOrder(seen)
        if (!claim) {
          outcomes[index] = await this.notClaimed(listed, seen)
          continue
        }
        claimed.push({ index, listed, seen, afterImport, attempts: claim.attempts, hubOrder: { hubOrderId: claim.id, hubOrderCode: seen.code, claimAttempt: claim.attempts, customer: mapped.customer, order: mapped.order } })
      } catch (caught) {
        outcomes[index] = await this.setAside(seen, `import failed: ${errorText(caught, 2000)}`)
      }
    }
    // Together first; a batch that fails was undone whole, and each of its orders is tried alone.
    const together = claimed.length > 1 ? await this.runImport(claimed).catch(() => null) : null
    for (const claim of claimed) {
      let record = together?.get(claim.seen.code)
      if (!record) {
        try {
          record = (await this.runImport([claim])).get(claim.seen.code)!
        } catch (caught) {
          // Its claim taken over: the taker imports it (setting it aside would end the taker's claim).
          outcomes[claim.index] = isClaimTakenOver(caught) ? "unsettled" : await this.setAside(claim.seen, `import failed: ${errorText(caught, 2000)}`)
          continue
        }
      }
      outcomes[claim.index] = await this.imported(claim, record)
    }
    return outcomes
  }

  /** One run of the import workflow over claimed orders: their records as imported, by hub code. */
  private async runImport(claims: ClaimedImport[]): Promise<Map<string, HubOrderRecordState>> {
    const [first] = claims
    const { result } = await importHubOrdersWorkflow(this.container).run({
      input: { hubOrders: claims.map((claim) => claim.hubOrder), stockLocationId: this.target.stockLocationId, account: this.account.id },
      // Names the claims' run in the workflow's traces and logs; unique per account, as codes are.
      context: { transactionId: `hub-order-import:${accountKey(this.account.id)}${first.seen.code}${claims.length > 1 ? `+${claims.length - 1}` : ""}:${first.attempts}` },
    })
    return new Map((result as Array<HubOrderRecordState & { code: string }>).map((record) => [record.code, record]))
  }

  /**
   * A new order whose claim this handler did not win: another run holds it (then it is not done
   * yet), or it was imported meanwhile (its plan, made on the record read before, is out of date:
   * planned again on the record as it is now, as a handler that read it now would).
   */
  private async notClaimed(listed: ListedHubOrder, seen: SeenHubOrder): Promise<HubOrderOutcome> {
    const [record] = await this.records([seen.code])
    if (record?.import_state === "importing") return "unsettled"
    if (!record || !isImported(record.import_state)) return "none"
    const plan = planHubOrder(seen, record)
    if (plan.action !== "follow") return "none"
    try {
      return await this.followed(record, seen, plan, listed)
    } catch (caught) {
      return this.notFollowed(seen, caught)
    }
  }

  /** An order imported: already approved or canceled when first seen, its status is followed now, as its plan decided. */
  private async imported(claim: ClaimedImport, record: HubOrderRecordState): Promise<HubOrderOutcome> {
    const plan = planAfterImport(claim.afterImport, record.import_state === "needs_stock")
    if (plan) {
      // Imported all the same: a move that fails is tried again by the next run that reads it.
      try {
        await this.follow(record, claim.seen, plan, claim.listed)
      } catch (caught) {
        return this.notFollowed(claim.seen, caught)
      }
    }
    return "imported"
  }

  /**
   * A marketplace move whose follow failed: done all the same when another writer applied it
   * meanwhile (a lane of the catch-up listing following the same approval); otherwise Medusa did not
   * take it (an order with fulfillments refuses a cancel): said, and left to be read again.
   */
  private async notFollowed(seen: SeenHubOrder, caught: unknown): Promise<HubOrderOutcome> {
    const [record] = await this.records([seen.code])
    if (record && planHubOrder(seen, record).action === "none") return "none"
    this.logger.warn(`${accountInLog(this.account.id)} order ${seen.code}: its ${seen.statusType} was not followed yet (tried again when it is read again): ${errorText(caught)}`)
    return "failed"
  }

  /** An imported order followed (`follow`): "updated" when a marketplace move was applied. */
  private async followed(record: HubOrderRecordState, seen: SeenHubOrder, plan: FollowPlan, listed: ListedHubOrder): Promise<HubOrderOutcome> {
    await this.follow(record, seen, plan, listed)
    return plan.applyStatus ? "updated" : "none"
  }

  /** The marketplace's move followed on an imported order, as the plan decided. */
  private async follow(record: HubOrderRecordState, seen: SeenHubOrder, plan: FollowPlan, listed: ListedHubOrder) {
    await followHubOrderWorkflow(this.container).run({
      input: {
        hubOrderId: record.id,
        orderId: record.order_id!,
        seen,
        plan,
        stockLocationId: this.target.stockLocationId,
        account: this.account.id,
        // Read only when an order is followed, not for every order of every listing pass.
        payment: plan.applyStatus && plan.applyStatus !== "CANCELED" ? hubPaymentOf(listed) : null,
        parcels: plan.applyStatus === "SHIPPED" || plan.applyStatus === "DELIVERED" ? hubShipmentParcels(listed.shipments) : [],
      },
    })
  }

  /**
   * "set_aside" only when it really was (never an order imported meanwhile) and is news: an order set
   * aside again for the reason it was already set aside for is "none", so the runs that read it every
   * minute found nothing new and fold into one line of the history (issue 58); logged once per reason.
   */
  private async setAside(seen: SeenHubOrder, rawReason: string): Promise<HubOrderOutcome> {
    const reason = maskPersonalData(rawReason)
    const { setAside, newReason } = await this.account.records.setHubOrderAside(seen, reason)
    if (newReason) {
      this.logger.warn(`${accountInLog(this.account.id)} order ${seen.code} set aside: ${reason}`)
      await this.container.resolve(Modules.EVENT_BUS).emit({ name: HubEvents.ORDER_SET_ASIDE, data: { account: this.account.id, code: seen.code, reason } })
    }
    return setAside && newReason ? "set_aside" : "none"
  }
}
