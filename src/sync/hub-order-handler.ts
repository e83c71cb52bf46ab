import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { type ListedHubOrder, parseHubOrder } from "../hub-client"
import { toMedusaOrder } from "../mapping/hub-order"
import { hubOrderOutOfBounds } from "../mapping/hub-order-bounds"
import { hubPaymentOf } from "../mapping/hub-order-money"
import { maskPersonalData } from "../mapping/personal-data"
import { type HubOrderPlan, type HubOrderRecordState, planHubOrder, type SeenHubOrder, seenHubOrder } from "../mapping/plan-hub-order"
import { HUB_MODULE } from "../modules/hub"
import { HubEvents } from "../modules/hub/events"
import type HubModuleService from "../modules/hub/service"
import { resolveHubOrderTarget, type ResolvedHubOrderTarget } from "../queries/hub-order-target"
import { variantsBySku } from "../queries/variants-by-sku"
import { followHubOrderWorkflow } from "../workflows/hub-orders/follow-hub-order"
import { importHubOrderWorkflow } from "../workflows/hub-orders/import-hub-order"

/**
 * What handling one hub order came to: `unsettled` when another run is importing it right now (not
 * committed yet, so the queue must not acknowledge it).
 */
export type HubOrderOutcome = "imported" | "updated" | "set_aside" | "unsettled" | "none"

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
    const seen = seenHubOrder(listed, this.catalogue)
    try {
      const known = record === undefined ? await this.record(seen.code) : (record ?? undefined)
      const plan = planHubOrder(seen, known)
      if (plan.action === "import") return await this.importNew(listed, seen)
      if (plan.action === "follow") {
        await this.follow(known!, seen, plan, listed)
        return plan.applyStatus ? "updated" : "none"
      }
      return "none"
    } catch (caught) {
      return this.setAside(seen, `import failed: ${describe(caught)}`)
    }
  }

  /** Sets a hub order aside with the reason (see `handle`); "none" when it was imported meanwhile. */
  async setAsideListed(listed: ListedHubOrder, reason: string): Promise<HubOrderOutcome> {
    return this.setAside(seenHubOrder(listed, this.catalogue), reason)
  }

  private async record(code: string): Promise<HubOrderRecordState | undefined> {
    const [record] = await this.hubModule.listHubOrders({ code }, { take: 1 })
    return record as HubOrderRecordState | undefined
  }

  private async importNew(listed: ListedHubOrder, seen: SeenHubOrder): Promise<HubOrderOutcome> {
    const target = this.target
    const parsed = parseHubOrder(listed)
    if (!parsed.ok) return this.setAside(seen, `the hub order is malformed: ${parsed.reason}`)
    if (seen.statusType === "UNKNOWN") return this.setAside(seen, `the status code ${seen.statusCode} has no known type`)
    const outOfBounds = hubOrderOutOfBounds(parsed.hubOrder, { maxItemQuantity: this.hubModule.hubOptions.maxItemQuantity, countryCodes: target.countryCodes })
    if (outOfBounds) return this.setAside(seen, outOfBounds)

    const variants = await variantsBySku(this.container, parsed.hubOrder.items.map((item) => item.id))
    const mapped = toMedusaOrder(parsed.hubOrder, variants, target)
    if (!mapped.ok) return this.setAside(seen, mapped.reason)

    const claim = await this.hubModule.claimHubOrder(seen)
    if (!claim) {
      // Imported meanwhile, or another run holds it: then it is not done yet.
      const [record] = await this.hubModule.listHubOrders({ code: seen.code }, { select: ["import_state"] })
      return record?.import_state === "importing" ? "unsettled" : "none"
    }
    let imported: HubOrderRecordState
    try {
      const { result } = await importHubOrderWorkflow(this.container).run({
        input: { hubOrderId: claim.id, hubOrderCode: seen.code, customer: mapped.customer, order: mapped.order, stockLocationId: target.stockLocationId },
        // Names the claim's run in the workflow's traces and logs.
        context: { transactionId: `hub-order-import:${seen.code}:${claim.attempts}` },
      })
      imported = result as HubOrderRecordState
    } catch (caught) {
      return this.setAside(seen, `import failed: ${describe(caught)}`)
    }
    // Already approved or canceled when first seen: imported in that state.
    const plan = planHubOrder(seen, imported)
    if (plan.action === "follow") {
      // Imported all the same: a move that fails is tried again by the next run that reads it.
      await this.follow(imported, seen, plan, listed).catch((caught) =>
        this.logger.warn(`hub: order ${seen.code}: its ${plan.applyStatus ?? "status"} was not followed yet: ${maskPersonalData(describe(caught))}`)
      )
    }
    return "imported"
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

/**
 * An error's message for a set-aside reason or a run's error (hub errors are already free of
 * credentials). A workflow may throw a plain object with a message rather than an Error.
 */
export function describe(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === "string" ? message : String(error)
}
