/*
 * The sandbox hub: a strict, in-memory stand-in for the marketplace integration hub, served over
 * real HTTP on loopback. Framework-free on purpose: merchants run it with `npx hub-sandbox`.
 */
export { startSandboxHub } from "./server"
export {
  DEFAULT_SANDBOX_CREDENTIALS,
  type SandboxCredentials,
  type SandboxHub,
  type SandboxHubOptions,
} from "./hub"
export { SandboxHubError } from "./errors"
export { SAMPLE_ADDRESS, sampleTestOrder } from "./sample-order"
export { SandboxHubState } from "./state"
export { STANDARD_SANDBOX_STATUSES, type SandboxProduct, type SandboxProductInput, type SandboxStatus } from "./records"
// The hub's state machine is the hub client's table: the sandbox enforces exactly what the plugin expects.
export { ALLOWED_SOURCE_TYPES, type MoveTargetType } from "../hub-client/order-moves"
export type { SandboxCounters, SandboxFaults, SandboxRequestLogEntry } from "./traffic"
export { SANDBOX_MOVE_PROFILES, type MoveRules } from "./move-rules"
