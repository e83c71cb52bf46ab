import { HubCategories, HubMarketplaceDelivery, HubSac, HubStores, HubSyncErrors } from "../../../hub-client"
import { accountOperations } from "../account-operations"

/*
 * An account's hub operations are the module's calls, never the client's own objects: a part of the
 * client (its delivery, categories, sync errors, SAC, stores) holds the transport, with the account's
 * credentials and budget, which no code outside the module may reach.
 */

/** A transport that records what it is asked to send and answers nothing. */
function recordingTransport() {
  const sent: unknown[] = []
  return { sent, transport: { send: async (request: unknown) => void sent.push(request) } }
}

function clientWith(transport: unknown) {
  const over = transport as never
  return { delivery: new HubMarketplaceDelivery(over), categories: new HubCategories(over), syncErrors: new HubSyncErrors(over), sac: new HubSac(over), stores: new HubStores(over) }
}

describe("an account's hub operations", () => {
  it("hand out each part of the client as its calls only, never the part with its transport or its private helpers", () => {
    const client = clientWith(recordingTransport().transport)
    const operations = accountOperations(client as never) as unknown as Record<string, Record<string, unknown>>
    for (const name of ["delivery", "categories", "syncErrors", "sac", "stores"] as const) {
      const handed = operations[name]
      expect({ name, same: handed === (client[name] as unknown) }).toEqual({ name, same: false })
      expect({ name, transport: "transport" in handed }).toEqual({ name, transport: false })
      expect({ name, calls: Object.values(handed).every((value) => typeof value === "function") }).toEqual({ name, calls: true })
    }
    // A private helper of a part is not one of its calls.
    expect("plpView" in operations.delivery).toBe(false)
  })

  it("a call goes through the part's own transport", async () => {
    const { sent, transport } = recordingTransport()
    const operations = accountOperations(clientWith(transport) as never)
    await operations.stores.batch("01", [{ code: "CAM-P", qty: 3 }])
    expect(sent).toEqual([expect.objectContaining({ method: "POST", path: "/stores/01/batch", body: { skus: [{ code: "CAM-P", qty: 3 }] } })])
  })
})
