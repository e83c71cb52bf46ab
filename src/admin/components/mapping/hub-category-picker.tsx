import { Hint, Input, Select, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import type { HubCategoriesPage, MappedHubCategory } from "../../../api/admin/hub/types"
import { errorMessage } from "../../lib/format"
import { useHubTranslation } from "../../lib/i18n"
import { sdk } from "../../lib/sdk"

/** How many hub categories a page holds: the hub's category service pages by 10 at most. */
const HUB_CATEGORIES_PAGE = 10

/** The most of the hub's categories read for the list (50 pages); a search narrows what is listed. */
const HUB_CATEGORIES_READ = 500

/** Lower case without accents, so "camiseta" finds "Camisetas" and "cafe" finds "Café". */
const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()

/** The hub's categories in one list, read a page at a time once and kept for the drawer's pickers. */
function useHubCategories(account: string) {
  return useQuery({
    queryKey: ["hub", "mapping", "hub-categories", account],
    queryFn: async () => {
      const categories: MappedHubCategory[] = []
      for (;;) {
        const page = await sdk.client.fetch<HubCategoriesPage>("/admin/hub/mapping/hub-categories", {
          query: { account, limit: HUB_CATEGORIES_PAGE, offset: categories.length },
        })
        categories.push(...page.categories)
        if (!page.categories.length || categories.length >= page.count || categories.length >= HUB_CATEGORIES_READ) return { categories, count: page.count }
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  })
}

/**
 * A hub category picked from the hub's list (its category service) in one select, a search above it
 * narrowing the list; the one picked stays listed whatever the search. An account without the service
 * (option `categoryServiceUrl`) answers with the route's message, shown under it.
 */
export const HubCategoryPicker = ({
  account,
  value,
  onChange,
  testId,
  error,
}: {
  account: string
  value: MappedHubCategory | null
  onChange: (category: MappedHubCategory) => void
  testId: string
  error?: string
}) => {
  const { t } = useHubTranslation("page")
  const [search, setSearch] = useState("")
  const list = useHubCategories(account)
  const listed = (list.data?.categories ?? []).filter((category) => folded(category.name).includes(folded(search.trim())))
  const shown = value && !listed.some((category) => category.id === value.id) ? [value, ...listed] : listed
  const cut = list.data && list.data.count > list.data.categories.length
  return (
    <div className="flex flex-col gap-y-1" data-testid={testId}>
      <div className="flex items-center gap-x-2">
        <Input
          size="small"
          type="search"
          className="w-40 shrink-0"
          placeholder={t("mapping.searchHubCategories")}
          aria-label={t("mapping.searchHubCategories")}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Select value={value?.id ?? ""} onValueChange={(id) => onChange(shown.find((category) => category.id === id)!)}>
          <Select.Trigger aria-label={t("mapping.fields.hubCategory")} className="min-w-0 flex-1">
            <Select.Value placeholder={list.isLoading ? t("mapping.hubCategoriesLoading") : t("mapping.fields.hubCategory")} />
          </Select.Trigger>
          <Select.Content>
            {shown.map((category) => (
              <Select.Item key={category.id} value={category.id}>
                {category.name}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
      </div>
      {search.trim() && list.data && listed.length === 0 && (
        <Text size="xsmall" className="text-ui-fg-subtle">
          {t("mapping.hubCategoriesNone", { search: search.trim() })}
        </Text>
      )}
      {cut && (
        <Text size="xsmall" className="text-ui-fg-subtle">
          {t("mapping.hubCategoriesCut", { count: list.data!.categories.length, total: list.data!.count })}
        </Text>
      )}
      {list.error && (
        <Hint variant="error" data-testid="hub-mapping-hub-categories-error">
          {errorMessage(list.error)}
        </Hint>
      )}
      {error && !list.error && <Hint variant="error">{error}</Hint>}
    </div>
  )
}
