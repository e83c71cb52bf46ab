import type { MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { describeIssues } from "../../../../hub-client/errors"
import { HUB_MODULE } from "../../../../modules/hub"
import type HubModuleService from "../../../../modules/hub/service"
import { fallbackOf, FREIGHT_DEADLINE_MS, transitDaysOf } from "../../../../mapping/freight-rules"
import { hubStockLocations } from "../../../../queries/hub-stock-locations"
import { HubAccountQuerySchema } from "../account-query"

/** Reads `schema` from `value` or throws Medusa's 400 naming each field. */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid request: ${describeIssues(parsed.error.issues)}`)
  return parsed.data
}

/** The account `?account=` names (default unless named); an unknown one is a 400 naming it. */
export function freightAccount(req: MedusaRequest) {
  const { account } = parseOr400(HubAccountQuerySchema, req.query)
  return req.scope.resolve<HubModuleService>(HUB_MODULE).account(account)
}

/** Where the hub's support is told to call: this store's address as the admin reached it. */
function storeOrigin(req: MedusaRequest): string {
  const configured = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE).admin?.backendUrl
  if (configured && configured !== "/") return configured.replace(/\/$/, "")
  return `${req.protocol}://${req.get("host")}`
}

/** The admin's freight settings of an account: on or off, the URLs (token included), the options and their days, the activity. */
export async function freightSettings(req: MedusaRequest) {
  const hubModule = req.scope.resolve<HubModuleService>(HUB_MODULE)
  const { id, options } = freightAccount(req)
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { freight } = hubModule.account(id).records
  const [token, activity, locations] = await Promise.all([freight.token(), freight.activity(20), hubStockLocations(req.scope, options)])
  const base = `${storeOrigin(req)}/hub/freight/${id}/${token ?? "<no token yet>"}`
  const { data: locationRows } = locations.reservationLocationId
    ? await query.graph({ entity: "stock_location", fields: ["id", "name", "fulfillment_sets.service_zones.shipping_options.id", "fulfillment_sets.service_zones.shipping_options.name", "fulfillment_sets.service_zones.shipping_options.price_type", "fulfillment_sets.service_zones.shipping_options.metadata", "fulfillment_sets.service_zones.name"], filters: { id: locations.reservationLocationId } })
    : { data: [] }
  type Zone = { name: string; shipping_options?: Array<{ id: string; name: string; price_type: string; metadata: Record<string, unknown> | null }> }
  const zones = ((locationRows[0]?.fulfillment_sets ?? []) as Array<{ service_zones?: Zone[] } | null>).flatMap((set) => set?.service_zones ?? [])
  return {
    account: id,
    /** Answering: the option on and a token made (the admin's off switch removes the token). */
    enabled: options.freight.enabled && token !== null,
    option_enabled: options.freight.enabled,
    token,
    urls: token ? { partner: `${base}/partner`, legacy: `${base}/legacy` } : null,
    allowlist: options.freight.allowlist,
    handling_days: options.freight.handlingDays,
    default_transit_days: options.freight.defaultTransitDays,
    budget_ms: options.freight.budgetMs,
    deadline_ms: options.freight.deadlineMs ?? FREIGHT_DEADLINE_MS,
    location: locationRows[0] ? { id: locationRows[0].id, name: locationRows[0].name } : null,
    shipping_options: zones.flatMap((zone) =>
      (zone.shipping_options ?? []).map((option) => ({ id: option.id, name: option.name, zone: zone.name, price_type: option.price_type, delivery_days: transitDaysOf(option.metadata), fallback: fallbackOf(option.metadata, id) }))
    ),
    activity,
  }
}
