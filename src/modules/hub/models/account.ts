import { model } from "@medusajs/framework/utils"
import { DEFAULT_ACCOUNT } from "../accounts"

/** The hub account a record belongs to (option `accounts`); records from before accounts belong to `default`. */
export const accountColumn = () => model.text().default(DEFAULT_ACCOUNT)
