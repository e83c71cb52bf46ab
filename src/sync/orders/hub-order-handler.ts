import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { type ListedHubOrder, parseHubOrder } from "../../hub-client"
import { toMedusaOrder } from "../../mapping/hub-order"
import { hubOrderOutOfBounds } from "../../mapping/hub-order-bounds"
import { hubPaymentOf } from "../../mapping/hub-order-money"
import { errorText } from "../../mapping/error-text"
import { maskPersonalData } from "../../mapping/personal-data"
import { type HubOrderPlan, type HubOrderRecordState, planHubOrder, type SeenHubOrder, seenHubOrder } from "../../mapping/plan-hub-order"
import { HUB_MODULE } from "../../modules/hub"
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
type ClaimedImport = { listed: ListedHubOrder; seen: SeenHubOrder; attempts: number; hubOrder: HubOrderToImport }

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
    private readonly catalogue: ReadonlyMap<string, string>,
    private readonly target: ResolvedHubOrderTarget
  ) {}

  /** `catalogue`: the hub's status codes and their types, as last read; where orders land is read now. */
  static async create(container: MedusaContainer, catalogue: ReadonlyMap<string, string>): Promise<HubOrderHandler> {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const target = await resolveHubOrderTarget(container, hubModule.hubOptions)
    return new HubOrderHandler(container, hubModule, container.resolve(ContainerRegistrationKeys.LOGGER), catalogue, target)
  }

  /**
   * Handles one hub order as read, given the store's record of it (undefined: read it now). Resolves
   * once its effect is committed; an order that fails is set aside with the reason. Rejects only when
   * the store itself fails (a set-aside cannot be written).
   */
  async handle(listed: ListedHubOrder, record?: HubOrderRecordState | null): Promise<HubOrderOutcome> {
    const [outcome] = await this.handleMany([listed], record === undefined ? undefined : [record])
    return outcome
  }

  /**
   * Handles hub orders as read (records: the store's record of each, in order; undefined: read now),
   * each as `handle` would: the new ones claimed one by one and imported together, in one workflow
   * (`importHubOrdersWorkflow`); when that fails, one by one, so a bad order is set aside alone and
   * never holds the others back. Outcomes in the orders' order.
   */
  async handleMany(listedOrders: ListedHubOrder[], records?: Array<HubOrderRecordState | null>): Promise<HubOrderOutcome[]> {
    const seen = listedOrders.map((listed) => seenHubOrder(listed, this.catalogue))
    const known = records ?? (await this.records(seen.map((order) => order.code)))
    const outcomes: HubOrderOutcome[] = seen.map(() => "none")
    const toImport: number[] = []
    for (const [index, order] of seen.entries()) {
      let following = false
      try {
        const record = known[index] ?? undefined
        const plan = planHubOrder(order, record)
        if (plan.action === "import") toImport.push(index)
        else if (plan.action === "follow") {
          following = true
          await this.follow(record!, order, plan, listedOrders[index])
          outcomes[index] = plan.applyStatus ? "updated" : "none"
        }
      } catch (caught) {
        // An imported order is never set aside: its move is tried again the next time it is read.
        outcomes[index] = following ? await this.notFollowed(order, caught) : await this.setAside(order, `import failed: ${errorText(caught, 2000)}`)
      }
    }
    if (toImport.length) {
      const imported = await this.importNew(toImport.map((index) => ({ listed: listedOrders[index], seen: seen[index] })))
      for (const [position, index] of toImport.entries()) outcomes[index] = imported[position]
    }
    return outcomes
  }

  /** Sets a hub order aside with the reason (see `handle`); "none" when it was imported meanwhile. */
  async setAsideListed(listed: ListedHubOrder, reason: string): Promise<HubOrderOutcome> {
    return this.setAside(seenHubOrder(listed, this.catalogue), reason)
  }

  private async records(codes: string[]): Promise<Array<HubOrderRecordState | null>> {
    const found = await this.hubModule.listHubOrders({ code: codes }, { take: null })
    const byCode = new Map(found.map((record) => [record.code, record as HubOrderRecordState]))
    return codes.map((code) => byCode.get(code) ?? null)
  }

  /** New hub orders checked, mapped and claimed one by one, then the claimed ones imported (see `handleMany`). */
  private async importNew(orders: Array<{ listed: ListedHubOrder; seen: SeenHubOrder }>): Promise<HubOrderOutcome[]> {
    const target = this.target
    const outcomes: HubOrderOutcome[] = orders.map(() => "none")
    const parsed = orders.map(({ listed }) => parseHubOrder(listed))
    const skus = parsed.flatMap((result) => (result.ok ? result.hubOrder.items.map((item) => item.id) : []))
    const variants = skus.length ? await variantsBySku(this.container, [...new Set(skus)]) : new Map()
    const claimed: Array<ClaimedImport & { index: number }> = []
    for (const [index, { listed, seen }] of orders.entries()) {
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
        const outOfBounds = hubOrderOutOfBounds(result.hubOrder, { ...this.hubModule.hubOptions, countryCodes: target.countryCodes })
        if (outOfBounds) {
          outcomes[index] = await this.setAside(seen, outOfBounds)
          continue
        }
        const mapped = toMedusaOrder(result.hubOrder, variants, target)
        if (!mapped.ok) {
          outcomes[index] = await this.setAside(seen, mapped.reason)
          continue
        }
        const claim = await this.hubModule.claimHubOrder(seen)
        if (!claim) {
          // Imported meanwhile, or another run holds it: then it is not done yet.
          const [record] = await this.hubModule.listHubOrders({ code: seen.code }, { select: ["import_state"] })
          outcomes[index] = record?.import_state === "importing" ? "unsettled" : "none"
          continue
        }
        claimed.push({ index, listed, seen, attempts: claim.attempts, hubOrder: { hubOrderId: claim.id, hubOrderCode: seen.code, claimAttempt: claim.attempts, customer: mapped.customer, order: mapped.order } })
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
      input: { hubOrders: claims.map((claim) => claim.hubOrder), stockLocationId: this.target.stockLocationId },
      // Names the claims' run in the workflow's traces and logs.
      context: { transactionId: `hub-order-import:${first.seen.code}${claims.length > 1 ? `+${claims.length - 1}` : ""}:${first.attempts}` },
    })
    return new Map((result as Array<HubOrderRecordState & { code: string }>).map((record) => [record.code, record]))
  }

  /** An order imported: already approved or canceled when first seen, its status is followed now. */
  private async imported(claim: ClaimedImport, record: HubOrderRecordState): Promise<HubOrderOutcome> {
    const plan = planHubOrder(claim.seen, record)
    if (plan.action === "follow") {
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
    this.logger.warn(`hub: order ${seen.code}: its ${seen.statusType} was not followed yet (tried again when it is read again): ${errorText(caught)}`)
    return "failed"
  }

  /** The marketplace's move followed on an imported order, as the plan decided. */
  private async follow(record: HubOrderRecordState, seen: SeenHubOrder, plan: Extract<HubOrderPlan, { action: "follow" }>, listed: ListedHubOrder) {
    await followHubOrderWorkflow(this.container).run({
      input: {
        hubOrderId: record.id,
        orderId: record.order_id!,
        seen,
        plan,
        stockLocationId: this.target.stockLocationId,
        // Read only when an order is followed, not for every order of every listing pass.
        payment: plan.applyStatus === "APPROVED" ? hubPaymentOf(listed) : null,
      },
    })
  }

  /** "set_aside" only when it really was (never an order imported meanwhile); logged once per reason. */
  private async setAside(seen: SeenHubOrder, rawReason: string): Promise<HubOrderOutcome> {
    const reason = maskPersonalData(rawReason)
    const { setAside, newReason } = await this.hubModule.setHubOrderAside(seen, reason)
    if (newReason) {
      this.logger.warn(`hub: order ${seen.code} set aside: ${reason}`)
      await this.container.resolve(Modules.EVENT_BUS).emit({ name: HubEvents.ORDER_SET_ASIDE, data: { code: seen.code, reason } })
    }
    return setAside ? "set_aside" : "none"
  }
}
