import type { Context, DAL } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import type { HubOrderMoveRepository, HubOrderMoveRecord } from "./repositories/hub-order-move"

/**
 * One account's merchant moves as the order page and the runs that finish them read them
 * (`hub.account(id).records.moves`; claims and their ends are the service's, which span accounts by
 * the move's id): every read and write of that account's rows only.
 */
export class HubOrderMoveRecords {
  constructor(
    private readonly account: string,
    private readonly moves: HubOrderMoveRepository,
    /** The module's base repository: where `@InjectManager` takes a manager from. */
    protected readonly baseRepository_: DAL.RepositoryService
  ) {}

  /** One order's newest moves, at most `take` (the order page's history). */
  @InjectManager()
  async ofOrder(code: string, take: number, @MedusaContext() sharedContext: Context = {}): Promise<HubOrderMoveRecord[]> {
    return this.moves.ofOrder(this.account, code, take, sharedContext)
  }

  /** Moves whose answer was lost, oldest first: each settled by reading its hub order (src/sync/moves/unknown-moves.ts). */
  @InjectManager()
  async unknown(limit: number, @MedusaContext() sharedContext: Context = {}): Promise<HubOrderMoveRecord[]> {
    return this.moves.unknown(this.account, limit, sharedContext)
  }

  /** The card's moves the hub took whose recording in Medusa failed, finished after `since`, oldest first. */
  @InjectManager()
  async unrecorded(since: Date, limit: number, @MedusaContext() sharedContext: Context = {}): Promise<HubOrderMoveRecord[]> {
    return this.moves.unrecorded(this.account, since, limit, sharedContext)
  }

  /** Moves of Medusa's fulfillments made after `since` that surely did not reach the hub, or whose claim's process died; oldest first. */
  @InjectManager()
  async unsent(since: Date, limit: number, @MedusaContext() sharedContext: Context = {}): Promise<HubOrderMoveRecord[]> {
    return this.moves.unsent(this.account, since, limit, sharedContext)
  }

  /** The move of a fulfillment's key if it ended (taken or refused by the hub); null otherwise. */
  @InjectManager()
  async endedByKey(claimKey: string, @MedusaContext() sharedContext: Context = {}): Promise<HubOrderMoveRecord | null> {
    return this.moves.endedByKey(this.account, claimKey, sharedContext)
  }

  /** Keeps why recording a move the hub took in Medusa failed, in Medusa's words (null: recorded). */
  @InjectManager()
  async recordMedusaError(moveId: string, error: string | null, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.moves.recordMedusaError(this.account, moveId, error, sharedContext)
  }
}
