import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import type { TestOrderInput } from "../../src/hub-client"
import type HubModuleService from "../../src/modules/hub/service"
import { SAMPLE_ADDRESS, sampleTestOrder } from "../../src/sandbox"
import type { seedStore } from "./store"

type SeededStore = Awaited<ReturnType<typeof seedStore>>

/** The import specs' hub order: Ana's, of these items, billed to another address, with interest. */
export function importTestOrder(items: { id: string; qty: number }[], email = "ana.souza@example.com"): TestOrderInput {
  const sample = sampleTestOrder()
  return sampleTestOrder({
    items,
    customer: { ...sample.customer, name: "Ana Maria Souza", email },
    billing_address: { ...SAMPLE_ADDRESS, street: "Rua Augusta", number: 500 },
    interest: 2.25,
  })
}

/**
 * What the import specs read back of the store, for the spec's container and seeded store as they
 * are when called (both are set before each test).
 */
export function hubOrderReads(container: () => MedusaContainer, store: () => SeededStore) {
  /** The default account's hub order record of `code`. */
  async function hubOrderRecord(code: string) {
    const [record] = await container().resolve<HubModuleService>(HUB_MODULE).listHubOrders({ code })
    return record
  }

  /** The Medusa orders made of hub order `code`. */
  async function medusaOrdersOf(code: string) {
    return container().resolve(Modules.ORDER).listOrders({ metadata: { hub_order_code: code } } as never)
  }

  /** `sku`'s inventory level at the store's location, its quantities as numbers. */
  async function stockLevel(sku: string) {
    const [found] = await container().resolve(Modules.INVENTORY).listInventoryLevels({
      inventory_item_id: store().inventoryItemsBySku[sku],
      location_id: store().stockLocation.id,
    })
    return {
      id: found.id,
      inventory_item_id: found.inventory_item_id,
      location_id: found.location_id,
      stocked_quantity: Number(found.stocked_quantity),
      reserved_quantity: Number(found.reserved_quantity),
      available_quantity: Number(found.available_quantity),
    }
  }

  /** Hub order `code`'s record and the Medusa order it became, with what the import writes of it. */
  async function importedOrder(code: string) {
    const record = await hubOrderRecord(code)
    const { data } = await container().resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "order",
      fields: [
        "id",
        "email",
        "status",
        "currency_code",
        "region_id",
        "sales_channel_id",
        "customer.email",
        "customer.first_name",
        "customer.last_name",
        "customer.phone",
        "customer.metadata",
        "shipping_address.*",
        "billing_address.*",
        "items.*",
        "shipping_methods.*",
        "payment_collections.status",
        "metadata",
      ],
      filters: { id: record.order_id },
    })
    // Medusa's query types are generated per app; a test reads the fields it asked for.
    return { record, order: data[0] as Record<string, any> }
  }

  return { hubOrderRecord, medusaOrdersOf, stockLevel, importedOrder }
}
