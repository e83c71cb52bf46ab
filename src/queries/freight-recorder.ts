import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { errorText } from "../mapping/error-text"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import type { FreightQuoteToRecord as FreightQuoteRecord } from "../modules/hub/types"

/*
 * The answered quotes kept for the admin's figures (docs/freight.md, *What is logged and kept*),
 * written off the request path by one writer per process: a quote's record waits RECORD_EVERY_MS
 * and for the statement in flight, and all that waited go in the next one (under load, hundreds a
 * statement). Each account's old quotes and cached prices are pruned after a write, once a second at
 * most (bounded deletes on indexed columns). A killed process loses the records not yet written,
 * never an answer.
 */

const PRUNE_EVERY_MS = 1_000
/** How long an answered quote's record waits for others to go in the same statement. */
const RECORD_EVERY_MS = 200

export class FreightRecorder {
  private waiting: FreightQuoteRecord[] = []
  private writing: Promise<void> | null = null
  private readonly prunedAt = new Map<string, number>()

  constructor(
    private readonly hubModule: HubModuleService,
    private readonly logger: Logger
  ) {}

  record(record: FreightQuoteRecord): void {
    this.waiting.push(record)
    this.writing ??= this.writeAll().finally(() => (this.writing = null))
  }

  /** Resolves once what waits now is written. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing
  }

  private async writeAll(): Promise<void> {
    // After the answer has gone, and after the quotes of the next moments: a statement (and its
    // database context) per RECORD_EVERY_MS rather than per quote, a third of a recorded quote's CPU.
    await new Promise((resolve) => setTimeout(resolve, RECORD_EVERY_MS).unref())
    while (this.waiting.length) {
      const records = this.waiting
      this.waiting = []
      await this.write(records)
    }
  }

  private async write(records: FreightQuoteRecord[]): Promise<void> {
    try {
      await this.hubModule.recordFreightQuotes(records)
    } catch (error) {
      this.logger.warn(`hub (freight): ${records.length} answered quote(s) were not recorded: ${errorText(error)}`)
    }
    for (const account of new Set(records.map((record) => record.account))) {
      if (Date.now() - (this.prunedAt.get(account) ?? 0) < PRUNE_EVERY_MS) continue
      this.prunedAt.set(account, Date.now())
      const { options, records: accountRecords } = this.hubModule.account(account)
      await accountRecords.freight.prune(options.freight.cacheMaxAgeMinutes * 60_000).catch((error: unknown) => this.logger.warn(`hub (account ${account}): old freight quotes and cached prices were not pruned: ${errorText(error)}`))
    }
  }
}

/** The process's recorder of answered quotes. */
export function freightRecorder(container: MedusaContainer): FreightRecorder {
  const hubModule = container.resolve<HubModuleService>(HUB_MODULE)
  return hubModule.processPart("freight-recorder", () => new FreightRecorder(hubModule, container.resolve(ContainerRegistrationKeys.LOGGER)))
}
