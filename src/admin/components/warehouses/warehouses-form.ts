import { z } from "zod"
import type { HubWarehousesAnswer, HubWarehousesBody } from "../../../api/admin/hub/types"

/** The default warehouse's code on the hub: fed with the products, never mapped here. */
const DEFAULT_CODE = "98"

/**
 * The drawer's form: a row per warehouse, its hub store code and Medusa stock location. Its messages are
 * keys of `warehouses.errors` (the words are the admin's); the server checks again, against the
 * account's channel and every other account's locations, and its refusal is shown as it says it.
 */
export const warehousesFormSchema = z
  .object({
    rows: z.array(
      z.object({
        code: z.string().trim().min(1, "code").max(20, "codeLength").refine((code) => code !== DEFAULT_CODE, "codeDefault"),
        stockLocationId: z.string().min(1, "location"),
      })
    ),
  })
  .superRefine(({ rows }, context) => {
    const twice = (key: "code" | "stockLocationId", message: string) => {
      const seen = new Set<string>()
      rows.forEach((row, index) => {
        const value = key === "code" ? row.code.trim() : row.stockLocationId
        if (value && seen.has(value)) context.addIssue({ code: "custom", path: ["rows", index, key], message })
        seen.add(value)
      })
    }
    twice("code", "codeTwice")
    twice("stockLocationId", "locationTwice")
  })
export type WarehousesForm = z.infer<typeof warehousesFormSchema>

export const formOfWarehouses = (answer: HubWarehousesAnswer): WarehousesForm => ({
  rows: answer.warehouses.map((warehouse) => ({ code: warehouse.code, stockLocationId: warehouse.stock_location.id })),
})

export const warehousesOfForm = ({ rows }: WarehousesForm): HubWarehousesBody => ({
  warehouses: rows.map((row) => ({ code: row.code.trim(), stockLocationId: row.stockLocationId })),
})
