import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export const STOCK_RECONCILIATION_LOCK = "hub:stock-reconciliation"
/** Longer than any walk; a process that dies mid-walk frees the lock after this. */
const LOCK_EXPIRY_SECONDS = 2 * 60 * 60

/**
 * One reconciliation at a time across the store's processes (the scheduled one and the admin
 * trigger can meet): a second one is refused at once instead of walking the hub twice.
 */
export const lockStockReconciliationStep = createStep(
  "hub-lock-stock-reconciliation",
  async (input: { ownerId: string }, { container }) => {
    const locking = container.resolve(Modules.LOCKING)
    try {
      await locking.acquire(STOCK_RECONCILIATION_LOCK, { ownerId: input.ownerId, expire: LOCK_EXPIRY_SECONDS })
    } catch {
      throw new MedusaError(MedusaError.Types.CONFLICT, "A stock reconciliation is already running")
    }
    return new StepResponse(undefined, input.ownerId)
  },
  async (ownerId, { container }) => {
    if (!ownerId) return
    await container.resolve(Modules.LOCKING).release(STOCK_RECONCILIATION_LOCK, { ownerId })
  }
)

export const unlockStockReconciliationStep = createStep(
  "hub-unlock-stock-reconciliation",
  async (input: { ownerId: string }, { container }) => {
    await container.resolve(Modules.LOCKING).release(STOCK_RECONCILIATION_LOCK, { ownerId: input.ownerId })
    return new StepResponse(undefined)
  }
)
