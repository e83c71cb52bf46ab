import { Button, Heading, Text } from "@medusajs/ui"
import { useMutation } from "@tanstack/react-query"
import { useState } from "react"
import type { UseFormReturn } from "react-hook-form"
import type { HubMappingSample, HubProductPublications } from "../../../api/admin/hub/types"
import { errorMessage } from "../../lib/format"
import { useHubTranslation } from "../../lib/i18n"
import { sdk } from "../../lib/sdk"
import { problemText } from "../hub-product/problem-text"
import { mappingOfForm, type MappingForm } from "./mapping-form"
import { ProductPicker } from "./product-picker"

type Problem = HubMappingSample["problems"][number]

/**
 * The form's mapping, not saved, tried on one product (the one chosen by its title, else the account's
 * first): the value each hub field takes, the hub category, and what would keep the product off the hub,
 * a marketplace's refusal included (read with the product's publication: a mapping the hub takes does
 * not make a refused product publishable).
 */
export const MappingSample = ({ account, form }: { account: string; form: UseFormReturn<MappingForm> }) => {
  const { t } = useHubTranslation("page")
  const { t: tProduct } = useHubTranslation("product")
  const [productId, setProductId] = useState("")
  const sample = useMutation({
    mutationFn: async (values: MappingForm) => {
      const checked = await sdk.client.fetch<HubMappingSample>("/admin/hub/mapping/sample", {
        method: "POST",
        query: { account, ...(productId ? { product_id: productId } : {}) },
        body: mappingOfForm(values),
      })
      if (!checked.product) return { checked, refusals: [] }
      const { publications } = await sdk.client.fetch<HubProductPublications>(`/admin/hub/products/${encodeURIComponent(checked.product.id)}`)
      return { checked, refusals: publications.find((publication) => publication.account === account)?.marketplace_refusals ?? [] }
    },
  })
  const onCheck = form.handleSubmit((values) => sample.mutate(values))
  const problem = (each: Problem) => problemText(tProduct, each, "mapping")
  const result = sample.data?.checked
  const refusals = sample.data?.refusals ?? []
  const rows: Array<[string, string]> = result?.product
    ? [
        [t("mapping.fields.brand"), result.fields.brand ?? "—"],
        [t("mapping.fields.ean"), result.fields.ean ?? "—"],
        [t("mapping.fields.ncm"), result.fields.nbm ?? "—"],
        [t("mapping.fields.hubCategory"), result.hub_category?.name ?? "—"],
        [t("mapping.fields.categories"), result.fields.categories.map((category) => category.name).join(", ") || "—"],
        [t("mapping.fields.specifications"), result.fields.specifications.map((specification) => `${specification.key}: ${specification.value}`).join("; ") || "—"],
      ]
    : []
  return (
    <div className="flex flex-col gap-y-2">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading level="h3">{t("mapping.sections.sample")}</Heading>
        <div className="flex flex-wrap items-center gap-2">
          <ProductPicker value={productId} onChange={setProductId} />
          <Button size="small" variant="secondary" type="button" data-testid="hub-mapping-sample-button" isLoading={sample.isPending} onClick={onCheck}>
            {t("mapping.sample.action")}
          </Button>
        </div>
      </div>
      {sample.error && <Text className="text-ui-fg-error">{errorMessage(sample.error)}</Text>}
      {!result && !sample.error && (
        <Text size="small" className="text-ui-fg-subtle">
          {t("mapping.sample.hint")}
        </Text>
      )}
      {result && (
        <div className="flex flex-col gap-y-2" data-testid="hub-mapping-sample">
          {result.product ? (
            <>
              <Text size="small" weight="plus">
                {t("mapping.sample.product", { title: result.product.title ?? result.product.id })}
              </Text>
              <div className="divide-y rounded-md border">
                {rows.map(([label, value]) => (
                  <div key={label} className="grid grid-cols-[10rem_1fr] gap-x-3 px-3 py-2">
                    <Text size="small" className="text-ui-fg-subtle">
                      {label}
                    </Text>
                    <Text size="small" className="break-words">
                      {value}
                    </Text>
                  </div>
                ))}
              </div>
              {result.problems.length ? (
                <div className="flex flex-col gap-y-1" data-testid="hub-mapping-problems">
                  <Text size="small" weight="plus" className="text-ui-fg-error">
                    {t("mapping.sample.notPublishable")}
                  </Text>
                  <ul className="list-disc pl-5">
                    {result.problems.map((each) => (
                      <li key={`${each.field}:${each.message}`}>
                        <Text size="small">{problem(each)}</Text>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : refusals.length ? (
                <div className="flex flex-col gap-y-1" data-testid="hub-mapping-marketplace-refused">
                  <Text size="small" weight="plus" className="text-ui-fg-error">
                    {t("mapping.sample.marketplaceRefused")}
                  </Text>
                  <ul className="list-disc pl-5">
                    {refusals.map((refusal) => (
                      <li key={refusal.id}>
                        <Text size="small">{`${refusal.entity_id}: ${refusal.name ?? refusal.error_code}${refusal.message ? ` — ${refusal.message}` : ""}`}</Text>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : (
                <Text size="small" className="text-ui-fg-interactive" data-testid="hub-mapping-publishable">
                  {t("mapping.sample.publishable")}
                </Text>
              )}
            </>
          ) : (
            <Text size="small" className="text-ui-fg-subtle">
              {t("mapping.sample.noProduct")}
            </Text>
          )}
        </div>
      )}
    </div>
  )
}
