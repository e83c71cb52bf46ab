import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import { defaultLocationMapped } from "../../../modules/hub/accounts"
import { optionsProblems, type HubWarehouse } from "../../../modules/hub/options"
import type HubModuleService from "../../../modules/hub/service"
import { hubStockLocations } from "../../../queries/hub-stock-locations"

/** `warehouses`: the account's warehouses besides the default, as the option gives them; null: none saved, the option's again. */
export type SaveHubWarehousesInput = { account: string; warehouses: HubWarehouse[] | null }

/**
 * Checks an account's warehouses as they would be saved, as every reading of its locations checks them
 * (src/queries/hub-stock-locations.ts): each location serves the account's sales channel, none is its
 * `stockLocationId` (the default warehouse's), and none is another account's, whichever way (an option,
 * another account's warehouse, or Medusa's links between their channels and locations). A refusal is a
 * 400 naming the field. Run under the store's warehouses lock, so two saves cannot both pass with one location.
 */
export const checkHubWarehousesStep = createStep("check-hub-warehouses", async ({ account, warehouses }: SaveHubWarehousesInput, { container }) => {
  const { options } = container.resolve<HubModuleService>(HUB_MODULE).account(account)
  const proposed = warehouses ?? options.warehouses
  const mappedDefault = defaultLocationMapped(options, proposed)
  if (mappedDefault) throw new MedusaError(MedusaError.Types.INVALID_DATA, mappedDefault)
  try {
    await hubStockLocations(container, options, proposed)
  } catch (error) {
    const problems = optionsProblems(error)
    throw problems === null ? error : new MedusaError(MedusaError.Types.INVALID_DATA, problems)
  }
  return new StepResponse(proposed)
})

/** Saves them; compensation puts back the row as it was (none: the option's again). */
export const saveHubWarehousesStep = createStep(
  "save-hub-warehouses",
  async ({ account, warehouses }: SaveHubWarehousesInput, { container }) => {
    const previous = await container.resolve<HubModuleService>(HUB_MODULE).account(account).records.settings.saveWarehouses(warehouses)
    return new StepResponse(undefined, { account, previous: previous as HubWarehouse[] | null })
  },
  async (before, { container }) => {
    if (!before) return
    await container.resolve<HubModuleService>(HUB_MODULE).account(before.account).records.settings.saveWarehouses(before.previous)
  }
)
