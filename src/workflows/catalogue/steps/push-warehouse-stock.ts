import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type { HubAccount } from "../../../modules/hub/hub-account"
import type HubModuleService from "../../../modules/hub/service"
import type { ClaimedWarehouseStock, WarehouseStockReading } from "../../../modules/hub/types"
import { hubStockLocations } from "../../../queries/hub-stock-locations"
import { wantedAt } from "./compare-warehouse-stock"

type ClaimedWarehouses = { account: string; claims: ClaimedWarehouseStock[][] }

/**
 * Claims, for each of the account's other warehouses (as saved, else the option `warehouses`), up to
 * `warehouseBatchSize` due outbox rows: one batch per warehouse and round (docs/catalogue.md, *Warehouses*).
 */
export const claimWarehouseStockStep = createStep("claim-hub-warehouse-stock", async ({ account }: { account: string }, { container }) => {
  const { options, records } = container.resolve<HubModuleService>(HUB_MODULE).account(account)
  const { warehouses } = await records.settings.warehouses()
  const claims = await Promise.all(warehouses.map(({ code }) => records.claimWarehouseStock(code, options.warehouseBatchSize)))
  return new StepResponse<ClaimedWarehouses>({ account, claims: claims.filter((rows) => rows.length > 0) })
})

/**
 * Sends each warehouse's claimed rows in one batch (the account's `catalogue.pushWarehouses`), from
 * Medusa's available quantity of the claimed SKUs at each warehouse's location, read as the batches
 * leave (never a value older than its send), in one statement for every warehouse, as the
 * reconciliation reads it (`wantedAt`). The account's channel and mapped locations are checked as a
 * change's reading checks them: a location shared with another account makes Medusa unreadable here,
 * and every row waits the retry delay. The reading stays in this step: a round passes up to
 * `warehouseBatchSize` rows per warehouse, and a step more for it cost the bench's walk half again its CPU
 * (the engine keeps each step's input and answer).
 */
export const pushWarehouseStockStep = createStep("push-hub-warehouse-stock", async ({ account, claims }: ClaimedWarehouses, { container }) => {
  const hubAccount = container.resolve<HubModuleService>(HUB_MODULE).account(account)
  return new StepResponse(await hubAccount.catalogue.pushWarehouses(claims, await readWarehouseStock(container, hubAccount, claims)))
})

async function readWarehouseStock(container: MedusaContainer, { options, records }: HubAccount, claims: ClaimedWarehouseStock[][]): Promise<WarehouseStockReading> {
  if (!claims.length) return { quantities: {} }
  try {
    const { salesChannelId, warehouses } = await hubStockLocations(container, options)
    const readings = await records.warehouseReconciliation.stockOf([...new Set(claims.flat().map((row) => row.sku))], salesChannelId, warehouses.map((warehouse) => warehouse.locationId))
    const quantities = Object.fromEntries(
      warehouses.map(({ code, locationId }) => [code, Object.fromEntries(readings.flatMap((reading) => wantedAt(reading, locationId, options)).map((entry) => [entry.sku, entry.fields.qty as number]))])
    )
    return { quantities }
  } catch (error) {
    return { unreadable: error instanceof Error ? error.message : String(error) }
  }
}
