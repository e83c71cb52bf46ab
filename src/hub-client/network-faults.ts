/*
 * A network failure as the transport reports it (transport.ts): its code, and its words for a
 * HubUnavailableError, naming the option that bounds it where one does.
 */

/** A network failure's code, as undici or node gives it (`ECONNRESET`, `UND_ERR_SOCKET`), else UNKNOWN. */
export function networkCode(error: unknown): string {
  if (error && typeof error === "object" && "code" in error && typeof error.code === "string") {
    return error.code
  }
  return "UNKNOWN"
}

/** A network failure in words (for HubUnavailableError), naming the option that bounds it. */
export function describeNetworkFault(code: string, deadlineMs: number): string {
  switch (code) {
    case "DEADLINE":
      return `no complete answer within the request deadline (requestDeadlineMs, ${deadlineMs} ms)`
    case "UND_ERR_HEADERS_TIMEOUT":
    case "UND_ERR_BODY_TIMEOUT":
      return "no answer within the request timeout"
    case "UND_ERR_CONNECT_TIMEOUT":
      return "could not connect within the timeout"
    case "ECONNREFUSED":
      return "connection refused"
    case "UND_ERR_SOCKET":
    case "ECONNRESET":
      return "the connection dropped before an answer"
    default:
      return `network fault (${code})`
  }
}
