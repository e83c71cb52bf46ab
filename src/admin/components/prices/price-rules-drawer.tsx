import { zodResolver } from "@hookform/resolvers/zod"
import { Alert, Button, createDataTableColumnHelper, Drawer, Heading, Text, toast } from "@medusajs/ui"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useEffect, useMemo, useState } from "react"
import { useForm } from "react-hook-form"
import type { HubPricePreviewPage, HubPriceRulesAnswer } from "../../../api/admin/hub/types"
import { adminLocale, errorMessage, formatAmount } from "../../lib/format"
import { useHubAccountName } from "../../lib/hub-account"
import { useHubTranslation } from "../../lib/i18n"
import { sdk } from "../../lib/sdk"
import { HubDataTable, useHubPagination } from "../hub-data-table"
import { ruleText } from "../hub-product/hub-prices"
import { formOfRules, priceRulesFormSchema, rulesOfForm, type PriceRulesForm } from "./price-rules-form"
import { PriceRulesFields } from "./price-rules-fields"

type Line = HubPricePreviewPage["lines"][number]
const lineColumn = createDataTableColumnHelper<Line>()

/**
 * The account's price rules in a drawer: edited with each field explained, previewed on the server over
 * the whole catalogue (a page of SKUs: Medusa's price, the hub's now and after, the change, its steps,
 * or why held; and how many change), then applied: saved, and the prices that changed sent.
 */
export const PriceRulesDrawer = ({ account, rules, onClose }: { account: string; rules: HubPriceRulesAnswer["rules"]; onClose: () => void }) => {
  const { t } = useHubTranslation("page")
  const { t: tPrice } = useHubTranslation("product")
  const accountName = useHubAccountName()
  const queryClient = useQueryClient()
  const form = useForm<PriceRulesForm>({ resolver: zodResolver(priceRulesFormSchema), defaultValues: formOfRules(rules) })
  const pagination = useHubPagination()
  const [previewed, setPreviewed] = useState<PriceRulesForm | null>(null)
  const preview = useMutation({
    mutationFn: (values: PriceRulesForm) =>
      sdk.client.fetch<HubPricePreviewPage>("/admin/hub/prices/preview", { method: "POST", query: { account, ...pagination.query }, body: rulesOfForm(values) }),
  })
  const apply = useMutation({
    mutationFn: (values: PriceRulesForm) => sdk.client.fetch<HubPriceRulesAnswer>("/admin/hub/prices/rules", { method: "POST", query: { account }, body: rulesOfForm(values) }),
    onSuccess: (_answer, applied) => {
      // The preview of these very rules said how many prices they hold: the toast says it again.
      const held = previewed && JSON.stringify(previewed) === JSON.stringify(applied) ? (preview.data?.summary.held ?? 0) : 0
      toast.success(t("prices.applied"), { description: held ? t("prices.appliedHeld", { held }) : t("prices.appliedHint") })
      onClose()
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["hub"] }),
  })
  // A page turned re-reads the preview of the rules previewed.
  const { pageIndex } = pagination.state
  useEffect(() => {
    if (previewed) preview.mutate(previewed)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageIndex])
  const currency = preview.data?.currency_code ?? null
  const columns = useMemo(
    () => [
      lineColumn.accessor("sku", { header: "SKU" }),
      lineColumn.accessor("medusa_price", { header: t("prices.columns.medusa"), cell: ({ getValue }) => formatAmount(getValue(), currency) }),
      lineColumn.accessor("hub_price", { header: t("prices.columns.now"), cell: ({ getValue }) => formatAmount(getValue(), currency) }),
      // Five columns, so the table fits the drawer: the change under the price after, the steps and what holds it under the rule.
      lineColumn.accessor("price_after", {
        header: t("prices.columns.after"),
        cell: ({ row }) => (
          <span className="block whitespace-nowrap">
            {formatAmount(row.original.price_after, currency)}
            {row.original.change_percent !== null && (
              <span className="text-ui-fg-subtle block">{`${row.original.change_percent > 0 ? "+" : ""}${row.original.change_percent.toLocaleString(adminLocale())} %`}</span>
            )}
          </span>
        ),
      }),
      lineColumn.accessor("rule", {
        header: t("prices.columns.rule"),
        cell: ({ row }) => (
          <span className="block min-w-[10rem] whitespace-normal">
            {row.original.rule ? ruleText(tPrice, row.original.rule) : "—"}
            {row.original.steps > 1 && <span className="text-ui-fg-subtle block">{t("prices.stepsInline", { n: row.original.steps })}</span>}
            {row.original.held && (
              <span className="text-ui-fg-error block">
                {tPrice(`prices.held.${row.original.held}`, { floor: formatAmount(row.original.floor, currency), value: row.original.unreadable_floor })}
              </span>
            )}
          </span>
        ),
      }),
    ],
    [t, tPrice, currency]
  )
  const onPreview = form.handleSubmit((values) => {
    setPreviewed(values)
    preview.mutate(values)
  })
  return (
    <Drawer open onOpenChange={(open) => !open && onClose()}>
      <Drawer.Content data-testid="hub-price-rules-drawer" className="sm:max-w-5xl">
        <Drawer.Header>
          <Drawer.Title>{t("prices.edit")}</Drawer.Title>
          <Drawer.Description>{t("prices.drawerDescription", { account: accountName(account) })}</Drawer.Description>
        </Drawer.Header>
        <Drawer.Body className="flex flex-col gap-y-6 overflow-y-auto">
          {(apply.error || preview.error) && (
            <Alert variant="error" data-testid="hub-price-rules-error">
              {errorMessage(apply.error ?? preview.error)}
            </Alert>
          )}
          <form id="hub-price-rules-form" onSubmit={form.handleSubmit((values) => apply.mutate(values))}>
            <PriceRulesFields form={form} />
          </form>
          <div className="flex flex-col gap-y-2" data-testid="hub-price-preview">
            <div className="flex items-center justify-between">
              <Heading level="h3">{t("prices.preview")}</Heading>
              <Button size="small" variant="secondary" type="button" isLoading={preview.isPending} onClick={onPreview}>
                {t("prices.previewAction")}
              </Button>
            </div>
            {preview.data ? (
              <>
                <Text size="small" data-testid="hub-price-preview-summary">
                  {t("prices.summary", preview.data.summary)}
                </Text>
                {/* Wide enough for its five columns; on a narrow screen it scrolls inside the drawer, never cut. */}
                <div className="overflow-x-auto">
                  <HubDataTable testId="hub-price-preview-lines" data={preview.data.lines} count={preview.data.count} pagination={pagination} columns={columns} rowId={(line) => line.sku} isLoading={preview.isPending} empty={t("prices.noSkus")} />
                </div>
              </>
            ) : (
              <Text size="small" className="text-ui-fg-subtle">
                {t("prices.previewHint")}
              </Text>
            )}
          </div>
        </Drawer.Body>
        <Drawer.Footer>
          <Drawer.Close asChild>
            <Button size="small" variant="secondary">
              {t("prices.cancel")}
            </Button>
          </Drawer.Close>
          <Button size="small" type="submit" form="hub-price-rules-form" isLoading={apply.isPending}>
            {t("prices.apply")}
          </Button>
        </Drawer.Footer>
      </Drawer.Content>
    </Drawer>
  )
}
