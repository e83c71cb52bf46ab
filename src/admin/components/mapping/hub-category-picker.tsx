import { ChevronLeftMini, ChevronRightMini } from "@medusajs/icons"
import { Hint, IconButton, Select, Text } from "@medusajs/ui"
import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { useState } from "react"
import type { HubCategoriesPage, MappedHubCategory } from "../../../api/admin/hub/types"
import { errorMessage } from "../../lib/format"
import { useHubTranslation } from "../../lib/i18n"
import { sdk } from "../../lib/sdk"

/** How many hub categories a page holds: the hub's category service pages by 10 at most. */
const HUB_CATEGORIES_PAGE = 10

/**
 * A hub category picked from the hub's list (its category service), a page of 10 at a time with
 * previous / next beside it; the one picked stays shown on any page. An account without the service
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
  const [offset, setOffset] = useState(0)
  const page = useQuery({
    queryKey: ["hub", "mapping", "hub-categories", account, offset],
    queryFn: () => sdk.client.fetch<HubCategoriesPage>("/admin/hub/mapping/hub-categories", { query: { account, limit: HUB_CATEGORIES_PAGE, offset } }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  })
  const listed = page.data?.categories ?? []
  const shown = value && !listed.some((category) => category.id === value.id) ? [value, ...listed] : listed
  const count = page.data?.count ?? 0
  return (
    <div className="flex flex-col gap-y-1" data-testid={testId}>
      <div className="flex items-center gap-x-1">
        <Select value={value?.id ?? ""} onValueChange={(id) => onChange(shown.find((category) => category.id === id)!)}>
          <Select.Trigger aria-label={t("mapping.fields.hubCategory")} className="min-w-0 flex-1">
            <Select.Value placeholder={t("mapping.fields.hubCategory")} />
          </Select.Trigger>
          <Select.Content>
            {shown.map((category) => (
              <Select.Item key={category.id} value={category.id}>
                {category.name}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
        <IconButton type="button" size="small" variant="transparent" aria-label={t("mapping.previousPage")} disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - HUB_CATEGORIES_PAGE))}>
          <ChevronLeftMini />
        </IconButton>
        <Text size="xsmall" className="text-ui-fg-subtle whitespace-nowrap">
          {count ? t("mapping.hubPage", { from: offset + 1, to: Math.min(offset + HUB_CATEGORIES_PAGE, count), count }) : "—"}
        </Text>
        <IconButton
          type="button"
          size="small"
          variant="transparent"
          aria-label={t("mapping.nextPage")}
          disabled={offset + HUB_CATEGORIES_PAGE >= count}
          onClick={() => setOffset(offset + HUB_CATEGORIES_PAGE)}
        >
          <ChevronRightMini />
        </IconButton>
      </div>
      {page.error && (
        <Hint variant="error" data-testid="hub-mapping-hub-categories-error">
          {errorMessage(page.error)}
        </Hint>
      )}
      {error && !page.error && <Hint variant="error">{error}</Hint>}
    </div>
  )
}
