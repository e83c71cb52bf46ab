import type { HubClient, HubFiguresSnapshot, HubOperations } from "../../hub-client"
import type { HubAccountRecords } from "./account-records"
import type { HubAccountOptions } from "./accounts"

/**
 * One hub account as the code holds it: its id, its options, `hub`, the calls to its hub (its own
 * client, budget and figures; the client's lifecycle stays the module's), and `records`, its rows in
 * this store (src/modules/hub/account-records.ts).
 */
export type HubAccount = { readonly id: string; readonly options: HubAccountOptions; readonly hub: HubOperations; readonly records: HubAccountRecords }

/** An account's connection as the module's loader builds it: the client it closes and whose traffic it records. */
export type HubAccountConnection = Omit<HubAccount, "records"> & { readonly client: HubClient }

/** An account as the hub module keeps it. */
export type HubAccountEntry = HubAccount & { readonly client: HubClient }

export type HubConnectionHealth = {
  account: string
  hubOrigin: string
  sandbox: boolean
  figures: HubFiguresSnapshot
}

/** What the admin page shows of an account's connection: never a credential, only the hub's origin and the counters. */
export function connectionHealth({ id, options, hub }: HubAccount): HubConnectionHealth {
  return { account: id, hubOrigin: new URL(options.baseUrl).origin, sandbox: options.sandbox, figures: hub.figures() }
}
