import type { z } from "zod"

/** A refusal of the sandbox hub, carrying the HTTP status the hub answers it with. */
export class SandboxHubError extends Error {
  constructor(
    readonly status: number,
    message: string
  ) {
    super(message)
    this.name = "SandboxHubError"
  }
}

/** The first issue, naming its field (`order.items.0.id: ...`) as hubs name the bad field. */
function describeZodError(error: z.ZodError, prefix?: string): string {
  const issue = error.issues[0]
  const path = [...(prefix ? [prefix] : []), ...issue.path.map(String)].join(".")
  return path ? `${path}: ${issue.message}` : issue.message
}

/** Parses `value` or throws a SandboxHubError (422 unless told) naming the offending field. */
export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  value: unknown,
  options: { status?: number; prefix?: string } = {}
): z.output<T> {
  const result = schema.safeParse(value)
  if (!result.success) {
    throw new SandboxHubError(options.status ?? 422, describeZodError(result.error, options.prefix))
  }
  return result.data
}
