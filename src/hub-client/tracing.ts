/**
 * What the hub client asks of a tracer: one span per request it sends (framework-free; the plugin's
 * loader hands it Medusa's `Tracer`, so the spans nest under the workflow that caused them when the
 * store registers OpenTelemetry). Attributes name the bucket, the method, the path's template, the
 * attempt, the time waited for the request budget and the status: never a credential, a code or a
 * customer's data (the template has `{code}` where the order's code goes).
 */
export type HubSpanAttributes = Record<string, string | number | boolean>

export type HubSpan = {
  setAttributes(attributes: HubSpanAttributes): void
  recordError(error: unknown): void
  end(): void
}

export type HubTracer = { startSpan(name: string, attributes: HubSpanAttributes): HubSpan }

const NO_SPAN: HubSpan = { setAttributes() {}, recordError() {}, end() {} }
export const NO_TRACER: HubTracer = { startSpan: () => NO_SPAN }
