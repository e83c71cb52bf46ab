import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { uniqueHubStatuses } from "../../../mapping/hub-status"
import { HUB_MODULE } from "../../../modules/hub"
import { accountInLog } from "../../../modules/hub/accounts"
import type HubModuleService from "../../../modules/hub/service"

/** How many of the codes a hub lists twice a warning names. */
const REPEATED_CODES_NAMED = 10

/**
 * Reads an account's `GET /statuses` and keeps its catalogue (custom statuses count by their type, never their
 * label: docs/hub-public-facts.md, Statuses). A code listed twice keeps its first listing, with a warning
 * naming it (`uniqueHubStatuses`): the intake goes on. Returns code -> type, as a plain object (a
 * workflow's result is serialized). Nothing to undo: the catalogue only ever says what the hub says now.
 */
export const refreshHubStatusesStep = createStep("refresh-hub-statuses", async (input: { account: string }, { container }) => {
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  const { id: account, orders, records } = hubModule.account(input.account)
  const catalogue = await orders.statuses()
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  if (catalogue.setAside.length) {
    // One malformed entry is left out, never the catalogue: the import goes on with the others.
    logger.warn(`${accountInLog(input.account)} GET /statuses: ${catalogue.setAside.length} entr${catalogue.setAside.length > 1 ? "ies" : "y"} set aside (${catalogue.setAside.slice(0, REPEATED_CODES_NAMED).join("; ")})`)
  }
  const { statuses, repeated } = uniqueHubStatuses(catalogue.statuses)
  if (repeated.length) {
    const named = repeated.slice(0, REPEATED_CODES_NAMED).map((code) => JSON.stringify(code)).join(", ")
    const more = repeated.length > REPEATED_CODES_NAMED ? ` and ${repeated.length - REPEATED_CODES_NAMED} more` : ""
    logger.warn(`${accountInLog(account)} GET /statuses lists status code${repeated.length > 1 ? "s" : ""} ${named}${more} more than once: the first listing of each is kept`)
  }
  await records.statuses.keep(statuses.map(({ code, label, type }) => ({ code, label, type })))
  return new StepResponse<Record<string, string>>(Object.fromEntries(statuses.map((status) => [status.code, status.type])))
})
