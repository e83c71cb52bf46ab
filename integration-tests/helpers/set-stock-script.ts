import { updateInventoryLevelsWorkflow } from "@medusajs/core-flows"
import { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/**
 * `medusa exec integration-tests/helpers/set-stock-script.ts` with HUB_SET_STOCK (a JSON array of
 * { sku, stocked }): sets each SKU's stocked quantity at its locations through Medusa's workflow,
 * from a process of its own, as a merchant's bulk edit or ERP import would (store-processes.ts).
 */
export default async function setStockScript({ container }: ExecArgs) {
  const changes = JSON.parse(process.env.HUB_SET_STOCK ?? "[]") as Array<{ sku: string; stocked: number }>
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: items } = await query.graph({
    entity: "inventory_item",
    fields: ["id", "sku", "location_levels.location_id"],
    filters: { sku: changes.map((change) => change.sku) },
  })
  const stockedBySku = new Map(changes.map((change) => [change.sku, change.stocked]))
  const updates = items.flatMap((item) =>
    (item.location_levels ?? []).map((level: { location_id: string } | null) => ({
      inventory_item_id: item.id as string,
      location_id: level!.location_id,
      stocked_quantity: stockedBySku.get(item.sku as string)!,
    }))
  )
  await updateInventoryLevelsWorkflow(container).run({ input: { updates } })
  container.resolve(ContainerRegistrationKeys.LOGGER).info(`set stock: ${updates.length} inventory levels`)
}
