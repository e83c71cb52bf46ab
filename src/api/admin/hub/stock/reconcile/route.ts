/** The route's name before 0.4, answering as POST /admin/hub/catalogue/reconcile until the next minor version. */
export { POST } from "../../catalogue/reconcile/route"
