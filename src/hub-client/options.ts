import { z } from "zod"
import { DEFAULT_MAX_PAUSE_MS } from "./bounds"

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"])

/** The URL, or undefined when it does not parse (z.url() has then named the problem already). */
const parseUrl = (value: string): URL | undefined => {
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

const rateLimitSchema = z.strictObject({
  limit: z.number().int().positive(),
  windowMs: z.number().int().positive(),
})

/** Where the account's credentials are sent: an absolute https URL (plain http only on this machine), nothing in it but the address. */
const accountUrl = (example: string) =>
  z
    .url({ message: `must be an absolute URL such as ${example}` })
    // zod runs these refinements even when z.url() refused the value, so they never assume it parses.
    .refine((value) => {
      const url = parseUrl(value)
      return !url || url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname))
    }, "must use https (plain http is accepted only for a hub on this machine, such as the sandbox hub)")
    .refine((value) => {
      const url = parseUrl(value)
      return !url || (!url.username && !url.password && !url.search && !url.hash)
    }, "must not carry credentials, a query or a fragment")

/**
 * The hub client's options. The plugin's options extend this schema (src/modules/hub/options.ts),
 * so each option is declared, defaulted and documented once.
 */
export const hubClientOptionsSchema = z.object({
  baseUrl: accountUrl("https://api.hub.example/v3"),
  /**
   * The category service beside the hub (docs/hub-public-facts.md, Categories and attributes): the
   * marketplace's categories and their attributes, at an address of its own that the merchant
   * configures for the account as they configure `baseUrl`, reached with the same credentials and
   * budget. Without it `categories` refuses, naming this option.
   */
  categoryServiceUrl: accountUrl("https://categories.hub.example/v1").optional(),
  userEmail: z.email({ message: "must be the e-mail address of the hub account user (X-User-Email)" }),
  apiKey: z
    .string({ error: "is required (the X-Api-Key of the hub account)" })
    .trim()
    .min(1, "is required (the X-Api-Key of the hub account)"),
  accountManagerKey: z
    .string({ error: "is required (the X-Accountmanager-Key of the hub account)" })
    .trim()
    .min(1, "is required (the X-Accountmanager-Key of the hub account)"),
  /** A test account: creating and approving test orders is allowed only then (docs/hub-interface.md §4 rule 1). */
  sandbox: z.boolean().default(false),
  requestTimeoutMs: z.number().int().min(100).max(120_000).default(15_000),
  /**
   * The longest one attempt may take from leaving to the last byte of its answer: undici's timeouts
   * count idle time only, so a body dripping a byte at a time would otherwise never end.
   */
  requestDeadlineMs: z
    .number({ error: "must be a number of milliseconds" })
    .int()
    .min(1_000, "must be at least 1000 (ms)")
    .max(600_000, "must be at most 600000 (10 minutes)")
    .default(60_000),
  /** The longest answer read; a longer one is cut off and reported (8 MiB: far more than a page of 100). */
  maxResponseBytes: z
    .number({ error: "must be a number of bytes" })
    .int()
    .min(65_536, "must be at least 65536 (64 KiB)")
    .max(1_073_741_824, "must be at most 1073741824 (1 GiB)")
    .default(8 * 1_048_576),
  /** The longest document streamed through (a label's or a PLP's PDF, 32 MiB); a longer one is cut off with an error. */
  maxDocumentBytes: z
    .number({ error: "must be a number of bytes" })
    .int()
    .min(65_536, "must be at least 65536 (64 KiB)")
    .max(1_073_741_824, "must be at most 1073741824 (1 GiB)")
    .default(32 * 1_048_576),
  /** Pages a products walk follows before it stops as incomplete (a `next` that never ends). */
  maxProductPages: z
    .number({ error: "must be a number of pages" })
    .int()
    .min(1, "must be at least 1")
    .max(1_000_000, "must be at most 1000000")
    .default(10_000),
  /** Per bucket ("GET /orders", "PUT /products", ..., or "default"); merged over the published figures. */
  rateLimits: z.record(z.string(), rateLimitSchema).default({}),
  /** How long to send nothing after a 429 without Retry-After: the hub's counting window. */
  rateLimitPauseMs: z.number().int().min(1).max(600_000).default(1_000),
  /**
   * The longest pause a 429 can impose, whatever its Retry-After says (and whatever a shared budget
   * holds): a gateway's `Retry-After: 86400` would otherwise silence every process for a day.
   */
  rateLimitMaxPauseMs: z
    .number({ error: "must be a number of milliseconds" })
    .int()
    .min(1_000, "must be at least 1000 (ms)")
    .max(86_400_000, "must be at most 86400000 (a day)")
    .default(DEFAULT_MAX_PAUSE_MS),
  /**
   * A Redis (redis:// or rediss://) through which every process of the store draws from one budget
   * per hub account and sees the same pause after a 429; without it each process has its own.
   */
  rateLimitRedisUrl: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, "must be a redis:// or rediss:// URL, such as redis://localhost:6379")
    .optional(),
  /** Prefix of the shared budget's Redis keys; the account's part is added to it. */
  rateLimitRedisPrefix: z.string().trim().min(1).max(100).default("medusa-plugin-hub:budget"),
  /** 429s lower a bucket's limit, which then recovers; a pause ends with a ramp. false: fixed limits. */
  adaptiveRateLimits: z.boolean().default(true),
  /** A lowered limit rises by one request after this many windows without a 429. */
  rateLimitRecoveryWindows: z.number().int().min(1).max(10_000).default(10),
  /** Retries of a request that is safe to repeat, after a 5xx or a network fault. */
  maxRetries: z.number().int().min(0).max(10).default(3),
  retryBaseDelayMs: z.number().int().min(1).max(60_000).default(250),
  /** How long a request the hub refused (4xx) is refused locally when sent again unchanged. */
  refusedRequestMemoryMs: z.number().int().min(0).max(86_400_000).default(15 * 60_000),
  /** The specification spells the path segment `shiptment_exception`; public SDKs `shipment_exception`. */
  shipmentExceptionPath: z.enum(["shiptment_exception", "shipment_exception"]).default("shiptment_exception"),
})

export type HubClientOptions = z.infer<typeof hubClientOptionsSchema>
export type HubClientOptionsInput = z.input<typeof hubClientOptionsSchema>
