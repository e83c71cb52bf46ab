import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createShippingOptionsWorkflow } from "@medusajs/medusa/core-flows"

/** The test provider's id in Medusa (identifier `hub-freight-test`, registered as `freight`). */
export const FREIGHT_TEST_PROVIDER_ID = "hub-freight-test_freight"

export type FreightOptionSeed =
  | { name: string; zone: string; flat: number; freeFrom?: number; deliveryDays?: number }
  | { name: string; zone: string; calculated: true; deliveryDays?: number }

/**
 * A stock location's shipping as a merchant sets it in Medusa's admin: its own fulfillment set (any
 * set it had removed) with the zones given (geo zones as Medusa keeps them), shipping options with
 * flat prices (a free-shipping price rule on item_total when `freeFrom`) or calculated by the test
 * provider, and their delivery days in their metadata. Returns the options' ids by name.
 */
export async function seedFreightShipping(
  container: MedusaContainer,
  { locationId, shippingProfileId, zones, options }: {
    locationId: string
    shippingProfileId: string
    zones: Record<string, Array<Record<string, unknown>>>
    options: FreightOptionSeed[]
  }
): Promise<Record<string, string>> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const { data: [location] } = await query.graph({ entity: "stock_location", fields: ["id", "fulfillment_sets.id", "fulfillment_providers.id"], filters: { id: locationId } })
  const existing = ((location?.fulfillment_sets ?? []) as Array<{ id: string }>).map((set) => set.id)
  if (existing.length) await fulfillment.deleteFulfillmentSets(existing)
  const providers = ((location?.fulfillment_providers ?? []) as Array<{ id: string }>).map((provider) => provider.id)
  for (const provider of ["manual_manual", FREIGHT_TEST_PROVIDER_ID].filter((id) => !providers.includes(id))) {
    await link.create({ [Modules.STOCK_LOCATION]: { stock_location_id: locationId }, [Modules.FULFILLMENT]: { fulfillment_provider_id: provider } })
  }
  const set = await fulfillment.createFulfillmentSets({
    name: `Entregas ${locationId}`,
    type: "shipping",
    service_zones: Object.entries(zones).map(([name, geo_zones]) => ({ name, geo_zones: geo_zones as never })),
  })
  await link.create({ [Modules.STOCK_LOCATION]: { stock_location_id: locationId }, [Modules.FULFILLMENT]: { fulfillment_set_id: set.id } })
  const zoneId = (name: string) => set.service_zones.find((zone) => zone.name === name)!.id

  const ids: Record<string, string> = {}
  for (const option of options) {
    const common = { name: option.name, service_zone_id: zoneId(option.zone), shipping_profile_id: shippingProfileId, type: { label: option.name, description: option.name, code: option.name.toLowerCase() }, rules: [] }
    const input =
      "calculated" in option
        ? { ...common, price_type: "calculated" as const, provider_id: FREIGHT_TEST_PROVIDER_ID, data: { id: "carrier" } }
        : {
            ...common,
            price_type: "flat" as const,
            provider_id: "manual_manual",
            prices: [
              { currency_code: "brl", amount: option.flat },
              ...(option.freeFrom !== undefined ? [{ currency_code: "brl", amount: 0, rules: [{ attribute: "item_total", operator: "gte" as const, value: option.freeFrom }] }] : []),
            ],
          }
    const { result } = await createShippingOptionsWorkflow(container).run({ input: [input as never] })
    ids[option.name] = result[0].id
    if (option.deliveryDays !== undefined) await fulfillment.updateShippingOptions(result[0].id, { metadata: { hub_delivery_days: option.deliveryDays } } as never)
  }
  return ids
}
