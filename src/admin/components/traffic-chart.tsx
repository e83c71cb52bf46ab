import { Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import type { TrafficHour } from "../../api/admin/hub/types"
import { adminLocale, errorMessage } from "../lib/format"
import { useHubAccount } from "../lib/hub-account"
import { useHubTranslation } from "../lib/i18n"
import { sdk } from "../lib/sdk"

/*
 * A small SVG chart rather than a chart library: one picture of 24 bars per endpoint needs no
 * axes engine, and a library (recharts 3 brings redux, immer and d3 modules) would become a
 * dependency of every store that installs the plugin.
 */

const HOURS = 24
const HOUR_MS = 3_600_000
const BAR = 10
const GAP = 2
const HEIGHT = 36
const COLORS = { ok: "var(--tag-blue-icon)", clientErrors: "var(--tag-orange-icon)", rateLimited: "var(--tag-red-icon)" }

type Row = { endpoint: string; hours: Array<TrafficHour | undefined>; requests: number; clientErrors: number; rateLimited: number }

function rowsOf(traffic: TrafficHour[], now: number): { starts: number[]; rows: Row[] } {
  const first = Math.floor(now / HOUR_MS) * HOUR_MS - (HOURS - 1) * HOUR_MS
  const starts = Array.from({ length: HOURS }, (_, index) => first + index * HOUR_MS)
  const byEndpoint = new Map<string, Row>()
  for (const entry of traffic) {
    const slot = (new Date(entry.hour).getTime() - first) / HOUR_MS
    if (slot < 0 || slot >= HOURS) continue
    let row = byEndpoint.get(entry.endpoint)
    if (!row) {
      row = { endpoint: entry.endpoint, hours: Array(HOURS).fill(undefined), requests: 0, clientErrors: 0, rateLimited: 0 }
      byEndpoint.set(entry.endpoint, row)
    }
    row.hours[slot] = entry
    row.requests += entry.requests
    row.clientErrors += entry.clientErrors
    row.rateLimited += entry.rateLimited
  }
  // The busiest endpoints first.
  return { starts, rows: [...byEndpoint.values()].sort((a, b) => b.requests - a.requests || a.endpoint.localeCompare(b.endpoint)) }
}

const hourLabel = (start: number) => new Date(start).toLocaleTimeString(adminLocale(), { hour: "2-digit", minute: "2-digit" })

/** One endpoint's 24 hours: each bar its requests, the 4xx part orange and the 429 part red, scaled to the endpoint's busiest hour. */
const EndpointBars = ({ row, starts }: { row: Row; starts: number[] }) => {
  const { t } = useHubTranslation("page")
  const peak = Math.max(1, ...row.hours.map((hour) => hour?.requests ?? 0))
  const scale = (count: number) => (count / peak) * HEIGHT
  return (
    <svg viewBox={`0 0 ${HOURS * (BAR + GAP)} ${HEIGHT}`} preserveAspectRatio="none" className="h-9 w-full" role="img" aria-label={t("traffic.barsLabel", { endpoint: row.endpoint })}>
      <line x1={0} x2={HOURS * (BAR + GAP)} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} stroke="var(--border-base)" strokeWidth={1} />
      {row.hours.map((hour, index) => {
        if (!hour || !hour.requests) return null
        const x = index * (BAR + GAP)
        const other4xx = hour.clientErrors - hour.rateLimited
        const parts = [
          { count: hour.requests - hour.clientErrors, color: COLORS.ok },
          { count: other4xx, color: COLORS.clientErrors },
          { count: hour.rateLimited, color: COLORS.rateLimited },
        ]
        let y = HEIGHT
        return (
          <g key={index}>
            <title>
              {t("traffic.hour", { hour: hourLabel(starts[index]), requests: hour.requests, clientErrors: hour.clientErrors, rateLimited: hour.rateLimited })}
            </title>
            {parts.map((part, partIndex) => {
              if (part.count <= 0) return null
              const height = Math.max(scale(part.count), 1)
              y -= height
              return <rect key={partIndex} x={x} y={y} width={BAR} height={height} style={{ fill: part.color }} />
            })}
          </g>
        )
      })}
    </svg>
  )
}

const Legend = () => {
  const { t } = useHubTranslation("page")
  return (
    <div className="text-ui-fg-subtle txt-compact-small flex flex-wrap gap-x-4 gap-y-1">
      {[
        [t("traffic.answered"), COLORS.ok],
        [t("traffic.other4xx"), COLORS.clientErrors],
        ["429", COLORS.rateLimited],
      ].map(([label, color]) => (
        <span key={label} className="flex items-center gap-x-1.5">
          <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: color }} />
          {label}
        </span>
      ))}
    </div>
  )
}

/** Requests to the shown account's hub over the last 24 hours, per hour and endpoint, from every process of the store (GET /admin/hub/traffic). */
export const TrafficChart = () => {
  const { t } = useHubTranslation("page")
  const { account } = useHubAccount()
  const { data, error, isLoading, dataUpdatedAt } = useQuery({
    queryKey: ["hub", "traffic", account, HOURS],
    queryFn: () => sdk.client.fetch<{ traffic: TrafficHour[] }>("/admin/hub/traffic", { query: { account, hours: HOURS } }),
    refetchInterval: 30_000,
  })
  const { starts, rows } = rowsOf(data?.traffic ?? [], dataUpdatedAt || Date.now())
  return (
    <Container className="divide-y p-0" data-testid="hub-traffic">
      <div className="flex flex-wrap items-center justify-between gap-2 px-6 py-4">
        <div>
          <Heading level="h2">{t("traffic.heading")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("traffic.description")}
          </Text>
        </div>
        <Legend />
      </div>
      {error ? (
        <Text className="text-ui-fg-error px-6 py-4">{t("traffic.unreadable", { error: errorMessage(error) })}</Text>
      ) : !rows.length ? (
        <Text className="text-ui-fg-subtle px-6 py-4">{isLoading ? t("loading") : t("traffic.none")}</Text>
      ) : (
        <div className="overflow-x-auto px-6 py-4">
          <table className="w-full min-w-[720px] table-fixed" data-testid="hub-traffic-chart">
            <colgroup>
              <col className="w-56" />
              <col />
              <col className="w-20" />
              <col className="w-16" />
              <col className="w-16" />
            </colgroup>
            <thead>
              <tr className="text-ui-fg-subtle txt-compact-small-plus text-left">
                <th className="pb-2 font-medium">{t("traffic.endpoint")}</th>
                <th className="pb-2 font-medium">
                  <div className="flex justify-between">
                    <span>{hourLabel(starts[0])}</span>
                    <span>{hourLabel(starts[12])}</span>
                    <span>{hourLabel(starts[HOURS - 1])}</span>
                  </div>
                </th>
                <th className="pb-2 text-right font-medium">{t("traffic.requests")}</th>
                <th className="pb-2 text-right font-medium">4xx</th>
                <th className="pb-2 text-right font-medium">429</th>
              </tr>
            </thead>
            <tbody className="txt-compact-small">
              {rows.map((row) => (
                <tr key={row.endpoint} className="border-ui-border-base border-t">
                  <td className="truncate py-2 pr-3 font-mono text-xs" title={row.endpoint}>
                    {row.endpoint}
                  </td>
                  <td className="py-2">
                    <EndpointBars row={row} starts={starts} />
                  </td>
                  <td className="py-2 text-right">{row.requests}</td>
                  <td className={`py-2 text-right ${row.clientErrors ? "text-ui-tag-orange-text" : ""}`}>{row.clientErrors}</td>
                  <td className={`py-2 text-right ${row.rateLimited ? "text-ui-tag-red-text" : ""}`}>{row.rateLimited}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Container>
  )
}
