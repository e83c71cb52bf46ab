import { Hint, Input, Select } from "@medusajs/ui"
import { Controller, type Path, type UseFormReturn } from "react-hook-form"
import type { ValueSource } from "../../../api/admin/hub/types"
import { useHubTranslation } from "../../lib/i18n"
import { SOURCE_FIELDS, SOURCE_KINDS, type MappingForm } from "./mapping-form"

/** A source in the form: a field's own, a specification's or an attribute's. */
export type SourcePath = "brand" | "ean" | "ncm" | `specifications.${number}.source` | `attributes.${number}.source`

/** The text each kind of source needs, and its label's key. */
const ARG_LABEL: Partial<Record<string, string>> = { metadata: "mapping.fields.metadataKey", option: "mapping.fields.optionTitle", fixed: "mapping.fields.value" }

/**
 * Where one hub field is read: the kind of source (`noneLabel`, when given, names the field's default,
 * such as "None" for the brand) and beside it what the kind needs: a metadata key, an option's title, a
 * field to choose, or the fixed text. Changing the kind empties what it needed.
 */
export const SourceField = ({ form, name, id, label, noneLabel }: { form: UseFormReturn<MappingForm>; name: SourcePath; id: string; label: string; noneLabel?: string }) => {
  const { t } = useHubTranslation("page")
  const error = (message: string | undefined) => (message ? t(`mapping.errors.${message}`) : undefined)
  const kind = form.watch(`${name}.kind` as Path<MappingForm>) as string
  const argLabel = ARG_LABEL[kind]
  return (
    <div className="grid grid-cols-2 gap-2">
      <Controller
        control={form.control}
        name={`${name}.kind` as Path<MappingForm>}
        render={({ field, fieldState }) => (
          <div className="flex flex-col gap-y-1">
            <Select
              value={field.value as string}
              onValueChange={(next) => {
                field.onChange(next)
                form.setValue(`${name}.arg` as Path<MappingForm>, "")
              }}
            >
              <Select.Trigger id={id} aria-label={label} data-testid={`${id}-kind`}>
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                {noneLabel && <Select.Item value="none">{noneLabel}</Select.Item>}
                {SOURCE_KINDS.map((each) => (
                  <Select.Item key={each} value={each}>
                    {t(`mapping.kinds.${each}`)}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
            {fieldState.error && <Hint variant="error">{error(fieldState.error.message)}</Hint>}
          </div>
        )}
      />
      {(argLabel || kind === "field") && (
        <Controller
          control={form.control}
          name={`${name}.arg` as Path<MappingForm>}
          render={({ field, fieldState }) => (
            <div className="flex flex-col gap-y-1">
              {kind === "field" ? (
                <Select value={field.value as string} onValueChange={field.onChange}>
                  <Select.Trigger aria-label={t("mapping.fields.field")} data-testid={`${id}-arg`}>
                    <Select.Value placeholder={t("mapping.fields.field")} />
                  </Select.Trigger>
                  <Select.Content>
                    {SOURCE_FIELDS.map((each) => (
                      <Select.Item key={each} value={each}>
                        {t(`mapping.sourceFields.${each}`)}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select>
              ) : (
                <Input
                  aria-label={t(argLabel!)}
                  placeholder={t(argLabel!)}
                  data-testid={`${id}-arg`}
                  value={field.value as string}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  aria-invalid={!!fieldState.error}
                />
              )}
              {fieldState.error && <Hint variant="error">{error(fieldState.error.message)}</Hint>}
            </div>
          )}
        />
      )}
    </div>
  )
}

/** A source in the merchant's words ("the product's metadata “brand”"); `none`, the field's default, when there is none. */
export function useSourceText(): (source: ValueSource | null, none: string) => string {
  const { t } = useHubTranslation("page")
  return (source, none) => {
    if (!source) return none
    switch (source.kind) {
      case "metadata":
        return t("mapping.from.metadata", { key: source.key })
      case "type":
        return t("mapping.from.type")
      case "collection":
        return t("mapping.from.collection")
      case "option":
        return t("mapping.from.option", { title: source.title })
      case "field":
        return t("mapping.from.field", { field: t(`mapping.sourceFields.${source.field}`) })
      case "fixed":
        return t("mapping.from.fixed", { value: source.value })
    }
  }
}
