import type { Context, DAL } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import { defaultFieldMapping, hubFieldMappingSchema, type HubFieldMapping } from "../../mapping/hub-field-mapping"
import { noSale, type NoSale, type NoSaleWay } from "../../mapping/hub-no-sale"
import { NO_PRICE_RULES, storedPriceRulesSchema, type HubPriceRules } from "../../mapping/hub-price-rules"
import type { HubAccountOptions } from "./accounts"
import { hubWarehousesSchema, type HubWarehouse } from "./options"
import type { HubRepositories } from "./repositories"

/**
 * One account's settings the merchant saves in the admin (`hub.account(id).records.settings`): its price
 * rules and the walk applying them (src/mapping/hub-price-rules.ts), what its hub taught of "no sale"
 * (src/mapping/hub-no-sale.ts), its mapping of hub fields (src/mapping/hub-field-mapping.ts) and its
 * warehouses besides the default (docs/catalogue.md, *Warehouses*): every read and write of that
 * account's rows only.
 */
export class HubSettingsRecords {
  constructor(
    private readonly account: { readonly id: string; readonly options: HubAccountOptions },
    private readonly repositories: Pick<HubRepositories, "priceRuleSets" | "fieldMappings" | "publications" | "warehouseMappings">,
    /** The module's base repository: where `@InjectManager` takes a manager from. */
    protected readonly baseRepository_: DAL.RepositoryService
  ) {}

  /** The price rules; none saved (or a row an older version wrote that no longer parses): Medusa's price as it is. */
  @InjectManager()
  async priceRules(@MedusaContext() sharedContext: Context = {}): Promise<HubPriceRules> {
    const stored = await this.repositories.priceRuleSets.stored(this.account.id, sharedContext)
    const parsed = stored === null ? null : storedPriceRulesSchema.safeParse(stored)
    return parsed?.success ? parsed.data : NO_PRICE_RULES
  }

  /**
   * Saves the price rules (validated by the caller), replacing the earlier ones, and starts their walk
   * over the catalogue, in one statement; returns the rules replaced as stored (null: none), for `restorePriceRules`.
   */
  @InjectManager()
  async savePriceRules(rules: HubPriceRules, @MedusaContext() sharedContext: Context = {}): Promise<unknown> {
    return this.repositories.priceRuleSets.save(this.account.id, rules, sharedContext)
  }

  /** Puts back the rules a save replaced, as stored (their walk starts again), or none. */
  @InjectManager()
  async restorePriceRules(previous: unknown, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    if (previous === null) await this.repositories.priceRuleSets.clear(this.account.id, sharedContext)
    else await this.repositories.priceRuleSets.save(this.account.id, previous, sharedContext)
  }

  /** The next `limit` SKUs (0: none, only whether there is a walk) the walk applying the saved price rules records again, with the rules' version; null when applied. */
  @InjectManager()
  async priceRulesToApply(limit: number, @MedusaContext() sharedContext: Context = {}): Promise<{ version: number; skus: string[] } | null> {
    const walk = await this.repositories.priceRuleSets.applyState(this.account.id, sharedContext)
    if (!walk) return null
    return { version: walk.version, skus: limit > 0 ? await this.repositories.priceRuleSets.skusAfter(this.account.id, walk.appliedThrough, limit, sharedContext) : [] }
  }

  /** Moves the walk on to `through` (null: it is over), unless the rules were saved again since `version`; whether it did. */
  @InjectManager()
  async advancePriceRules(version: number, through: string | null, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    return this.repositories.priceRuleSets.advanceApply(this.account.id, version, through, sharedContext)
  }

  /** How far the saved price rules are applied: SKUs recorded again, of how many; null when they are. */
  @InjectManager()
  async priceRulesProgress(@MedusaContext() sharedContext: Context = {}): Promise<{ recorded: number; skus: number } | null> {
    return this.repositories.priceRuleSets.applyProgress(this.account.id, sharedContext)
  }

  /** When the rules last went through the whole catalogue (null: never saved, or still going). */
  @InjectManager()
  async priceRulesApplied(@MedusaContext() sharedContext: Context = {}): Promise<{ at: Date; skus: number } | null> {
    return this.repositories.priceRuleSets.lastApplied(this.account.id, sharedContext)
  }

  /** How "no sale" is said to this account's hub now: the option, what the hub taught, or the next guess (src/mapping/hub-no-sale.ts). */
  @InjectManager()
  async noSale(@MedusaContext() sharedContext: Context = {}): Promise<NoSale> {
    return noSale(this.account.options.promotionalPriceClearedAs, await this.repositories.priceRuleSets.noSale(this.account.id, sharedContext))
  }

  /** What a push learnt of the hub's way of taking "no sale": nothing when the option sets it. */
  @InjectManager()
  async learnNoSale(learnt: { taken: NoSaleWay } | { refused: NoSaleWay }, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    if (this.account.options.promotionalPriceClearedAs) return
    await this.repositories.priceRuleSets.learnNoSale(this.account.id, learnt, sharedContext)
  }

  /** The mapping of hub fields; none saved (or a row that no longer parses): what the options say. */
  @InjectManager()
  async fieldMapping(@MedusaContext() sharedContext: Context = {}): Promise<HubFieldMapping & { saved: boolean }> {
    const stored = await this.repositories.fieldMappings.stored(this.account.id, sharedContext)
    const parsed = stored === null ? null : hubFieldMappingSchema.safeParse(stored)
    return parsed?.success ? { ...parsed.data, saved: true } : { ...defaultFieldMapping(this.account.options), saved: false }
  }

  /**
   * Saves the mapping (validated by the caller; `null`: none, the options' again) and, in the same
   * transaction, makes every product the publication holds a row for due: each push sends only what the
   * new mapping changes of its hub body. Returns how many, and the mapping replaced as stored (null: none).
   */
  @InjectTransactionManager()
  async saveFieldMapping(mapping: HubFieldMapping | null, @MedusaContext() sharedContext: Context = {}): Promise<{ products: number; previous: unknown }> {
    const { fieldMappings, publications } = this.repositories
    const previous = mapping === null ? await fieldMappings.clear(this.account.id, sharedContext) : await fieldMappings.save(this.account.id, mapping, sharedContext)
    return { products: await publications.makeDue(this.account.id, sharedContext), previous: previous ?? null }
  }

  /**
   * The warehouses besides the default, read each time (a save in any process applies at once): as
   * saved, else (none saved, or a row that no longer parses) what the option `warehouses` says.
   */
  @InjectManager()
  async warehouses(@MedusaContext() sharedContext: Context = {}): Promise<{ warehouses: HubWarehouse[]; saved: boolean }> {
    const stored = (await this.repositories.warehouseMappings.stored([this.account.id], sharedContext)).get(this.account.id)
    return warehousesRead(stored, this.account.options)
  }

  /** Saves the warehouses (validated by the caller; `null`: none, the option's again); returns those replaced as stored (null: none). */
  @InjectManager()
  async saveWarehouses(warehouses: HubWarehouse[] | null, @MedusaContext() sharedContext: Context = {}): Promise<unknown> {
    const { warehouseMappings } = this.repositories
    if (warehouses !== null) return warehouseMappings.save(this.account.id, warehouses, sharedContext)
    const [previous] = (await warehouseMappings.stored([this.account.id], sharedContext)).values()
    await warehouseMappings.clear(this.account.id, sharedContext)
    return previous ?? null
  }
}

/** An account's warehouses from its stored row (unparsed), else its option's. */
export function warehousesRead(stored: unknown, options: Pick<HubAccountOptions, "warehouses">): { warehouses: HubWarehouse[]; saved: boolean } {
  const parsed = stored === undefined || stored === null ? null : hubWarehousesSchema.safeParse(stored)
  return parsed?.success ? { warehouses: parsed.data, saved: true } : { warehouses: options.warehouses, saved: false }
}
