import { Trash } from "@medusajs/icons"
import { Button, Heading, Hint, IconButton, Input, Label, Text } from "@medusajs/ui"
import { useFieldArray, type UseFormReturn } from "react-hook-form"
import { useHubTranslation } from "../../lib/i18n"
import { FormField } from "../hub-order/form-field"
import type { MappingForm } from "./mapping-form"
import { SourceField } from "./source-field"

/** The hub fields read from one source each: brand, EAN, NCM, each with its default; then the specifications, a hub key and its source a row. */
export const MappingFields = ({ form }: { form: UseFormReturn<MappingForm> }) => {
  const { t } = useHubTranslation("page")
  const { control, register, formState } = form
  const errors = formState.errors
  const error = (message: string | undefined) => (message ? t(`mapping.errors.${message}`) : undefined)
  const specifications = useFieldArray({ control, name: "specifications" })
  return (
    <div className="flex flex-col gap-y-4" data-testid="hub-mapping-fields">
      <Heading level="h3">{t("mapping.sections.fields")}</Heading>
      <FormField id="hub-mapping-brand" label={t("mapping.fields.brand")} required hint={t(form.watch("brand.kind") === "none" ? "mapping.hints.brand" : "mapping.hints.brandFrom")}>
        <SourceField form={form} name="brand" id="hub-mapping-brand" label={t("mapping.fields.brand")} noneLabel={t("mapping.none.brand")} />
      </FormField>
      <FormField id="hub-mapping-ean" label={t("mapping.fields.ean")} required hint={t("mapping.hints.ean")}>
        <SourceField form={form} name="ean" id="hub-mapping-ean" label={t("mapping.fields.ean")} noneLabel={t("mapping.none.ean")} />
      </FormField>
      <FormField id="hub-mapping-ncm" label={t("mapping.fields.ncm")} required hint={t("mapping.hints.ncm")}>
        <SourceField form={form} name="ncm" id="hub-mapping-ncm" label={t("mapping.fields.ncm")} noneLabel={t("mapping.none.ncm")} />
      </FormField>
      <div className="flex flex-col gap-y-2" data-testid="hub-mapping-specifications">
        <Label size="small" weight="plus">
          {t("mapping.fields.specifications")}
        </Label>
        <Text size="small" className="text-ui-fg-subtle">
          {t("mapping.hints.specifications")}
        </Text>
        {specifications.fields.map((row, index) => (
          <div key={row.id} className="grid grid-cols-[10rem_1fr_auto] items-start gap-x-2" data-testid="hub-mapping-specification">
            <div className="flex flex-col gap-y-1">
              <Input aria-label={t("mapping.fields.specificationKey")} placeholder={t("mapping.fields.specificationKey")} {...register(`specifications.${index}.key`)} />
              {errors.specifications?.[index]?.key && <Hint variant="error">{error(errors.specifications[index].key.message)}</Hint>}
            </div>
            <SourceField form={form} name={`specifications.${index}.source`} id={`hub-mapping-specification-${index}`} label={t("mapping.fields.source")} />
            <IconButton type="button" variant="transparent" aria-label={t("mapping.removeSpecification")} onClick={() => specifications.remove(index)}>
              <Trash />
            </IconButton>
          </div>
        ))}
        {(errors.specifications?.message || errors.specifications?.root) && <Hint variant="error">{error(errors.specifications.message ?? errors.specifications.root?.message)}</Hint>}
        <div>
          <Button type="button" size="small" variant="secondary" data-testid="hub-mapping-add-specification" onClick={() => specifications.append({ key: "", source: { kind: "metadata", arg: "" } })}>
            {t("mapping.addSpecification")}
          </Button>
        </div>
      </div>
    </div>
  )
}
