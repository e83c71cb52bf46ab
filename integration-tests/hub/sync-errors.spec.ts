import { glossaryKey, type HubProductInput, type HubSyncError } from "../../src/hub-client"
import type { SandboxHub } from "../../src/sandbox"
import { clientAgainstSandbox } from "../helpers/hub-client-sandbox"

/*
 * What the marketplace refuses after the hub took it (docs/hub-public-facts.md, Sync errors), through the
 * hub client against the sandbox over loopback HTTP: a product taken with 201 and refused by the review,
 * listed with the hub's words, cleared with one PATCH, listed again while the cause stays; orders alike;
 * the listing read page by page to its end.
 */

jest.setTimeout(60_000)

const withoutEan = (sku: string): HubProductInput => ({ sku, name: `Produto ${sku}`, description: "Sem código de barras", qty: 1, price: 10 })

describe("sync errors through the hub client", () => {
  const { hub: currentHub, clientFor } = clientAgainstSandbox()
  let hub: SandboxHub
  beforeEach(() => {
    hub = currentHub()
  })

  const readAll = async (entity: "products" | "orders") => {
    const errors: HubSyncError[] = []
    const walk = clientFor().syncErrors.all(entity)
    for (;;) {
      const next = await walk.next()
      if (next.done) return { errors, complete: next.value.complete }
      errors.push(...next.value.errors)
    }
  }

  it("a product the hub took (201) and the marketplace refused: listed with the hub's words, cleared by one PATCH, back while the cause stays", async () => {
    hub.setReview({ eanRequired: true })
    const client = clientFor()
    await client.createProduct(withoutEan("SEM-EAN"))
    await client.createProduct({ ...withoutEan("COM-EAN"), ean: "7891000000014" })

    const { errors, complete } = await readAll("products")
    expect(complete).toBe(true)
    expect(errors).toEqual([
      { entityId: "SEM-EAN", errorCode: "ean_null", errorCategoryCode: "link_b2w_products", message: expect.stringContaining("EAN"), lastOccurrence: expect.any(String), occurrences: 1 },
    ])
    const glossary = await client.syncErrors.glossary()
    expect(glossary.get(glossaryKey("link_b2w_products", "ean_null"))).toEqual({ name: "Produto sem EAN", solution: expect.stringContaining("Informe o EAN") })

    // Cleared while still without an EAN: the marketplace looks again and refuses it again.
    await client.syncErrors.clear("products", errors)
    const patches = hub.requestLog().filter((entry) => entry.method === "PATCH")
    expect(patches).toEqual([expect.objectContaining({ path: "/sync_errors/products", status: 200, body: { errors: [{ entity_id: "SEM-EAN", error_category_code: "link_b2w_products", error_code: "ean_null" }] } })])
    expect((await readAll("products")).errors.map((error) => [error.entityId, error.occurrences])).toEqual([["SEM-EAN", 1]])

    // Fixed (an EAN given), then cleared: gone for good.
    await client.updateProduct("SEM-EAN", { ean: "7891000000021" })
    await client.syncErrors.clear("products", errors)
    expect((await readAll("products")).errors).toEqual([])
    expect(hub.syncErrors("products")).toEqual([])
  })

  it("orders' sync errors: listed and cleared the same way", async () => {
    hub.reportSyncError({ entity: "orders", entity_id: "Loja-1", error_code: "invoice_rejected", error_category_code: "link_b2w_orders", message: "Chave de NF-e inválida" })
    const { errors } = await readAll("orders")
    expect(errors).toEqual([expect.objectContaining({ entityId: "Loja-1", errorCode: "invoice_rejected", message: "Chave de NF-e inválida" })])
    await clientFor().syncErrors.clear("orders", errors)
    expect((await readAll("orders")).errors).toEqual([])
  })

  it("reads a long listing page by page, one request per page, to its end", async () => {
    for (let index = 0; index < 250; index++) {
      hub.reportSyncError({ entity: "products", entity_id: `SKU-${String(index).padStart(4, "0")}`, error_code: "empty_name", error_category_code: "link_b2w_products", message: "Produto sem nome" })
    }
    hub.resetRequestLog()
    const { errors, complete } = await readAll("products")
    expect(complete).toBe(true)
    expect(new Set(errors.map((error) => error.entityId)).size).toBe(250)
    expect(hub.requestLog().filter((entry) => entry.path.startsWith("/sync_errors/products")).map((entry) => new URL(entry.path, "http://x").searchParams.get("page"))).toEqual(["1", "2", "3"])
  })
})
