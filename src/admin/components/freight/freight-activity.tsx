import { Badge, Container, Heading, Table, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { type FreightQuoteLine, type FreightSettings, useFreightText } from "../../lib/freight"
import { formatTime } from "../../lib/format"

/** Who asked a kept quote: the marketplace (either contract) or the merchant's *Try a quote*. */
const askedBy = (quote: FreightQuoteLine) => (quote.contract === "try" ? "try" : "marketplace")

/** The last quotes, the merchant's tries among them (the CEP's first five digits only); the time figures are on the Diagnostics page. */
export const FreightActivity = ({ settings }: { settings: FreightSettings }) => {
  const { t } = useFreightText()
  const { last } = settings.activity
  return (
    <Container className="flex flex-col gap-y-3 px-6 py-4" data-testid="freight-activity">
      <div>
        <Heading level="h2">{t("activity.heading")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("activity.intro")}{" "}
          <Link to="/settings/hub-diagnostics" className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover">
            {t("activity.diagnostics")}
          </Link>
        </Text>
      </div>
      {!last.length ? (
        <Text size="small">{t("activity.none")}</Text>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("activity.at")}</Table.HeaderCell>
              <Table.HeaderCell>{t("activity.askedBy")}</Table.HeaderCell>
              <Table.HeaderCell>{t("activity.cep")}</Table.HeaderCell>
              <Table.HeaderCell>{t("activity.options")}</Table.HeaderCell>
              <Table.HeaderCell>{t("activity.source")}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {last.map((quote, index) => (
              <Table.Row key={`${quote.at}-${index}`}>
                <Table.Cell>{formatTime(quote.at)}</Table.Cell>
                <Table.Cell>{t(`activity.by.${askedBy(quote)}`)}</Table.Cell>
                <Table.Cell>{quote.cepRange}-xxx</Table.Cell>
                <Table.Cell>{quote.options}</Table.Cell>
                <Table.Cell>
                  {t(`sources.${quote.source}`)}
                  {quote.timedOut && <Badge size="2xsmall" color="orange" className="ml-2">{t("activity.late")}</Badge>}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}
