/** The route's name before 0.4, answering as GET /admin/hub/catalogue/price-steps until the next minor version. */
export { GET } from "../../catalogue/price-steps/route"
