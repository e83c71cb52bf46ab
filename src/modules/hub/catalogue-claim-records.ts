import type { Context, DAL } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext, MedusaError } from "@medusajs/framework/utils"
import { hubSkusOf } from "../../mapping/hub-skus"
import type { HubAccountOptions } from "./accounts"
import type { CarriedOutcome, ClaimedCatalogueChange, WantedSkuFields } from "./models/hub-catalogue-change"
import type { ClaimedPublication } from "./models/hub-product-publication"
import type { HubRepositories } from "./repositories"
import type { ClaimedHubProducts } from "./repositories/hub-product-claim"
import type { PublicationOutcome } from "./repositories/hub-product-publication"

/**
 * One account's catalogue claims (`hubModule.account(id).records.catalogueClaims`): its due hub products
 * claimed, the claim's lease renewed, and each claimed row settled by the claim's token and freed
 * (src/modules/hub/repositories/hub-product-claim.ts). A claimed row or publication of another account is
 * refused, never settled with this account's timing.
 */
export class HubCatalogueClaimRecords {
  constructor(
    private readonly account: { readonly id: string; readonly options: HubAccountOptions },
    private readonly repositories: Pick<HubRepositories, "hubProducts" | "outbox" | "publications" | "skuOwners">,
    /** The module's base repository: where `@InjectManager` takes a manager from. */
    protected readonly baseRepository_: DAL.RepositoryService
  ) {}

  /**
   * Claims up to `limit` due hub products for `catalogueLeaseMs`: each with its publication (option
   * `publishProducts`) and its SKUs' pending outbox rows, under one token.
   */
  @InjectManager()
  async claim(limit: number, @MedusaContext() sharedContext: Context = {}): Promise<ClaimedHubProducts> {
    return this.repositories.hubProducts.claim(this.account.id, limit, this.account.options, sharedContext)
  }

  /** Milliseconds until the next hub product is due (0: now), or null when nothing waits. */
  @InjectManager()
  async nextDueInMs(@MedusaContext() sharedContext: Context = {}): Promise<number | null> {
    return this.repositories.hubProducts.nextDueInMs(this.account.id, this.account.options, sharedContext)
  }

  /** Moves on the claim's lease while its pushes are in flight; how many hub products it still holds. */
  @InjectManager()
  async renew(claimToken: string, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    return this.repositories.hubProducts.renew(claimToken, this.account.options.catalogueLeaseMs, sharedContext)
  }

  /**
   * Records how the push of a claimed outbox row ended, and counts it in the account's hour;
   * `returned`: a row carried by a product's push refused for the product's own fields, given back to go
   * alone; `awaiting`: a SKU the hub does not hold yet, waiting for its product's create.
   */
  @InjectManager()
  async settleRow(claim: ClaimedCatalogueChange, outcome: CarriedOutcome, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    this.own(claim)
    if (outcome.kind === "returned") return this.repositories.outbox.giveBack(claim, sharedContext)
    if (outcome.kind === "awaiting") return this.repositories.outbox.awaitPublication(claim, sharedContext)
    await this.repositories.outbox.complete(claim, outcome, this.account.options, sharedContext)
  }

  /**
   * Records how a claimed product's push ended; the SKUs a create carried are accepted in the outbox
   * first, and those that waited for a product the hub now holds are due again. One transaction.
   */
  @InjectTransactionManager()
  async settlePublication(claim: ClaimedPublication, outcome: PublicationOutcome, created: WantedSkuFields[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    const { id, options } = this.account
    this.own(claim)
    await this.repositories.outbox.acceptCreated(id, created, sharedContext)
    if (outcome.kind === "published") await this.repositories.outbox.wakeAwaiting(id, claim.productId, sharedContext)
    // Its hub SKUs are freed once the hub holds nothing of the product under them (gone, or disabled before a remap).
    if (outcome.kind === "gone" || outcome.kind === "remapped") await this.repositories.skuOwners.releaseOfClaim(claim, sharedContext)
    if (outcome.kind === "published") await this.repositories.skuOwners.record(id, claim.productId, hubSkusOf(outcome.sku, outcome.accepted), sharedContext)
    await this.repositories.publications.complete(claim, outcome, options.catalogueRetryDelayMs, sharedContext)
  }

  /** Frees one hub product claimed with `claimToken` once its push settled every row (none named: every one of the claim). */
  @InjectManager()
  async free(claimToken: string, hubProduct?: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.repositories.hubProducts.free(claimToken, hubProduct, sharedContext)
  }

  /** Gives back the hub products, their publications and outbox rows claimed with `claimToken`, without a push (a round that failed). */
  @InjectManager()
  async release(claimToken: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.repositories.hubProducts.release(claimToken, sharedContext)
  }

  private own(claim: { account: string }): void {
    if (claim.account !== this.account.id) throw new MedusaError(MedusaError.Types.INVALID_DATA, `account: a claim of ${claim.account} is not settled by account ${this.account.id}'s records`)
  }
}
