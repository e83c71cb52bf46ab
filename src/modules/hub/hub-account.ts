import type { HubClient, HubFiguresSnapshot } from "../../hub-client"
import type { HubAccountRecords } from "./account-records"
import type { HubAccountOperations } from "./account-operations"
import type { HubAccountOptions } from "./accounts"
import type { HubCataloguePush } from "./catalogue-push/hub-products-push"

/**
 * One hub account as the code holds it: its id, its options, its hub operations (`orders`, `delivery`,
 * `categories`, `syncErrors`, `figures`: src/modules/hub/account-operations.ts; its own client, budget
 * and figures stay the module's: src/__tests__/hub-client-private.unit.spec.ts), `records`, its rows in
 * this store (src/modules/hub/account-records.ts), and `catalogue`, its catalogue's push with its
 * settling (src/modules/hub/catalogue-push/hub-products-push.ts).
 */
export type HubAccount = HubAccountOperations & {
  readonly id: string
  readonly options: HubAccountOptions
  readonly records: HubAccountRecords
  readonly catalogue: HubCataloguePush
}

/** An account's connection as the module's loader builds it: the client it closes and whose traffic it records. */
export type HubAccountConnection = Omit<HubAccount, "records" | "catalogue"> & { readonly client: HubClient }

/** An account as the hub module keeps it. */
export type HubAccountEntry = HubAccount & { readonly client: HubClient }

export type HubConnectionHealth = {
  account: string
  hubOrigin: string
  sandbox: boolean
  figures: HubFiguresSnapshot
}

/** What the admin page shows of an account's connection: never a credential, only the hub's origin and the counters. */
export function connectionHealth({ id, options, figures }: HubAccount): HubConnectionHealth {
  return { account: id, hubOrigin: new URL(options.baseUrl).origin, sandbox: options.sandbox, figures: figures() }
}
