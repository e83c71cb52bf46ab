/*
 * The sandbox hub: a strict, in-memory stand-in for the marketplace integration hub, served over
 * real HTTP on loopback. Framework-free on purpose: merchants run it with `npx hub-sandbox`.
 */
export {
  DEFAULT_SANDBOX_CREDENTIALS,
  startSandboxHub,
  type SandboxCredentials,
  type SandboxHub,
  type SandboxHubOptions,
} from "./server"
export { SandboxHubError } from "./errors"
export { SAMPLE_ADDRESS, sampleTestOrder } from "./sample-order"
export {
  ALLOWED_SOURCE_TYPES,
  SandboxHubState,
  STANDARD_SANDBOX_STATUSES,
  type MoveTargetType,
  type SandboxProduct,
  type SandboxProductInput,
  type SandboxStatus,
} from "./state"
export type { SandboxCounters, SandboxFaults, SandboxRequestLogEntry } from "./traffic"
