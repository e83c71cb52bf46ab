import { hubJob } from "../sync/shared/hub-job"
import { scheduleSaleBoundaries } from "../sync/catalogue/sale-boundaries"

/** Each minute, the price lists starting or ending within the next one get a timer at that second. */
export default hubJob((container) => scheduleSaleBoundaries(container))

export const config = {
  name: "hub-sale-boundaries",
  schedule: "* * * * *",
}
