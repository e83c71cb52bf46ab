import { Module } from "@medusajs/framework/utils"
import hubClientLoader from "./loaders/hub-client"
import processPartsLoader from "./loaders/process-parts"
import HubModuleService from "./service"

export const HUB_MODULE = "hub"

export default Module(HUB_MODULE, {
  service: HubModuleService,
  loaders: [hubClientLoader, processPartsLoader],
})
