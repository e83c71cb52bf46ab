import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Badge, Button, Container, Heading, Input, Table, Text, toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { getI18n, useTranslation } from "react-i18next"
import { AccountSelect } from "../../../components/account-select"
import { errorMessage, formatTime } from "../../../lib/format"
import { HubAccountProvider, useHubAccount } from "../../../lib/hub-account"
import { sdk } from "../../../lib/sdk"

/** GET /admin/hub/freight's answer (src/api/admin/hub/freight/admin-freight.ts). */
type FreightSettings = {
  account: string
  enabled: boolean
  option_enabled: boolean
  token: string | null
  urls: { partner: string; legacy: string } | null
  allowlist: string[]
  handling_days: number
  default_transit_days: number
  budget_ms: number
  deadline_ms: number
  location: { id: string; name: string } | null
  shipping_options: Array<{ id: string; name: string; zone: string; price_type: string; delivery_days: number | null; fallback: { amount: string; days: number | null } | null }>
  activity: {
    last: Array<{ contract: string; cepRange: string; options: number; ms: number; cacheHit: boolean; source: FreightSource; timedOut: boolean; unknownSkus: number; at: string }>
    day: { quotes: number; misses: number; cacheHits: number; timedOut: number; p50: number | null; p95: number | null; p99: number | null }
  }
}
/** Where a quote's calculated options were priced from (src/modules/hub/services/hub-freight-records.ts). */
type FreightSource = "live" | "cache" | "zone_table" | "zone_cache"
type TryAnswer = { ms: number; cache_hit: boolean; source: FreightSource; unknown_skus: string[]; legacy: { status: number; body: unknown }; partner: { status: number; body: unknown } }
type VariantHit = { id: string; title: string; sku: string | null; product: string }

const useFreightText = () => useTranslation("translation", { keyPrefix: "marketplaceHub.freight" })

function useFreight(account: string) {
  return useQuery({ queryKey: ["hub", "freight", account], queryFn: () => sdk.client.fetch<FreightSettings>(`/admin/hub/freight?account=${account}`) })
}

/** The URLs to give the hub's support, the token's rotation, the allowlist. */
const Endpoint = ({ settings }: { settings: FreightSettings }) => {
  const { t } = useFreightText()
  const client = useQueryClient()
  const rotate = useMutation({
    mutationFn: (method: "POST" | "DELETE") => sdk.client.fetch<FreightSettings>(`/admin/hub/freight/token?account=${settings.account}`, { method }),
    onSuccess: (answer) => client.setQueryData(["hub", "freight", settings.account], answer),
    onError: (error) => toast.error(errorMessage(error)),
  })
  return (
    <Container className="flex flex-col gap-y-3 px-6 py-4" data-testid="freight-endpoint">
      <div className="flex items-center gap-x-2">
        <Heading level="h2">{t("endpoint.heading")}</Heading>
        <Badge color={settings.enabled ? "green" : "grey"}>{settings.enabled ? t("endpoint.on") : t("endpoint.off")}</Badge>
      </div>
      {!settings.option_enabled && <Text size="small" className="text-ui-fg-subtle">{t("endpoint.howToTurnOn")}</Text>}
      {settings.urls ? (
        <div className="flex flex-col gap-y-1">
          <Text size="small" weight="plus">{t("endpoint.partner")}</Text>
          <code className="txt-compact-small break-all">{settings.urls.partner}</code>
          <Text size="small" weight="plus">{t("endpoint.legacy")}</Text>
          <code className="txt-compact-small break-all">{settings.urls.legacy}</code>
        </div>
      ) : (
        <Text size="small">{t("endpoint.noToken")}</Text>
      )}
      <Text size="small" className="text-ui-fg-subtle">{t("endpoint.rotateWhy")}</Text>
      <div className="flex gap-x-2">
        <Button size="small" variant="secondary" isLoading={rotate.isPending} onClick={() => (!settings.token || window.confirm(t("endpoint.rotateConfirm"))) && rotate.mutate("POST")}>
          {settings.token ? t("endpoint.rotate") : t("endpoint.create")}
        </Button>
        {settings.token && (
          <Button size="small" variant="danger" isLoading={rotate.isPending} onClick={() => window.confirm(t("endpoint.turnOffConfirm")) && rotate.mutate("DELETE")}>
            {t("endpoint.turnOff")}
          </Button>
        )}
      </div>
      <Text size="small">
        {t("endpoint.allowlist")}: {settings.allowlist.length ? settings.allowlist.join(", ") : t("endpoint.anyCaller")}
      </Text>
      <Text size="small">{t("endpoint.times", { handling: settings.handling_days, budget: settings.budget_ms, deadline: settings.deadline_ms, transit: settings.default_transit_days })}</Text>
    </Container>
  )
}

/** A whole number of days typed, or null for an empty field. */
const daysOf = (text: string | undefined): number | null => (text === "" || text === undefined ? null : Number(text))

/** A calculated option's zone table for the account: the amount and days answered when its provider is late and nothing is cached. */
const ZoneTable = ({ settings, option }: { settings: FreightSettings; option: FreightSettings["shipping_options"][number] }) => {
  const { t } = useFreightText()
  const client = useQueryClient()
  const [amount, setAmount] = useState(option.fallback?.amount ?? "")
  const [days, setDays] = useState(String(option.fallback?.days ?? ""))
  const save = useMutation({
    // Sent as typed (a decimal text): the amount stays exact; the route says which field is wrong.
    mutationFn: () =>
      sdk.client.fetch<FreightSettings>(`/admin/hub/freight/fallback?account=${settings.account}`, {
        method: "POST",
        body: { shipping_option_id: option.id, amount: amount.trim() === "" ? null : amount.trim().replace(",", "."), days: daysOf(days) },
      }),
    onSuccess: (answer) => client.setQueryData(["hub", "freight", settings.account], answer),
    onError: (error) => toast.error(errorMessage(error)),
  })
  return (
    <div className="flex items-center gap-x-2" data-testid={`freight-zone-table-${option.id}`}>
      <Input size="small" className="w-24" placeholder={t("days.amount")} aria-label={t("days.amount")} value={amount} onChange={(event) => setAmount(event.target.value)} />
      <Input size="small" type="number" min={0} className="w-20" placeholder={t("days.days")} aria-label={t("days.zoneDays")} value={days} onChange={(event) => setDays(event.target.value)} />
      <Button size="small" variant="transparent" isLoading={save.isPending} onClick={() => save.mutate()}>
        {t("days.save")}
      </Button>
    </div>
  )
}

/** Each shipping option's transit days (kept in its metadata, hub_delivery_days) and, for a calculated one, its zone table. */
const DeliveryDays = ({ settings }: { settings: FreightSettings }) => {
  const { t } = useFreightText()
  const client = useQueryClient()
  const [edits, setEdits] = useState<Record<string, string>>({})
  const save = useMutation({
    mutationFn: ({ id, days }: { id: string; days: number | null }) =>
      sdk.client.fetch<FreightSettings>(`/admin/hub/freight/delivery-days?account=${settings.account}`, { method: "POST", body: { shipping_option_id: id, days } }),
    onSuccess: (answer) => client.setQueryData(["hub", "freight", settings.account], answer),
    onError: (error) => toast.error(errorMessage(error)),
  })
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
                      placeholder={String(settings.default_transit_days)}
                      value={edits[option.id] ?? (option.delivery_days === null ? "" : String(option.delivery_days))}
                      onChange={(event) => setEdits({ ...edits, [option.id]: event.target.value })}
                    />
                    <Button size="small" variant="transparent" onClick={() => save.mutate({ id: option.id, days: daysOf(edits[option.id]) })}>
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

/** *Try a quote*: a CEP and products chosen by title, the answer in both contracts. */
const TryQuote = ({ account }: { account: string }) => {
  const { t } = useFreightText()
  const [cep, setCep] = useState("")
  const [search, setSearch] = useState("")
  const [chosen, setChosen] = useState<VariantHit[]>([])
  const hits = useQuery({
    queryKey: ["hub", "freight", "variants", search],
    enabled: search.trim().length >= 2,
    queryFn: async () => {
      const { products } = await sdk.client.fetch<{ products: Array<{ title: string; variants: Array<{ id: string; title: string; sku: string | null }> }> }>(
        `/admin/products?q=${encodeURIComponent(search)}&limit=5&fields=title,variants.id,variants.title,variants.sku`
      )
      return products.flatMap((product) => product.variants.map((variant) => ({ ...variant, product: product.title })))
    },
  })
  const quote = useMutation({
    mutationFn: () => sdk.client.fetch<TryAnswer>(`/admin/hub/freight/try?account=${account}`, { method: "POST", body: { cep, items: chosen.map((variant) => ({ variant_id: variant.id, quantity: 1 })) } }),
    onError: (error) => toast.error(errorMessage(error)),
  })
  return (
    <Container className="flex flex-col gap-y-3 px-6 py-4" data-testid="freight-try">
      <Heading level="h2">{t("try.heading")}</Heading>
      <div className="flex flex-wrap gap-2">
        <Input size="small" className="w-36" placeholder={t("try.cep")} value={cep} onChange={(event) => setCep(event.target.value)} />
        <Input size="small" className="w-64" placeholder={t("try.search")} value={search} onChange={(event) => setSearch(event.target.value)} />
        <Button size="small" disabled={!chosen.length || !cep} isLoading={quote.isPending} onClick={() => quote.mutate()}>
          {t("try.quote")}
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        {(hits.data ?? []).map((variant) => (
          <Button key={variant.id} size="small" variant="secondary" onClick={() => setChosen([...chosen.filter((c) => c.id !== variant.id), variant])}>
            + {variant.product} · {variant.sku ?? variant.title}
          </Button>
        ))}
      </div>
      {!!chosen.length && (
        <Text size="small">
          {t("try.chosen")}: {chosen.map((variant) => variant.sku ?? variant.title).join(", ")}{" "}
          <Button size="small" variant="transparent" onClick={() => setChosen([])}>
            {t("try.clear")}
          </Button>
        </Text>
      )}
      {quote.data && (
        <div className="grid grid-cols-1 gap-2 md:grid-cols-2">
          <Text size="small">{t("try.took", { ms: quote.data.ms, source: t(`activity.sources.${quote.data.source}`) })}</Text>
          <span />
          {(["partner", "legacy"] as const).map((contract) => (
            <div key={contract}>
              <Text size="small" weight="plus">{t(`endpoint.${contract}`)} ({quote.data[contract].status})</Text>
              <pre className="txt-compact-xsmall bg-ui-bg-subtle overflow-auto rounded p-2">{JSON.stringify(quote.data[contract].body, null, 2)}</pre>
            </div>
          ))}
        </div>
      )}
    </Container>
  )
}

/** The last quotes (CEP's first five digits only) and the last day's figures. */
const Activity = ({ settings }: { settings: FreightSettings }) => {
  const { t } = useFreightText()
  const { day, last } = settings.activity
  const ms = (value: number | null) => (value === null ? "—" : `${value} ms`)
  return (
    <Container className="flex flex-col gap-y-3 px-6 py-4" data-testid="freight-activity">
      <Heading level="h2">{t("activity.heading")}</Heading>
      <Text size="small">{t("activity.day", { quotes: day.quotes, misses: day.misses, hits: day.cacheHits, late: day.timedOut, p50: ms(day.p50), p95: ms(day.p95), p99: ms(day.p99) })}</Text>
      {!last.length ? (
        <Text size="small">{t("activity.none")}</Text>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("activity.at")}</Table.HeaderCell>
              <Table.HeaderCell>{t("activity.contract")}</Table.HeaderCell>
              <Table.HeaderCell>{t("activity.cep")}</Table.HeaderCell>
              <Table.HeaderCell>{t("activity.options")}</Table.HeaderCell>
              <Table.HeaderCell>{t("activity.ms")}</Table.HeaderCell>
              <Table.HeaderCell>{t("activity.source")}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {last.map((quote, index) => (
              <Table.Row key={`${quote.at}-${index}`}>
                <Table.Cell>{formatTime(quote.at)}</Table.Cell>
                <Table.Cell>{quote.contract}</Table.Cell>
                <Table.Cell>{quote.cepRange}-xxx</Table.Cell>
                <Table.Cell>{quote.options}</Table.Cell>
                <Table.Cell>{quote.ms}</Table.Cell>
                <Table.Cell>
                  {t(`activity.sources.${quote.source}`)}
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

const Freight = () => {
  const { t } = useFreightText()
  const { account } = useHubAccount()
  const settings = useFreight(account)
  return (
    <div className="flex flex-col gap-y-3" data-testid="freight-page">
      <Container className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading>{t("heading")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">{t("intro")}</Text>
        </div>
        <AccountSelect />
      </Container>
      {settings.error && <Text className="text-ui-fg-error">{errorMessage(settings.error)}</Text>}
      {settings.data && (
        <>
          <Endpoint settings={settings.data} />
          <DeliveryDays settings={settings.data} />
          <TryQuote account={account} />
          <Activity settings={settings.data} />
        </>
      )}
    </div>
  )
}

/** Settings → Marketplace freight: each account's freight quote endpoint (docs/freight.md). */
const FreightSettingsPage = () => (
  <HubAccountProvider>
    <Freight />
  </HubAccountProvider>
)

export const config = defineRouteConfig({
  label: "marketplaceHub.freight.menu",
  translationNs: "translation",
})

export const handle = {
  breadcrumb: () => getI18n().t("marketplaceHub.freight.menu"),
}

export default FreightSettingsPage
