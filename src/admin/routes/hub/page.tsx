import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowsPointingOut } from "@medusajs/icons"
import { Badge, Container, Heading, Table, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import type { HubConnectionHealth } from "../../../modules/hub/service"
import { sdk } from "../../lib/sdk"

const HubPage = () => {
  const { data, isLoading, error } = useQuery({
    queryKey: ["hub", "connection"],
    queryFn: () => sdk.client.fetch<{ connection: HubConnectionHealth }>("/admin/hub/connection"),
    refetchInterval: 10_000,
  })

  if (isLoading) return <Container><Text>Loading the hub connection…</Text></Container>
  if (error || !data) return <Container><Text>Could not read the hub connection: {String(error)}</Text></Container>

  const { hubOrigin, sandbox, figures } = data.connection
  // An old error says nothing about the connection now: only the last ten minutes colour the badge.
  const recentError = figures.lastError && Date.now() - new Date(figures.lastError.at).getTime() < 10 * 60_000
  return (
    <div className="flex flex-col gap-y-3">
      <Container className="flex flex-col gap-y-2">
        <div className="flex items-center justify-between">
          <Heading level="h1">Marketplace hub</Heading>
          <Badge color={figures.pausedUntil ? "orange" : recentError ? "red" : "green"}>
            {figures.pausedUntil ? `Paused (429) until ${figures.pausedUntil}` : recentError ? "Recent errors" : "Healthy"}
          </Badge>
        </div>
        <Text>
          {hubOrigin} {sandbox ? "(sandbox account)" : ""} — since {new Date(figures.since).toLocaleString()}:{" "}
          {figures.requestsSent} requests, {figures.clientErrors} 4xx ({figures.rateLimited} of them 429),{" "}
          {figures.serverErrors} 5xx, {figures.networkFaults} network faults.
        </Text>
        {figures.lastError && (
          <Text className="text-ui-fg-error">
            Last error at {figures.lastError.at}: {figures.lastError.endpoint} — {figures.lastError.cause}
          </Text>
        )}
      </Container>
      <Container className="p-0">
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
      </Container>
    </div>
  )
}

export const config = defineRouteConfig({
  label: "Marketplace hub",
  icon: ArrowsPointingOut,
})

export default HubPage
