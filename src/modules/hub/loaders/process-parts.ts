import { LoaderOptions } from "@medusajs/framework/types"
import { asValue } from "@medusajs/framework/awilix"
import { ProcessParts } from "../process-parts"

/** The process's machinery, one per application: the module's `onApplicationShutdown` stops it. */
export default async function processPartsLoader({ container }: LoaderOptions) {
  container.register({ hubProcessParts: asValue(new ProcessParts()) })
}
