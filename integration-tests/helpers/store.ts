// The store fixture is the demo's seed too (`npm run demo`); one copy, in src/scripts.
export { seedStore, type SeedProduct } from "../../src/scripts/seed-store"
