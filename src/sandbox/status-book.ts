/*
 * The account's order statuses as the sandbox hub keeps them (docs/hub-interface.md, statuses): the
 * hub's standard ones (with realistic answers also the 2025 list's and an account's custom one), and
 * those the merchant adds in the hub's administration area. A move's target is resolved here by code
 * and type, never by label.
 */
import type { SandboxAnswers } from "./answers"
import { parseOrThrow, SandboxHubError } from "./errors"
import { SANDBOX_2025_STATUSES, SANDBOX_ACCOUNT_STATUSES, sandboxStatusSchema, type SandboxStatus, type SandboxStatusType, STANDARD_SANDBOX_STATUSES } from "./records"

/** The hub's own statuses, which no custom one redefines: the standard ones and the 2025 list's. */
const HUB_OWN_STATUS_CODES = new Set([...STANDARD_SANDBOX_STATUSES, ...SANDBOX_2025_STATUSES].map((status) => status.code))

export class SandboxStatusBook {
  private readonly statuses = new Map<string, SandboxStatus>()

  /** Back to the hub's statuses: the standard ones; with realistic answers also the 2025 list's and a custom one. */
  reset(answers: SandboxAnswers): void {
    this.statuses.clear()
    const listed = answers === "realistic" ? [...STANDARD_SANDBOX_STATUSES, ...SANDBOX_2025_STATUSES, ...SANDBOX_ACCOUNT_STATUSES] : STANDARD_SANDBOX_STATUSES
    for (const status of listed) this.statuses.set(status.code, { ...status })
  }

  list(): SandboxStatus[] {
    return [...this.statuses.values()].map((status) => ({ ...status }))
  }

  /** A custom status; a custom code may be redefined, the hub's own may not. */
  add(input: SandboxStatus): SandboxStatus {
    const { code, label, type } = parseOrThrow(sandboxStatusSchema, input, { prefix: "status" })
    if (HUB_OWN_STATUS_CODES.has(code)) {
      throw new SandboxHubError(422, `status.code: "${code}" is a standard status and cannot be redefined`)
    }
    const status = { code, label, type }
    this.statuses.set(code, status)
    return { ...status }
  }

  get(code: string): SandboxStatus | undefined {
    return this.statuses.get(code)
  }

  /** The status `code` names, which must be of `type` on this account (a 422 in the hub's words otherwise). */
  ofType(code: string, type: SandboxStatusType): SandboxStatus {
    const status = this.statuses.get(code)
    if (!status || status.type !== type) {
      throw new SandboxHubError(422, `status: "${code}" is not a status of type ${type} on this account`)
    }
    return status
  }

  /** The type of the status `code` names; undefined for none or one the account does not have. */
  typeOf(code: string | undefined): SandboxStatusType | undefined {
    return code === undefined ? undefined : this.statuses.get(code)?.type
  }
}
