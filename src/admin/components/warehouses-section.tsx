import { Button, Container, Heading, StatusBadge, Table, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import type { HubWarehousesAnswer } from "../../api/admin/hub/types"
import { errorMessage } from "../lib/format"
import { useHubAccount } from "../lib/hub-account"
import { useHubTranslation } from "../lib/i18n"
import { sdk } from "../lib/sdk"
import { WarehousesDrawer } from "./warehouses/warehouses-drawer"

/**
 * The shown account's warehouses (docs/catalogue.md, *Warehouses*): the hub's default `98`, fed with the
 * products, and each other one mapped to a Medusa stock location (saved here with *Edit warehouses*,
 * else the option `warehouses`), with its SKUs waiting to be sent and those the hub refused, the newest
 * refusal in the hub's words.
 */
export const WarehousesSection = () => {
  const { t } = useHubTranslation("page")
  const { account } = useHubAccount()
  const [editing, setEditing] = useState(false)
  const { data, isLoading, error } = useQuery({
    queryKey: ["hub", "warehouses", account],
    queryFn: () => sdk.client.fetch<HubWarehousesAnswer>("/admin/hub/warehouses", { query: { account } }),
  })
  return (
    <Container className="divide-y p-0" data-testid="hub-warehouses">
      <div className="flex items-center justify-between gap-x-3 px-6 py-4">
        <div className="flex flex-col gap-y-1">
          <Heading level="h2">{t("warehouses.heading")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">{t("warehouses.description")}</Text>
          {data && !data.saved && data.warehouses.length > 0 && (
            <Text size="small" className="text-ui-fg-subtle" data-testid="hub-warehouses-from-options">
              {t("warehouses.fromOptions")}
            </Text>
          )}
        </div>
        <Button size="small" variant="secondary" disabled={!data} data-testid="hub-warehouses-edit" onClick={() => setEditing(true)}>
          {t("warehouses.edit")}
        </Button>
      </div>
      {isLoading ? (
        <Text className="px-6 py-4">{t("warehouses.loading")}</Text>
      ) : error || !data ? (
        <Text className="px-6 py-4 text-ui-fg-error">{t("warehouses.unreadable", { error: errorMessage(error) })}</Text>
      ) : !data.warehouses.length ? (
        <Text size="small" className="px-6 py-4" data-testid="hub-warehouses-none">{t("warehouses.none")}</Text>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("warehouses.code")}</Table.HeaderCell>
              <Table.HeaderCell>{t("warehouses.location")}</Table.HeaderCell>
              <Table.HeaderCell>{t("warehouses.state")}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.warehouses.map((warehouse) => (
              <Table.Row key={warehouse.code}>
                <Table.Cell>{warehouse.code}</Table.Cell>
                <Table.Cell>{warehouse.stock_location.name ?? warehouse.stock_location.id}</Table.Cell>
                <Table.Cell>
                  <div className="flex flex-col gap-y-1 py-2">
                    <StatusBadge color={warehouse.refused ? "red" : warehouse.pending ? "orange" : "green"}>
                      {warehouse.refused ? t("warehouses.refused", { count: warehouse.refused }) : warehouse.pending ? t("warehouses.pending", { count: warehouse.pending }) : t("warehouses.inStep")}
                    </StatusBadge>
                    {warehouse.refusal && <Text size="xsmall" className="text-ui-fg-error">{t("warehouses.refusal", { refusal: warehouse.refusal })}</Text>}
                  </div>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
      {editing && data && <WarehousesDrawer account={account} answer={data} onClose={() => setEditing(false)} />}
    </Container>
  )
}
