/*
 * The hub's warehouses other than the default, the client's call (its words are `store-schemas.ts`):
 * a batch sets each SKU's quantity as it is, so the same batch sent twice leaves the CD as once.
 */
import { describeIssues, HubInvalidRequestError } from "./errors"
import { storeBatchSchema, type HubStoreSku } from "./store-schemas"
import type { HubTransport } from "./transport"

const endpoint = "POST /stores/{code}/batch"

export class HubStores {
  constructor(private readonly transport: HubTransport) {}

  /** Sets the quantity of each SKU at CD `store` (204); a 404 is a CD the hub does not have, a 422 names the entry it refused. */
  async batch(store: string, skus: HubStoreSku[]): Promise<void> {
    const parsed = storeBatchSchema.safeParse({ store, skus })
    if (!parsed.success) throw new HubInvalidRequestError(endpoint, describeIssues(parsed.error.issues))
    await this.transport.send({
      method: "POST",
      path: `/stores/${encodeURIComponent(parsed.data.store)}/batch`,
      endpoint,
      body: { skus: parsed.data.skus },
      response: null,
      // A refused batch is forgotten once any write to the CD succeeds.
      resource: `stores/${parsed.data.store}`,
    })
  }
}
