import { Container, Heading, Table, Text } from "@medusajs/ui"
import { useFreight, useFreightText } from "../../lib/freight"
import { useHubAccount } from "../../lib/hub-account"
import { errorMessage, formatTime } from "../../lib/format"

/**
 * The freight quotes' time figures on the Diagnostics page (docs/freight.md): the provider's budget
 * and the answer's deadline, the last day's quotes of the marketplace and their percentiles, and how
 * long each of the last quotes took. The merchant's freight page keeps what a quote answered.
 */
export const FreightDiagnostics = () => {
  const { t } = useFreightText()
  const { account } = useHubAccount()
  const settings = useFreight(account)
  const ms = (value: number | null) => (value === null ? "—" : `${value} ms`)
  if (settings.error) return <Text className="text-ui-fg-error">{errorMessage(settings.error)}</Text>
  if (!settings.data) return null
  const { budget_ms, deadline_ms, activity } = settings.data
  const { day, last } = activity
  const figures: Array<[string, string | number]> = [
    [t("diagnostics.budget"), ms(budget_ms)],
    [t("diagnostics.deadline"), ms(deadline_ms)],
    [t("diagnostics.quotes"), day.quotes],
    [t("diagnostics.misses"), day.misses],
    [t("diagnostics.saved"), day.cacheHits],
    [t("diagnostics.late"), day.timedOut],
    [t("diagnostics.percentiles"), `${ms(day.p50)} / ${ms(day.p95)} / ${ms(day.p99)}`],
  ]
  return (
    <Container className="flex flex-col gap-y-3 px-6 py-4" data-testid="freight-diagnostics">
      <div>
        <Heading level="h2">{t("diagnostics.heading")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">{t("diagnostics.intro")}</Text>
      </div>
      <Table>
        <Table.Body>
          {figures.map(([label, value]) => (
            <Table.Row key={label}>
              <Table.Cell>{label}</Table.Cell>
              <Table.Cell>{value}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      {!!last.length && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("activity.at")}</Table.HeaderCell>
              <Table.HeaderCell>{t("diagnostics.contract")}</Table.HeaderCell>
              <Table.HeaderCell>{t("activity.options")}</Table.HeaderCell>
              <Table.HeaderCell>{t("diagnostics.ms")}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {last.map((quote, index) => (
              <Table.Row key={`${quote.at}-${index}`}>
                <Table.Cell>{formatTime(quote.at)}</Table.Cell>
                <Table.Cell>{t(`diagnostics.contracts.${quote.contract === "legacy" || quote.contract === "partner" ? quote.contract : "try"}`)}</Table.Cell>
                <Table.Cell>{quote.options}</Table.Cell>
                <Table.Cell>{quote.ms}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}
