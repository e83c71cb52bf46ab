import fs from "node:fs"
import path from "node:path"

/*
 * An account's rows are its records' (issue 60; docs/architecture.md, One door per account): code
 * outside src/modules/hub reads and writes them through `hub.account(id).records` or, for what spans
 * accounts, a named method of the service, never one of the methods Medusa's `MedusaService` generates
 * for the module's models (`listHubOrders`, `updateHubOrders`, ...), which take any account's id or none.
 * Read from the source, as hub-client-private.unit.spec.ts does; tests may still read rows that way.
 */

const SRC = path.resolve(__dirname, "..")

/** A generated method of a model of the module: Medusa's verbs, then the model's name (`Hub...`). */
const GENERATED_CALL = /\.(list|listAndCount|retrieve|create|update|delete|softDelete|restore|upsert)(Hub[A-Z]\w*)\(/g

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [full] : []
  })
}

const callsIn = (text: string) => [...text.matchAll(GENERATED_CALL)].map((match) => `${match[1]}${match[2]}`)

describe("an account's rows are reached through its records", () => {
  it("finds a generated call where there is one (the rule's own check)", () => {
    const calls = ["hubModule.listHubOrders({ order_id })", "hub.listAndCountHubProductPublications(", "await m.updateHubOrders({ id })", "x.retrieveHubOrder(id)", "m.deleteHubDeliveryActions(ids)"]
    expect(calls.flatMap(callsIn)).toEqual(["listHubOrders", "listAndCountHubProductPublications", "updateHubOrders", "retrieveHubOrder", "deleteHubDeliveryActions"])
    const named = ["records.orders.byIds(ids)", "hub.movesNeedingMerchant({ limit })", "hub.hubOrdersOfOrders([id])", "records.publications.page(query)", "listHubOrdersView(rows)"]
    expect(named.flatMap(callsIn)).toEqual([])
  })

  it("no file of src/ outside the hub module calls a generated method of its models", () => {
    const found = sourceFiles(SRC)
      .map((file) => path.relative(SRC, file).split(path.sep).join("/"))
      .filter((file) => !file.startsWith("modules/hub/"))
      .flatMap((file) => callsIn(fs.readFileSync(path.join(SRC, file), "utf8")).map((call) => `${file}: ${call}`))
    expect(found).toEqual([])
  })
})
