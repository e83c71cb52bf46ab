import { Button, Container, Heading, Input, Table, Text, toast } from "@medusajs/ui"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { freightKey, type FreightSettings, type FreightShippingOption, useFreightText } from "../../lib/freight"
import { errorMessage } from "../../lib/format"
import { sdk } from "../../lib/sdk"

/** A whole number of days typed, or null for an empty field. */
const daysOf = (text: string | undefined): number | null => (text === "" || text === undefined ? null : Number(text))

/** A save of the page's: the answer (the whole settings) set in place and said in a toast, an error said as the server words it. */
function useFreightSave<T>(account: string, path: string, said: (input: T) => string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: T) => sdk.client.fetch<FreightSettings>(`/admin/hub/freight/${path}?account=${account}`, { method: "POST", body: body as Record<string, unknown> }),
    onSuccess: (answer, input) => {
      client.setQueryData(freightKey(account), answer)
      toast.success(said(input))
    },
    onError: (error) => toast.error(errorMessage(error)),
  })
}

type FallbackInput = { shipping_option_id: string; amount: string | null; days: number | null }

/** A calculated option's zone table for the account: the amount and days answered when its provider is late and nothing is cached. */
const ZoneTable = ({ settings, option }: { settings: FreightSettings; option: FreightShippingOption }) => {
  const { t } = useFreightText()
  const [amount, setAmount] = useState(option.fallback?.amount ?? "")
  const [days, setDays] = useState(String(option.fallback?.days ?? ""))
  const save = useFreightSave<FallbackInput>(settings.account, "fallback", (input) => (input.amount === null ? t("days.zoneCleared", { option: option.name }) : t("days.zoneSaved", { option: option.name })))
  return (
    <div className="flex items-center gap-x-2" data-testid={`freight-zone-table-${option.id}`}>
      <Input size="small" className="w-24" placeholder={t("days.amount")} aria-label={t("days.amount")} value={amount} onChange={(event) => setAmount(event.target.value)} />
      <Input size="small" type="number" min={0} className="w-20" placeholder={t("days.days")} aria-label={t("days.zoneDays")} value={days} onChange={(event) => setDays(event.target.value)} />
      {/* Sent as typed (a decimal text): the amount stays exact; the route says which field is wrong. */}
      <Button size="small" variant="transparent" isLoading={save.isPending} onClick={() => save.mutate({ shipping_option_id: option.id, amount: amount.trim() === "" ? null : amount.trim().replace(",", "."), days: daysOf(days) })}>
        {t("days.save")}
      </Button>
    </div>
  )
}

/** Each shipping option's transit days (kept in its metadata, hub_delivery_days) and, for a calculated one, its zone table. */
export const FreightDeliveryDays = ({ settings }: { settings: FreightSettings }) => {
  const { t } = useFreightText()
  const [edits, setEdits] = useState<Record<string, string>>({})
  const nameOf = (id: string) => settings.shipping_options.find((option) => option.id === id)?.name ?? id
  const save = useFreightSave<{ shipping_option_id: string; days: number | null }>(settings.account, "delivery-days", ({ shipping_option_id, days }) =>
    days === null ? t("days.cleared", { option: nameOf(shipping_option_id), count: settings.default_transit_days }) : t("days.saved", { option: nameOf(shipping_option_id), count: days })
  )
  return (
    <Container className="flex flex-col gap-y-3 px-6 py-4" data-testid="freight-days">
      <Heading level="h2">{t("days.heading", { location: settings.location?.name ?? "—" })}</Heading>
      <Text size="small" className="text-ui-fg-subtle">{t("days.zoneTableWhy")}</Text>
      {!settings.shipping_options.length ? (
        <Text size="small">{t("days.none")}</Text>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("days.option")}</Table.HeaderCell>
              <Table.HeaderCell>{t("days.zone")}</Table.HeaderCell>
              <Table.HeaderCell>{t("days.price")}</Table.HeaderCell>
              <Table.HeaderCell>{t("days.days")}</Table.HeaderCell>
              <Table.HeaderCell>{t("days.zoneTable")}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {settings.shipping_options.map((option) => (
              <Table.Row key={option.id}>
                <Table.Cell>{option.name}</Table.Cell>
                <Table.Cell>{option.zone}</Table.Cell>
                <Table.Cell>{option.price_type === "calculated" ? t("days.calculated") : t("days.flat")}</Table.Cell>
                <Table.Cell>
                  <div className="flex items-center gap-x-2">
                    <Input
                      size="small"
                      type="number"
                      min={0}
                      className="w-20"
                      aria-label={t("days.days")}
                      placeholder={String(settings.default_transit_days)}
                      value={edits[option.id] ?? (option.delivery_days === null ? "" : String(option.delivery_days))}
                      onChange={(event) => setEdits({ ...edits, [option.id]: event.target.value })}
                    />
                    <Button size="small" variant="transparent" isLoading={save.isPending && save.variables?.shipping_option_id === option.id} onClick={() => save.mutate({ shipping_option_id: option.id, days: daysOf(edits[option.id] ?? (option.delivery_days === null ? "" : String(option.delivery_days))) })}>
                      {t("days.save")}
                    </Button>
                  </div>
                </Table.Cell>
                <Table.Cell>{option.price_type === "calculated" ? <ZoneTable settings={settings} option={option} /> : "—"}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}
