import { randomUUID } from "node:crypto"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../../modules/hub"
import { HUB_LEASE_TIMES, renewEvery } from "../../../modules/hub/leases"
import type { HubOrderClaimToken } from "../../../modules/hub/types"
import type { ProcessPart } from "../../../modules/hub/process-parts"
import type HubModuleService from "../../../modules/hub/service"
import type { MedusaContainer } from "@medusajs/framework/types"
import { errorText } from "../../../mapping/error-text"

/** What a heartbeat keeps alive: the per-order lock as `acquireLockStep` took it, and the work's claims. */
export type LeaseHeartbeatInput = {
  /** The lock as `acquireLockStep` took it: its input itself, or under `lock`. */
  lock?: { key: string | string[]; ownerId: string }
  key?: string | string[]
  ownerId?: string
  /** An import's claims of its hub orders. */
  importClaims?: HubOrderClaimToken[]
  /** A merchant move's claim. */
  moveClaim?: { moveId: string; attempt: number } | null
}

/**
 * The heartbeats running in this process, by id (a workflow run's steps run in the process that runs
 * it): a part of the hub module's process machinery, so a shutdown stops every one.
 */
class LeaseHeartbeats implements ProcessPart {
  private readonly running = new Map<string, NodeJS.Timeout>()

  start(id: string, timer: NodeJS.Timeout): void {
    this.running.set(id, timer)
  }

  end(id: string | undefined): void {
    if (!id) return
    clearInterval(this.running.get(id))
    this.running.delete(id)
  }

  stop(): void {
    for (const id of [...this.running.keys()]) this.end(id)
  }
}

function heartbeats(container: MedusaContainer): LeaseHeartbeats {
  return container.resolve<HubModuleService>(HUB_MODULE).processPart("lease-heartbeats", () => new LeaseHeartbeats())
}

/**
 * Renews, while the workflow runs, its per-order lock and its claims, so that slow work (a long
 * reservation wait, a hub answer that takes minutes) is not taken over while it is alive. The
 * leases stay short, so a killed holder still frees them within one. A claim found taken over is
 * not renewed again (only its token's holder may renew it) and is logged; the lock is renewed
 * still, so the taker waits until this run has undone what it made. The fences (the reservation,
 * the record, the send) stop the work; this only keeps it from being taken over. Stopped by
 * `stopLeaseHeartbeatStep`, or by this step's compensation when the workflow fails.
 */
export const startLeaseHeartbeatStep = createStep(
  "start-hub-lease-heartbeat",
  async (input: LeaseHeartbeatInput, { container, parentStepIdempotencyKey }) => {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const locking = container.resolve(Modules.LOCKING)
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    // Inside a workflow that holds the lock already, acquireLockStep took nothing: the parent renews it.
    const ownsLock = !parentStepIdempotencyKey
    // Copied now: the step's input is not the timer's to keep (the engine lets go of it once the step ends).
    const { key, ownerId } = input.lock ?? { key: input.key!, ownerId: input.ownerId! }
    let claims = [...(input.importClaims ?? [])]
    let moveClaim = input.moveClaim ? { ...input.moveClaim } : null
    const { leases } = hubModule
    const slowest = input.moveClaim ? leases.moveClaimMs : leases.importClaimMs
    const id = randomUUID()
    const holdLock = async () => {
      if (!ownsLock) return
      await locking.acquire(key, { ownerId, expire: leases.orderLockSeconds }).catch(() => {
        logger.warn(`hub: the lock ${String(key)} was taken by another writer while this one ran`)
      })
    }
    // The lock was taken for the lease a workflow knows (HUB_LEASE_TIMES): one the store set otherwise
    // (a test's short leases) applies from now. Equal, as in a store, nothing is asked of the locking.
    if (leases.orderLockSeconds !== HUB_LEASE_TIMES.orderLockSeconds) await holdLock()
    const beat = async () => {
      if (!leases.renewing()) return
      await holdLock()
      if (claims.length) {
        const held = new Set(await hubModule.renewHubOrderClaims(claims))
        const lost = claims.filter((claim) => !held.has(claim.hubOrderId))
        if (lost.length) logger.warn(`hub: import claims taken over while importing (${lost.map((claim) => claim.hubOrderId).join(", ")}): this import stops before reserving`)
        claims = claims.filter((claim) => held.has(claim.hubOrderId))
      }
      if (moveClaim && !(await hubModule.renewHubOrderMoveClaim(moveClaim))) {
        logger.warn(`hub: the claim of move ${moveClaim.moveId} was taken over while it was in flight: its outcome is the taker's to record`)
        moveClaim = null
      }
    }
    const every = Math.min(renewEvery(leases.orderLockSeconds * 1000), renewEvery(slowest))
    const timer = setInterval(() => void beat().catch((error) => logger.warn(`hub: a lease renewal failed: ${errorText(error)}`)), every)
    timer.unref()
    heartbeats(container).start(id, timer)
    return new StepResponse(id, id)
  },
  async (id, { container }) => heartbeats(container).end(id)
)

/** Ends the heartbeat `startLeaseHeartbeatStep` started (the work is done; the lock's release follows). */
export const stopLeaseHeartbeatStep = createStep("stop-hub-lease-heartbeat", async (id: string, { container }) => {
  heartbeats(container).end(id)
  return new StepResponse(undefined)
})
