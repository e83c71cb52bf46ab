import { Trash } from "@medusajs/icons"
import { Badge, Button, Heading, Hint, IconButton, Select, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { useMemo } from "react"
import { Controller, useFieldArray, type UseFormReturn } from "react-hook-form"
import { useHubTranslation } from "../../lib/i18n"
import { sdk } from "../../lib/sdk"
import { HubCategoryPicker } from "./hub-category-picker"
import { mappedHubCategories, missingAttributes, type MappingForm } from "./mapping-form"
import { SourceField } from "./source-field"

/** How many of a hub attribute's values the form names (the hub takes only those). */
const VALUES_SHOWN = 8

/**
 * Medusa's categories mapped to the hub's, a row each (a Medusa category, the hub category picked from
 * the hub's list); then each hub category mapped with the attributes it asks for, each read from a
 * source (required and per-variant ones marked). An account without the hub's category service keeps
 * the rows it has, and says how to add more.
 */
export const CategoryFields = ({ form, account, categoryService }: { form: UseFormReturn<MappingForm>; account: string; categoryService: boolean }) => {
  const { t } = useHubTranslation("page")
  const { control, watch, formState } = form
  const errors = formState.errors
  const error = (message: string | undefined) => (message ? t(`mapping.errors.${message}`) : undefined)
  const categories = useFieldArray({ control, name: "categories" })
  const attributes = useFieldArray({ control, name: "attributes" })
  const medusaCategories = useQuery({
    queryKey: ["hub", "mapping", "medusa-categories"],
    queryFn: () => sdk.admin.productCategory.list({ limit: 1000, fields: "id,name,parent_category_id" }),
  })
  // A category by its path ("Clothing › Shirts"), so two of the same name read apart.
  const categoryNames = useMemo(() => {
    const list = medusaCategories.data?.product_categories ?? []
    const byId = new Map(list.map((category) => [category.id, category]))
    const path = (id: string) => {
      const names: string[] = []
      for (let at = byId.get(id), depth = 0; at && depth < 6; at = at.parent_category_id ? byId.get(at.parent_category_id) : undefined, depth++) names.unshift(at.name)
      return names.join(" › ")
    }
    return list.map((category) => ({ id: category.id, name: path(category.id) })).sort((a, b) => a.name.localeCompare(b.name))
  }, [medusaCategories.data])
  const rows = watch("categories")
  const attributeRows = watch("attributes")
  const hubCategories = mappedHubCategories(rows)
  return (
    <div className="flex flex-col gap-y-4" data-testid="hub-mapping-categories">
      <div className="flex flex-col gap-y-1">
        <Heading level="h3">{t("mapping.sections.categories")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("mapping.hints.categories")}
        </Text>
      </div>
      {!categoryService && (
        <Text size="small" className="text-ui-fg-subtle" data-testid="hub-mapping-no-category-service">
          {t("mapping.noCategoryService")}
        </Text>
      )}
      {categories.fields.map((row, index) => (
        <div key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-x-2" data-testid="hub-mapping-category">
          <div className="flex flex-col gap-y-1">
            <Controller
              control={control}
              name={`categories.${index}.category_id`}
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <Select.Trigger aria-label={t("mapping.fields.category")}>
                    <Select.Value placeholder={t("mapping.fields.category")} />
                  </Select.Trigger>
                  <Select.Content>
                    {categoryNames.map((category) => (
                      <Select.Item key={category.id} value={category.id}>
                        {category.name}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select>
              )}
            />
            {errors.categories?.[index]?.category_id && <Hint variant="error">{error(errors.categories[index].category_id.message)}</Hint>}
          </div>
          {categoryService ? (
            <Controller
              control={control}
              name={`categories.${index}.hub_category`}
              render={({ field, fieldState }) => (
                <HubCategoryPicker
                  account={account}
                  testId="hub-mapping-hub-category"
                  value={field.value}
                  error={error(fieldState.error?.message)}
                  onChange={(category) => {
                    field.onChange(category)
                    attributes.append(missingAttributes(form.getValues("attributes"), category))
                  }}
                />
              )}
            />
          ) : (
            <Text size="small" className="py-2">
              {rows[index]?.hub_category?.name ?? "—"}
            </Text>
          )}
          <IconButton type="button" variant="transparent" aria-label={t("mapping.removeCategory")} onClick={() => categories.remove(index)}>
            <Trash />
          </IconButton>
        </div>
      ))}
      {categoryService && (
        <div>
          <Button type="button" size="small" variant="secondary" data-testid="hub-mapping-add-category" onClick={() => categories.append({ category_id: "", hub_category: null })}>
            {t("mapping.addCategory")}
          </Button>
        </div>
      )}
      {hubCategories.map((category) => (
        <div key={category.id} className="flex flex-col gap-y-2 rounded-md border px-3 py-2" data-testid="hub-mapping-attributes">
          <div className="flex items-center gap-x-2">
            <Text size="small" weight="plus">
              {t("mapping.fields.attributes", { category: category.name })}
            </Text>
            {category.ean_required && (
              <Badge size="2xsmall" color="orange">
                {t("mapping.eanRequired")}
              </Badge>
            )}
          </div>
          {!category.attributes.length && (
            <Text size="small" className="text-ui-fg-subtle">
              {t("mapping.noAttributes")}
            </Text>
          )}
          {category.attributes.map((attribute) => {
            const index = attributeRows.findIndex((entry) => entry.hub_category_id === category.id && entry.name_id === attribute.name_id)
            if (index < 0) return null
            return (
              <div key={attribute.name_id} className="grid grid-cols-[10rem_1fr] items-start gap-x-2" data-testid="hub-mapping-attribute">
                <div className="flex flex-col gap-y-1 py-1">
                  <Text size="small">{attribute.name}</Text>
                  <div className="flex flex-wrap gap-1">
                    {attribute.required && (
                      <Badge size="2xsmall" color="red">
                        {t("mapping.required")}
                      </Badge>
                    )}
                    {attribute.variant && (
                      <Badge size="2xsmall" color="blue">
                        {t("mapping.variant")}
                      </Badge>
                    )}
                  </div>
                </div>
                <div className="flex flex-col gap-y-1">
                  <SourceField form={form} name={`attributes.${index}.source`} id={`hub-mapping-attribute-${index}`} label={attribute.name} noneLabel={t("mapping.none.attribute")} />
                  {attribute.values.length > 0 && (
                    <Hint>
                      {t("mapping.values", {
                        values: attribute.values.slice(0, VALUES_SHOWN).join(", ") + (attribute.values.length > VALUES_SHOWN ? ", …" : ""),
                      })}
                    </Hint>
                  )}
                </div>
              </div>
            )
          })}
        </div>
      ))}
    </div>
  )
}
