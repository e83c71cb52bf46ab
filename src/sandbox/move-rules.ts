/*
 * Which moves the sandbox hub accepts from which status: rules of its own, separate from the
 * plugin's reading of the flow (ALLOWED_SOURCE_TYPES in src/hub-client/order-moves.ts), because the
 * specification leaves them open (docs/hub-interface.md §3) and real hubs differ. Tests run a hub
 * under either profile and show where a hub and the plugin's table disagree.
 */
import { z } from "zod"
import type { MoveTargetType } from "./move-bodies"
import { SANDBOX_STATUS_TYPES, type SandboxStatusType } from "./records"

/** Source types by target: any of the hub's types (a 2025 one of its own too), targets only the standard ones. */
export type MoveRules = Readonly<Record<MoveTargetType, readonly SandboxStatusType[]>>

export const SANDBOX_MOVE_PROFILES: Readonly<Record<"strict" | "lenient", MoveRules>> = {
  /** The strict reading of the specification's flow. */
  strict: {
    APPROVED: ["NEW"],
    INVOICED: ["APPROVED"],
    SHIPPED: ["INVOICED", "SHIPMENT_EXCEPTION"],
    DELIVERED: ["SHIPPED", "SHIPMENT_EXCEPTION"],
    CANCELED: ["NEW", "APPROVED", "INVOICED"],
    SHIPMENT_EXCEPTION: ["SHIPPED"],
  },
  /** A hub that ships without an invoice (as public integrations send shipments) and refuses a re-ship after an exception. */
  lenient: {
    APPROVED: ["NEW"],
    INVOICED: ["APPROVED"],
    SHIPPED: ["APPROVED", "INVOICED"],
    DELIVERED: ["SHIPPED", "SHIPMENT_EXCEPTION"],
    CANCELED: ["NEW", "APPROVED", "INVOICED"],
    SHIPMENT_EXCEPTION: ["SHIPPED"],
  },
}

const statusTypes = z.array(z.enum(SANDBOX_STATUS_TYPES))

/** A profile's name, or rules of one's own (every target named: a JSON file's content for the CLI). */
export const moveRulesSchema = z.union([
  z.enum(["strict", "lenient"]),
  z.strictObject({
    APPROVED: statusTypes,
    INVOICED: statusTypes,
    SHIPPED: statusTypes,
    DELIVERED: statusTypes,
    CANCELED: statusTypes,
    SHIPMENT_EXCEPTION: statusTypes,
  }),
])

export function moveRulesOf(setting: z.infer<typeof moveRulesSchema> | undefined): MoveRules {
  return typeof setting === "object" ? setting : SANDBOX_MOVE_PROFILES[setting ?? "strict"]
}
