/** The route's name before 0.4 (the hub's own word), answering as POST /admin/hub/marketplace-refusals/read until the next minor version. */
export { POST } from "../../marketplace-refusals/read/route"
