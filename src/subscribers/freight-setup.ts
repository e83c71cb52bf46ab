import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { buildEventNamesFromEntityName, FulfillmentEvents, Modules, PricingEvents } from "@medusajs/framework/utils"
import { freightSetups } from "../queries/freight-setup"

/**
 * A change to the store's shipping (options, their rules and prices, service and geo zones,
 * fulfillment sets, stock locations): the accounts' freight setups kept in this process are read again
 * behind the quotes (docs/freight.md, *What a quote costs*). Other processes read theirs within the
 * setups' expiry, or here too where the event bus delivers to every process.
 */
export default async function freightSetupChanged({ container }: SubscriberArgs<unknown>) {
  freightSetups(container).refreshAll()
}

const stockLocationEvents = buildEventNamesFromEntityName(["stockLocation"], Modules.STOCK_LOCATION)

export const config: SubscriberConfig = {
  event: [
    FulfillmentEvents.SHIPPING_OPTION_CREATED,
    FulfillmentEvents.SHIPPING_OPTION_UPDATED,
    FulfillmentEvents.SHIPPING_OPTION_DELETED,
    FulfillmentEvents.SHIPPING_OPTION_RULE_CREATED,
    FulfillmentEvents.SHIPPING_OPTION_RULE_UPDATED,
    FulfillmentEvents.SHIPPING_OPTION_RULE_DELETED,
    FulfillmentEvents.SERVICE_ZONE_CREATED,
    FulfillmentEvents.SERVICE_ZONE_UPDATED,
    FulfillmentEvents.SERVICE_ZONE_DELETED,
    FulfillmentEvents.GEO_ZONE_CREATED,
    FulfillmentEvents.GEO_ZONE_UPDATED,
    FulfillmentEvents.GEO_ZONE_DELETED,
    FulfillmentEvents.FULFILLMENT_SET_CREATED,
    FulfillmentEvents.FULFILLMENT_SET_UPDATED,
    FulfillmentEvents.FULFILLMENT_SET_DELETED,
    PricingEvents.PRICE_CREATED,
    PricingEvents.PRICE_UPDATED,
    PricingEvents.PRICE_DELETED,
    PricingEvents.PRICE_RULE_CREATED,
    PricingEvents.PRICE_RULE_UPDATED,
    PricingEvents.PRICE_RULE_DELETED,
    stockLocationEvents.STOCK_LOCATION_UPDATED,
    stockLocationEvents.STOCK_LOCATION_DELETED,
  ],
  context: { subscriberId: "hub-freight-setup-changed" },
}
