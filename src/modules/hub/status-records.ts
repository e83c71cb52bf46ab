import type { Context, DAL } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import type { HubStatusRepository, HubStatusRow } from "./repositories/hub-status"

/**
 * One account's status catalogue as last read from the hub (`hub.account(id).records.statuses`;
 * custom statuses count by their type, never their label: docs/hub-public-facts.md, Statuses).
 */
export class HubStatusRecords {
  constructor(
    private readonly account: string,
    private readonly statuses: HubStatusRepository,
    /** The module's base repository: where `@InjectManager` takes a manager from. */
    protected readonly baseRepository_: DAL.RepositoryService
  ) {}

  /** Code -> type, without a request. */
  @InjectManager()
  async catalogue(@MedusaContext() sharedContext: Context = {}): Promise<Map<string, string>> {
    return new Map((await this.statuses.entries(this.account, sharedContext)).map((status) => [status.code, status.type]))
  }

  /** Every status with its label, by code (the admin shows a status by its label). */
  @InjectManager()
  async entries(@MedusaContext() sharedContext: Context = {}): Promise<HubStatusRow[]> {
    return this.statuses.entries(this.account, sharedContext)
  }

  /** Keeps the catalogue the hub lists now (see the repository). */
  @InjectManager()
  async keep(statuses: HubStatusRow[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.statuses.keep(this.account, statuses, sharedContext)
  }
}
