import { Button, Checkbox, IconButton, Input, Label, Select, Text } from "@medusajs/ui"
import { Trash } from "@medusajs/icons"
import { useQuery } from "@tanstack/react-query"
import { Controller, useFieldArray, type UseFormReturn } from "react-hook-form"
import { useHubTranslation } from "../../lib/i18n"
import { sdk } from "../../lib/sdk"
import { FormField } from "../hub-order/form-field"
import type { PriceRulesForm } from "./price-rules-form"

/** The rules' fields, each explained: the default markup, rounding, floor, ceiling, the sale price, and a markup per category. */
export const PriceRulesFields = ({ form }: { form: UseFormReturn<PriceRulesForm> }) => {
  const { t } = useHubTranslation("page")
  const { register, control, watch, formState } = form
  const errors = formState.errors
  const error = (message: string | undefined) => (message ? t(`prices.errors.${message}`) : undefined)
  const categories = useFieldArray({ control, name: "categories" })
  const medusaCategories = useQuery({
    queryKey: ["hub", "prices", "categories"],
    queryFn: () => sdk.admin.productCategory.list({ limit: 1000, fields: "id,name" }),
  })
  const priceLists = useQuery({
    queryKey: ["hub", "prices", "price-lists"],
    queryFn: () => sdk.admin.priceList.list({ limit: 1000, fields: "id,title,status" }),
  })
  const rounding = watch("rounding")
  const floor = watch("floor")
  const source = watch("source")
  return (
    <div className="flex flex-col gap-y-4">
      <div className="grid grid-cols-2 gap-3">
        <FormField id="hub-price-source" label={t("prices.fields.source")} required hint={t("prices.hints.source")}>
          <Controller
            control={control}
            name="source"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <Select.Trigger id="hub-price-source">
                  <Select.Value />
                </Select.Trigger>
                <Select.Content>
                  <Select.Item value="region">{t("prices.source.region")}</Select.Item>
                  <Select.Item value="price_list">{t("prices.source.price_list")}</Select.Item>
                </Select.Content>
              </Select>
            )}
          />
        </FormField>
        {source === "price_list" && (
          <FormField id="hub-price-list" label={t("prices.fields.priceList")} required error={error(errors.price_list_id?.message)}>
            <Controller
              control={control}
              name="price_list_id"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <Select.Trigger id="hub-price-list">
                    <Select.Value placeholder={t("prices.fields.priceList")} />
                  </Select.Trigger>
                  <Select.Content>
                    {(priceLists.data?.price_lists ?? []).map((list) => (
                      <Select.Item key={list.id} value={list.id}>
                        {list.title}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select>
              )}
            />
          </FormField>
        )}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FormField id="hub-price-markup" label={t("prices.fields.markup")} required hint={t("prices.hints.markup")} error={error(errors.markup_percent?.message)}>
          <Input id="hub-price-markup" {...register("markup_percent")} />
        </FormField>
        <FormField id="hub-price-fixed" label={t("prices.fields.fixed")} required hint={t("prices.hints.fixed")} error={error(errors.fixed_amount?.message)}>
          <Input id="hub-price-fixed" {...register("fixed_amount")} />
        </FormField>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FormField id="hub-price-rounding" label={t("prices.fields.rounding")} required hint={t("prices.hints.rounding")}>
          <Controller
            control={control}
            name="rounding"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <Select.Trigger id="hub-price-rounding">
                  <Select.Value />
                </Select.Trigger>
                <Select.Content>
                  <Select.Item value="cent">{t("prices.rounding.cent")}</Select.Item>
                  <Select.Item value="ending">{t("prices.rounding.ending")}</Select.Item>
                </Select.Content>
              </Select>
            )}
          />
        </FormField>
        {rounding === "ending" && (
          <FormField id="hub-price-ending" label={t("prices.fields.ending")} required hint={t("prices.hints.ending")} error={error(errors.ending_cents?.message)}>
            <Input id="hub-price-ending" {...register("ending_cents")} />
          </FormField>
        )}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FormField id="hub-price-floor" label={t("prices.fields.floor")} required hint={t("prices.hints.floor")}>
          <Controller
            control={control}
            name="floor"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <Select.Trigger id="hub-price-floor">
                  <Select.Value />
                </Select.Trigger>
                <Select.Content>
                  <Select.Item value="none">{t("prices.floor.none")}</Select.Item>
                  <Select.Item value="amount">{t("prices.floor.amount")}</Select.Item>
                  <Select.Item value="metadata">{t("prices.floor.metadata")}</Select.Item>
                  <Select.Item value="cost">{t("prices.floor.cost")}</Select.Item>
                </Select.Content>
              </Select>
            )}
          />
        </FormField>
        {floor === "amount" && (
          <FormField id="hub-price-floor-amount" label={t("prices.fields.floorAmount")} required error={error(errors.floor_amount?.message)}>
            <Input id="hub-price-floor-amount" {...register("floor_amount")} />
          </FormField>
        )}
        {(floor === "metadata" || floor === "cost") && (
          <FormField id="hub-price-floor-key" label={t("prices.fields.floorKey")} required hint={t(floor === "cost" ? "prices.hints.costKey" : "prices.hints.floorKey")} error={error(errors.floor_key?.message)}>
            <Input id="hub-price-floor-key" {...register("floor_key")} />
          </FormField>
        )}
      </div>
      {floor === "cost" && (
        <FormField id="hub-price-floor-factor" label={t("prices.fields.costFactor")} required hint={t("prices.hints.costFactor")} error={error(errors.floor_factor?.message)}>
          <Input id="hub-price-floor-factor" {...register("floor_factor")} />
        </FormField>
      )}
      <FormField id="hub-price-ceiling" label={t("prices.fields.ceiling")} hint={t("prices.hints.ceiling")} error={error(errors.ceiling?.message)}>
        <Input id="hub-price-ceiling" {...register("ceiling")} />
      </FormField>
      <div className="flex items-start gap-x-2">
        <Controller control={control} name="sale_follows_rules" render={({ field }) => <Checkbox id="hub-price-sale" checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />} />
        <div>
          <Label size="small" weight="plus" htmlFor="hub-price-sale">
            {t("prices.fields.sale")}
          </Label>
          <Text size="small" className="text-ui-fg-subtle">
            {t("prices.hints.sale")}
          </Text>
        </div>
      </div>
      <div className="flex flex-col gap-y-2" data-testid="hub-price-categories">
        <Label size="small" weight="plus">
          {t("prices.fields.categories")}
        </Label>
        <Text size="small" className="text-ui-fg-subtle">
          {t("prices.hints.categories")}
        </Text>
        {categories.fields.length > 0 && (
          // The columns named once above the rows, each input labelled by its column (aria-labelledby).
          <div className="grid grid-cols-[1fr_7rem_7rem_2rem] items-end gap-x-2" aria-hidden>
            {(["category", "markup", "fixed"] as const).map((column) => (
              <Text key={column} id={`hub-price-categories-${column}`} size="xsmall" weight="plus" className="text-ui-fg-subtle">
                {t(`prices.fields.${column}`)}
              </Text>
            ))}
          </div>
        )}
        {categories.fields.map((row, index) => (
          <div key={row.id} className="grid grid-cols-[1fr_7rem_7rem_2rem] items-end gap-x-2" data-testid="hub-price-category-row">
            <Controller
              control={control}
              name={`categories.${index}.category_id`}
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <Select.Trigger aria-label={t("prices.fields.category")}>
                    <Select.Value placeholder={t("prices.fields.category")} />
                  </Select.Trigger>
                  <Select.Content>
                    {(medusaCategories.data?.product_categories ?? []).map((category) => (
                      <Select.Item key={category.id} value={category.id}>
                        {category.name}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select>
              )}
            />
            <Input aria-labelledby="hub-price-categories-markup" {...register(`categories.${index}.markup_percent`)} />
            <Input aria-labelledby="hub-price-categories-fixed" {...register(`categories.${index}.fixed_amount`)} />
            <IconButton type="button" variant="transparent" aria-label={t("prices.removeCategory")} onClick={() => categories.remove(index)}>
              <Trash />
            </IconButton>
          </div>
        ))}
        <div>
          <Button type="button" size="small" variant="secondary" onClick={() => categories.append({ category_id: "", markup_percent: "0", fixed_amount: "0" })}>
            {t("prices.addCategory")}
          </Button>
        </div>
      </div>
    </div>
  )
}
