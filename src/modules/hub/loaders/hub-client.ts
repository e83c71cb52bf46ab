import { LoaderOptions } from "@medusajs/framework/types"
import { asValue } from "@medusajs/framework/awilix"
import { HubClient } from "../../../hub-client"
import { parseHubPluginOptions } from "../options"

/**
 * Validates the plugin options and builds the one hub client of the process, so a bad option
 * stops the boot with a clear message instead of failing on the first scheduled run.
 */
export default async function hubClientLoader({ container, options }: LoaderOptions) {
  const hubOptions = parseHubPluginOptions(options)
  const logger = container.resolve("logger")
  const hubClient = new HubClient(hubOptions, logger)
  container.register({ hubClient: asValue(hubClient), hubOptions: asValue(hubOptions) })
  logger.info(`hub: connected to ${new URL(hubOptions.baseUrl).origin}${hubOptions.sandbox ? " (sandbox account)" : ""}`)
}
