import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"
import HubModule from "../modules/hub"

/** A hub order record and the Medusa order it was imported as. */
export default defineLink(HubModule.linkable.hubOrder, OrderModule.linkable.order)
