import { Badge, Button, Container, Heading, Input, Table, Text, toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { freightKey, type FreightSource, useFreightText } from "../../lib/freight"
import { adminLocale, errorMessage, formatAmount } from "../../lib/format"
import { sdk } from "../../lib/sdk"

/** POST /admin/hub/freight/try's answer (src/api/admin/hub/freight/try/route.ts). */
type TryAnswer = {
  options: Array<{ shipping_option_id: string; name: string; amount: string; currency_code: string; business_days: number; delivery_date: string }>
  none: "unserved" | "unavailable" | null
  unknown_skus: string[]
  source: FreightSource
  ms: number
  technical: Record<"partner" | "legacy", { status: number; body: unknown }>
}
type VariantHit = { id: string; title: string; sku: string | null; product: string }

/** A delivery date (a calendar day, "2026-12-07") as the admin's language says it: "Mon, Dec 7", "seg., 7 de dez.". */
const formatDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString(adminLocale(), { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" })

/** The options as the marketplace shows them to a buyer at checkout: each one's name, price and when it arrives. */
const QuotedOptions = ({ answer }: { answer: TryAnswer }) => {
  const { t } = useFreightText()
  if (!answer.options.length) return <Text size="small" data-testid="freight-try-none">{t(`try.none.${answer.none ?? "unavailable"}`)}</Text>
  return (
    <Table data-testid="freight-try-options">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{t("try.option")}</Table.HeaderCell>
          <Table.HeaderCell>{t("try.price")}</Table.HeaderCell>
          <Table.HeaderCell>{t("try.arrives")}</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {answer.options.map((option) => (
          <Table.Row key={option.shipping_option_id}>
            <Table.Cell>{option.name}</Table.Cell>
            <Table.Cell>{Number(option.amount) === 0 ? <Badge size="2xsmall" color="green">{t("try.free")}</Badge> : formatAmount(option.amount, option.currency_code)}</Table.Cell>
            <Table.Cell>{t("try.arrivesBy", { date: formatDay(option.delivery_date), count: option.business_days })}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  )
}

/** The raw answers of both contracts, as the hub reads them: for the hub's support, folded away. */
const TechnicalDetails = ({ answer }: { answer: TryAnswer }) => {
  const { t } = useFreightText()
  return (
    <details className="flex flex-col gap-y-2" data-testid="freight-try-technical">
      <summary className="txt-compact-small-plus text-ui-fg-subtle cursor-pointer">{t("try.technical")}</summary>
      <Text size="small" className="mt-2">{t("try.took", { ms: answer.ms, source: t(`sources.${answer.source}`) })}</Text>
      <div className="mt-2 grid grid-cols-1 gap-2 md:grid-cols-2">
        {(["partner", "legacy"] as const).map((contract) => (
          <div key={contract}>
            <Text size="small" weight="plus">{t(`try.contracts.${contract}`, { status: answer.technical[contract].status })}</Text>
            <pre className="txt-compact-xsmall bg-ui-bg-subtle overflow-auto rounded p-2">{JSON.stringify(answer.technical[contract].body, null, 2)}</pre>
          </div>
        ))}
      </div>
    </details>
  )
}

/** *Try a quote*: a CEP and products chosen by title; the answer as a buyer would see it, the raw answers behind a toggle. */
export const FreightTry = ({ account }: { account: string }) => {
  const { t } = useFreightText()
  const client = useQueryClient()
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
    // The try is kept among the last quotes: they are read again.
    onSettled: () => client.invalidateQueries({ queryKey: freightKey(account) }),
    onError: (error) => toast.error(errorMessage(error)),
  })
  return (
    <Container className="flex flex-col gap-y-3 px-6 py-4" data-testid="freight-try">
      <div>
        <Heading level="h2">{t("try.heading")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">{t("try.intro")}</Text>
      </div>
      <div className="flex flex-wrap gap-2">
        <Input size="small" className="w-36" placeholder={t("try.cep")} aria-label={t("try.cep")} value={cep} onChange={(event) => setCep(event.target.value)} />
        <Input size="small" className="w-64" placeholder={t("try.search")} aria-label={t("try.search")} value={search} onChange={(event) => setSearch(event.target.value)} />
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
        <div className="flex flex-col gap-y-2" data-testid="freight-try-answer">
          <QuotedOptions answer={quote.data} />
          {!!quote.data.unknown_skus.length && <Text size="small" className="text-ui-fg-subtle">{t("try.unknownSkus", { skus: quote.data.unknown_skus.join(", ") })}</Text>}
          <Text size="small" className="text-ui-fg-subtle">{t("try.counted")}</Text>
          <TechnicalDetails answer={quote.data} />
        </div>
      )}
    </Container>
  )
}
