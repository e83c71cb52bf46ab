import { Badge, Container, Heading, Table, Text } from "@medusajs/ui"
import { errorMessage, formatTime } from "../lib/format"
import { useHubConnection } from "./connection-section"
import { useHubTranslation } from "../lib/i18n"

/**
 * Diagnostics: the shown account's requests since the process started (answers, refusals, limits
 * hit), how its rate limits are shared, its last failed request, then the requests per endpoint and
 * each bucket's limit. The one place of the admin with HTTP codes and endpoint paths.
 */
export const ConnectionDiagnostics = () => {
  const { t } = useHubTranslation("page")
  const { data, isLoading, error } = useHubConnection()
  if (isLoading) return <Container><Text>{t("connection.loading")}</Text></Container>
  if (error || !data) return <Container><Text>{t("connection.unreadable", { error: errorMessage(error) })}</Text></Container>

  const { figures } = data.connection
  // Older servers send no limits; a bucket lowered after 429s is listed first.
  const limits = Object.entries(figures.rateLimits ?? {}).sort(
    ([a, x], [b, y]) => Number(y.effective < y.configured) - Number(x.effective < x.configured) || a.localeCompare(b)
  )
  const budget = figures.budget === "shared" ? "budgetShared" : figures.budget === "process" ? "budgetProcess" : "budgetUnreachable"
  return (
    <Container className="divide-y p-0" data-testid="hub-connection-details">
      <div className="flex flex-col gap-y-2 px-6 py-4">
        <Heading level="h2">{t("diagnostics.requests")}</Heading>
        <Text size="small" data-testid="hub-connection-counts">
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
          <Text size="small" className="text-ui-fg-error" data-testid="hub-last-error">
            {t("connection.lastError", { at: formatTime(figures.lastError.at), endpoint: figures.lastError.endpoint, cause: figures.lastError.cause })}
          </Text>
        )}
      </div>
      {/* On a phone the tables scroll inside the card rather than widening the page. */}
      <div className="overflow-x-auto">
        <Table data-testid="hub-endpoints">
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
    </Container>
  )
}
