/*
 * What the hub (or a gateway in front of it) can make the client do, bounded: how long a 429 may
 * silence the account, how long a timer may be armed for, how much of an answer is read. Pure,
 * so the transport, the limiter and every budget store apply the same rules.
 */
import type { Readable } from "node:stream"

/** The default longest pause after a 429: a gateway's `Retry-After: 86400` silences no one for a day. */
export const DEFAULT_MAX_PAUSE_MS = 5 * 60_000

/** Node fires a timer armed for longer than this at once (with a warning): a wait loop would spin. */
export const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * The pause a 429's `Retry-After` asks for (seconds, or an HTTP date), capped at `maxPauseMs`;
 * undefined when the header is absent or unreadable.
 */
export function retryAfterMs(header: string | string[] | undefined, nowMs: number, maxPauseMs: number): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim()
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.min(Math.ceil(seconds * 1000), maxPauseMs) : undefined
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.min(Math.max(0, at - nowMs), maxPauseMs)
}

/** A pause's end no later than `maxPauseMs` after `nowMs` (a stored one too: an older cap, another version). */
export function cappedPauseUntil(untilMs: number, nowMs: number, maxPauseMs: number): number {
  return Number.isFinite(untilMs) ? Math.min(untilMs, nowMs + maxPauseMs) : nowMs + maxPauseMs
}

/** A delay a timer can be armed with: longer ones wait in steps, the caller looking again after each. */
export function timerDelayMs(ms: number): number {
  return Math.max(0, Math.min(ms, MAX_TIMER_MS))
}

/** The answer was longer than the client reads: thrown by `readBounded`, reported by the transport. */
export class AnswerTooLongError extends Error {
  constructor(readonly maxBytes: number, readonly declaredBytes?: number) {
    super(
      declaredBytes === undefined
        ? `the answer is longer than ${maxBytes} bytes (maxResponseBytes); it was cut off unread`
        : `the answer declares ${declaredBytes} bytes, more than ${maxBytes} (maxResponseBytes); it was not read`
    )
    this.name = "AnswerTooLongError"
  }
}

/**
 * The body as text, read chunk by chunk and never past `maxBytes`: a longer one is destroyed (its
 * connection closed) and throws AnswerTooLongError, so a 50 MB answer costs at most `maxBytes`.
 */
export async function readBounded(body: Readable, maxBytes: number, declaredLength?: string | string[]): Promise<string> {
  const declared = Number(Array.isArray(declaredLength) ? declaredLength[0] : declaredLength)
  if (Number.isFinite(declared) && declared > maxBytes) {
    body.destroy()
    throw new AnswerTooLongError(maxBytes, declared)
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer)
    size += bytes.length
    if (size > maxBytes) {
      body.destroy()
      throw new AnswerTooLongError(maxBytes)
    }
    chunks.push(bytes)
  }
  return Buffer.concat(chunks, size).toString("utf8")
}
