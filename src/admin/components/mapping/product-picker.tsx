import { Input, Select } from "@medusajs/ui"
import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { useState } from "react"
import { useHubTranslation } from "../../lib/i18n"
import { sdk } from "../../lib/sdk"

type ProductChoice = { id: string; title: string }

/**
 * A product chosen by its title: a search over Medusa's products (its own `q`), the matches to pick
 * from; `""` is none chosen (the check then takes the account's first product).
 */
export const ProductPicker = ({ value, onChange }: { value: string; onChange: (productId: string) => void }) => {
  const { t } = useHubTranslation("page")
  const [search, setSearch] = useState("")
  const { data } = useQuery({
    queryKey: ["hub", "product-picker", search.trim()],
    queryFn: () =>
      sdk.client.fetch<{ products: ProductChoice[] }>("/admin/products", { query: { q: search.trim() || undefined, limit: 20, fields: "id,title", order: "title" } }),
    placeholderData: keepPreviousData,
  })
  const products = data?.products ?? []
  return (
    <div className="flex items-center gap-x-2" data-testid="hub-mapping-product-picker">
      <Input size="small" type="search" className="w-40" aria-label={t("mapping.sample.search")} placeholder={t("mapping.sample.search")} value={search} onChange={(event) => setSearch(event.target.value)} />
      <Select size="small" value={value || "first"} onValueChange={(next) => onChange(next === "first" ? "" : next)}>
        <Select.Trigger className="w-56" aria-label={t("mapping.sample.productToCheck")} data-testid="hub-mapping-product">
          <Select.Value />
        </Select.Trigger>
        <Select.Content>
          <Select.Item value="first">{t("mapping.sample.firstProduct")}</Select.Item>
          {products.map((product) => (
            <Select.Item key={product.id} value={product.id}>
              {product.title}
            </Select.Item>
          ))}
        </Select.Content>
      </Select>
    </div>
  )
}
