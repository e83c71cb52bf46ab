/*
 * The sandbox hub: a strict, in-memory stand-in for the marketplace integration hub, served over
 * real HTTP on loopback. Framework-free on purpose: merchants run it with `npx hub-sandbox`.
 */
export { startSandboxHub } from "./server"
export {
  sandboxAccountCredentials,
  startSandboxAccounts,
  type SandboxAccount,
  type SandboxAccounts,
} from "./accounts"
export {
  DEFAULT_SANDBOX_CREDENTIALS,
  type SandboxCredentials,
  type SandboxHub,
  type SandboxHubOptions,
} from "./hub"
export { SandboxHubError } from "./errors"
export { SAMPLE_ADDRESS, sampleTestOrder } from "./sample-order"
export { SandboxHubState, type SeedOrdersOptions } from "./state"
export type { SandboxQueueFault } from "./order-queue"
export type { SandboxVariationView } from "./catalogue"
export { DEFAULT_SANDBOX_CATEGORIES, type SandboxCategory, type SandboxCategoryInput } from "./category-service"
export type { SandboxNewProduct, SandboxVariation } from "./product-create-rules"
export { STANDARD_SANDBOX_STATUSES, type SandboxProduct, type SandboxProductInput, type SandboxStatus } from "./records"
export type { SandboxCounters, SandboxFaults, SandboxRequestLogEntry } from "./traffic"
export type { RequestHold } from "./held-requests"
export { SANDBOX_MOVE_PROFILES, type MoveRules } from "./move-rules"
export type { SandboxMisbehaviourInput, SandboxMisbehaviourState } from "./misbehaviour"
export { sampleNfeKey, sampleNfeXml } from "./sample-nfe"
