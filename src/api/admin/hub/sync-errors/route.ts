/** The route's name before 0.4 (the hub's own word), answering as GET /admin/hub/marketplace-refusals until the next minor version. */
export { GET } from "../marketplace-refusals/route"
