import { LoaderOptions } from "@medusajs/framework/types"
import { asValue } from "@medusajs/framework/awilix"
import { HubLeases } from "../leases"
import { ProcessParts } from "../process-parts"

/** The process's machinery and its leases, one per application: the module's `onApplicationShutdown` stops the machinery. */
export default async function processPartsLoader({ container }: LoaderOptions) {
  container.register({ hubProcessParts: asValue(new ProcessParts()), hubLeases: asValue(new HubLeases()) })
}
