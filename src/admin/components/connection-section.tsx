import { Badge, Container, Heading, Table, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import type { HubConnectionHealth } from "../../api/admin/hub/types"
import { errorMessage, formatTime } from "../lib/format"
import { HUB_PAGE_REFRESH_MS } from "../lib/hub-queries"
import { useHubAccount } from "../lib/hub-account"
import { useHubTranslation } from "../lib/i18n"
import { AccountSelect } from "./account-select"
import { sdk } from "../lib/sdk"

/**
 * The connection's health in a line (a badge, the hub, the counts, the budget, the last error); the
 * requests per endpoint and each bucket's limit under "Connection details", closed by default: a
 * merchant reads the badge, a developer opens the details.
 */
export const ConnectionSection = () => {
  const { t } = useHubTranslation("page")
  const { account } = useHubAccount()
  const { data, isLoading, error } = useQuery({
    queryKey: ["hub", "connection", account],
    queryFn: () => sdk.client.fetch<{ connection: HubConnectionHealth }>("/admin/hub/connection", { query: { account } }),
    refetchInterval: HUB_PAGE_REFRESH_MS,
  })

  if (isLoading) return <Container><Text>{t("connection.loading")}</Text></Container>
  if (error || !data) return <Container><Text>{t("connection.unreadable", { error: errorMessage(error) })}</Text></Container>

  const { hubOrigin, sandbox, figures } = data.connection
  // Older servers send no limits; a bucket lowered after 429s is listed first.
  const limits = Object.entries(figures.rateLimits ?? {}).sort(
    ([a, x], [b, y]) => Number(y.effective < y.configured) - Number(x.effective < x.configured) || a.localeCompare(b)
  )
  // An old error says nothing about the connection now: only the last ten minutes colour the badge.
  const recentError = figures.lastError && Date.now() - new Date(figures.lastError.at).getTime() < 10 * 60_000
  const budget = figures.budget === "shared" ? "budgetShared" : figures.budget === "process" ? "budgetProcess" : "budgetUnreachable"
  return (
    <Container className="divide-y p-0" data-testid="hub-connection">
      <div className="flex flex-col gap-y-2 px-6 py-4">
        <div className="flex items-center justify-between gap-x-3">
          <Heading level="h1">{t("connection.heading")}</Heading>
          <AccountSelect />
          <Badge color={figures.pausedUntil ? "orange" : recentError ? "red" : "green"}>
            {figures.pausedUntil
              ? t("connection.paused", { until: formatTime(figures.pausedUntil) })
              : recentError
                ? t("connection.recentErrors")
                : t("connection.healthy")}
          </Badge>
        </div>
        <Text>
          {hubOrigin} {sandbox ? t("connection.sandbox") : ""} —{" "}
          {t("connection.summary", {
            since: formatTime(figures.since),
            requests: figures.requestsSent,
            clientErrors: figures.clientErrors,
            rateLimited: figures.rateLimited,
            serverErrors: figures.serverErrors,
            networkFaults: figures.networkFaults,
          })}
        </Text>
        <Text size="small" className="text-ui-fg-subtle" data-testid="hub-budget">
          {t(`connection.${budget}`)}
        </Text>
        {figures.lastError && (
          <Text className="text-ui-fg-error">
            {t("connection.lastError", { at: formatTime(figures.lastError.at), endpoint: figures.lastError.endpoint, cause: figures.lastError.cause })}
          </Text>
        )}
      </div>
      <details data-testid="hub-connection-details">
        <summary className="text-ui-fg-subtle txt-compact-small-plus cursor-pointer px-6 py-3">{t("connection.details")}</summary>
        {/* On a phone the tables scroll inside the card rather than widening the page. */}
        <div className="overflow-x-auto">
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{t("connection.columns.endpoint")}</Table.HeaderCell>
                <Table.HeaderCell>{t("connection.columns.sent")}</Table.HeaderCell>
                <Table.HeaderCell>{t("connection.columns.answers")}</Table.HeaderCell>
                <Table.HeaderCell>{t("connection.columns.retries")}</Table.HeaderCell>
                <Table.HeaderCell>{t("connection.columns.notResent")}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {Object.entries(figures.byEndpoint).map(([endpoint, endpointFigures]) => (
                <Table.Row key={endpoint}>
                  <Table.Cell>{endpoint}</Table.Cell>
                  <Table.Cell>{endpointFigures.sent}</Table.Cell>
                  <Table.Cell>
                    {Object.entries(endpointFigures.answers)
                      .map(([status, count]) => `${status}×${count}`)
                      .join(", ")}
                  </Table.Cell>
                  <Table.Cell>{endpointFigures.retries}</Table.Cell>
                  <Table.Cell>{endpointFigures.refusedRepeats}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </div>
        {limits.length > 0 && (
          <div className="overflow-x-auto">
            <Table data-testid="hub-rate-limits">
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>{t("connection.columns.bucket")}</Table.HeaderCell>
                  <Table.HeaderCell>{t("connection.columns.configured")}</Table.HeaderCell>
                  <Table.HeaderCell>{t("connection.columns.inForce")}</Table.HeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {limits.map(([bucket, limit]) => (
                  <Table.Row key={bucket}>
                    <Table.Cell>{bucket}</Table.Cell>
                    <Table.Cell>{t("connection.perWindow", { n: limit.configured, windowMs: limit.windowMs })}</Table.Cell>
                    <Table.Cell>
                      {limit.effective < limit.configured ? (
                        <Badge color="orange" size="2xsmall">
                          {t("connection.lowered", { n: limit.effective, windowMs: limit.windowMs })}
                        </Badge>
                      ) : (
                        t("connection.perWindow", { n: limit.effective, windowMs: limit.windowMs })
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          </div>
        )}
      </details>
    </Container>
  )
}
