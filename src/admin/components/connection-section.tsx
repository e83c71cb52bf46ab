import { Badge, Container, Heading, Table, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import type { HubConnectionHealth } from "../../modules/hub/service"
import { errorMessage, formatTime } from "../lib/format"
import { sdk } from "../lib/sdk"

/** The hub client's counters: requests, 4xx/429/5xx, the 429 pause, the last error, and each bucket's limit. */
export const ConnectionSection = () => {
  const { data, isLoading, error } = useQuery({
    queryKey: ["hub", "connection"],
    queryFn: () => sdk.client.fetch<{ connection: HubConnectionHealth }>("/admin/hub/connection"),
    refetchInterval: 10_000,
  })

  if (isLoading) return <Container><Text>Loading the hub connection…</Text></Container>
  if (error || !data) return <Container><Text>Could not read the hub connection: {errorMessage(error)}</Text></Container>

  const { hubOrigin, sandbox, figures } = data.connection
  // Older servers send no limits; a bucket lowered after 429s is listed first.
  const limits = Object.entries(figures.rateLimits ?? {}).sort(
    ([a, x], [b, y]) => Number(y.effective < y.configured) - Number(x.effective < x.configured) || a.localeCompare(b)
  )
  // An old error says nothing about the connection now: only the last ten minutes colour the badge.
  const recentError = figures.lastError && Date.now() - new Date(figures.lastError.at).getTime() < 10 * 60_000
  return (
    <Container className="divide-y p-0" data-testid="hub-connection">
      <div className="flex flex-col gap-y-2 px-6 py-4">
        <div className="flex items-center justify-between">
          <Heading level="h1">Marketplace hub</Heading>
          <Badge color={figures.pausedUntil ? "orange" : recentError ? "red" : "green"}>
            {figures.pausedUntil ? `Paused (429) until ${formatTime(figures.pausedUntil)}` : recentError ? "Recent errors" : "Healthy"}
          </Badge>
        </div>
        <Text>
          {hubOrigin} {sandbox ? "(sandbox account)" : ""} — since {formatTime(figures.since)}:{" "}
          {figures.requestsSent} requests, {figures.clientErrors} 4xx ({figures.rateLimited} of them 429),{" "}
          {figures.serverErrors} 5xx, {figures.networkFaults} network faults.
        </Text>
        <Text size="small" className="text-ui-fg-subtle" data-testid="hub-budget">
          {figures.budget === "shared"
            ? "Rate limits: one budget shared by every process of the store (in Redis, or PostgreSQL without one)."
            : figures.budget === "process"
              ? "Rate limits: this process's own budget."
              : "Rate limits: the shared budget is unreachable; this process throttles on its own until it answers."}
        </Text>
        {figures.lastError && (
          <Text className="text-ui-fg-error">
            Last error at {formatTime(figures.lastError.at)}: {figures.lastError.endpoint} — {figures.lastError.cause}
          </Text>
        )}
      </div>
      {/* On a phone the tables scroll inside the card rather than widening the page. */}
      <div className="overflow-x-auto">
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>Endpoint</Table.HeaderCell>
            <Table.HeaderCell>Sent</Table.HeaderCell>
            <Table.HeaderCell>Answers</Table.HeaderCell>
            <Table.HeaderCell>Retries</Table.HeaderCell>
            <Table.HeaderCell>Not resent</Table.HeaderCell>
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
              <Table.HeaderCell>Bucket</Table.HeaderCell>
              <Table.HeaderCell>Configured</Table.HeaderCell>
              <Table.HeaderCell>In force</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {limits.map(([bucket, limit]) => (
              <Table.Row key={bucket}>
                <Table.Cell>{bucket}</Table.Cell>
                <Table.Cell>
                  {limit.configured} per {limit.windowMs} ms
                </Table.Cell>
                <Table.Cell>
                  {limit.effective < limit.configured ? (
                    <Badge color="orange" size="2xsmall">
                      {limit.effective} per {limit.windowMs} ms (lowered after 429s)
                    </Badge>
                  ) : (
                    `${limit.effective} per ${limit.windowMs} ms`
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
