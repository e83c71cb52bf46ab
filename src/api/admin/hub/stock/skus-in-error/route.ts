/** The route's name before 0.4, answering as GET /admin/hub/catalogue/skus-in-error until the next minor version. */
export { GET } from "../../catalogue/skus-in-error/route"
