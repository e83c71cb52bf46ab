import { zodResolver } from "@hookform/resolvers/zod"
import type { AdminOrder } from "@medusajs/framework/types"
import { Checkbox, Hint, Input, Label, Text } from "@medusajs/ui"
import { useFieldArray, useForm } from "react-hook-form"
import { z } from "zod"
import { shipmentInputSchema } from "../../../hub-client/schemas"
import { FormField } from "./form-field"
import { DateTimeField, orNow } from "./date-time-field"
import type { MoveFormProps } from "./move-forms"
import { useMoveFormText } from "./moves"

type ShipmentForm = z.input<typeof shipmentInputSchema>

/** An order line by SKU, with what Medusa has not fulfilled yet. */
type ShippableLine = { sku: string; title: string; ordered: number; left: number }

function shippableLines(order: AdminOrder | undefined): ShippableLine[] {
  return (order?.items ?? [])
    .filter((item) => !!item.variant_sku)
    .map((item) => ({
      sku: item.variant_sku!,
      title: item.title,
      ordered: item.quantity,
      left: Math.max(0, item.quantity - (item.detail?.fulfilled_quantity ?? 0)),
    }))
}

/**
 * A shipment of some or all of the order's items (several parcels, several shipments): the lines
 * Medusa has not fulfilled yet are ticked with what is left; untick or lower them for a partial one.
 */
export const ShipForm = ({ formId, onSend, order }: MoveFormProps & { order: AdminOrder | undefined }) => {
  const { t, errorMap, fieldError } = useMoveFormText()
  const lines = shippableLines(order)
  const form = useForm<ShipmentForm, unknown, z.output<typeof shipmentInputSchema>>({
    resolver: zodResolver(shipmentInputSchema, errorMap),
    defaultValues: {
      items: lines.filter((line) => line.left > 0).map((line) => ({ sku: line.sku, qty: line.left })),
      track: { carrier: "", method: "", code: "" },
    },
  })
  const items = useFieldArray({ control: form.control, name: "items" })
  const { errors } = form.formState
  const itemsError = errors.items?.root?.message ?? errors.items?.message
  return (
    <form
      id={formId}
      className="flex flex-col gap-y-4"
      onSubmit={form.handleSubmit((shipment) => onSend({ kind: "ship", shipment: { ...shipment, delivered_carrier_date: orNow(shipment.delivered_carrier_date) } }))}
    >
      <div className="flex flex-col gap-y-2" data-testid="hub-ship-items">
        <Label size="small" weight="plus">
          {t("ship.items")}
          <span className="text-ui-fg-error ml-0.5" aria-hidden>*</span>
        </Label>
        {lines.map((line) => {
          const index = items.fields.findIndex((field) => field.sku === line.sku)
          return (
            <div key={line.sku} className="grid grid-cols-[auto_1fr_5rem] items-center gap-x-3">
              <Checkbox
                id={`hub-ship-${line.sku}`}
                checked={index >= 0}
                onCheckedChange={(checked) =>
                  checked ? items.append({ sku: line.sku, qty: Math.max(1, line.left) }) : items.remove(index)
                }
              />
              <Label htmlFor={`hub-ship-${line.sku}`} size="small" className="min-w-0">
                <span className="block truncate">{line.title}</span>
                <span className="text-ui-fg-subtle block">
                  {t("ship.left", { sku: line.sku, left: line.left, ordered: line.ordered })}
                </span>
              </Label>
              {index >= 0 ? (
                <Input
                  aria-label={t("ship.quantityOf", { sku: line.sku })}
                  type="number"
                  size="small"
                  min={1}
                  {...form.register(`items.${index}.qty`, { valueAsNumber: true })}
                />
              ) : (
                <Text size="small" className="text-ui-fg-muted text-right">
                  —
                </Text>
              )}
              {index >= 0 && errors.items?.[index]?.qty && (
                <Hint variant="error" className="col-span-3">
                  {t("ship.quantityRule")}
                </Hint>
              )}
            </div>
          )
        })}
        {itemsError && <Hint variant="error">{t("ship.itemsRule")}</Hint>}
      </div>
      <FormField id="hub-move-carrier" label={t("ship.carrier")} required hint={t("ship.carrierHint")} error={errors.track?.carrier?.message}>
        <Input id="hub-move-carrier" {...form.register("track.carrier")} />
      </FormField>
      <FormField id="hub-move-method" label={t("ship.method")} required hint={t("ship.methodHint")} error={errors.track?.method?.message}>
        <Input id="hub-move-method" {...form.register("track.method")} />
      </FormField>
      <FormField id="hub-move-code" label={t("ship.code")} required hint={t("ship.codeHint")} error={errors.track?.code?.message}>
        <Input id="hub-move-code" autoComplete="off" {...form.register("track.code")} />
      </FormField>
      <FormField
        id="hub-move-url"
        label={t("ship.url")}
        hint={t("ship.urlHint")}
        error={fieldError(errors.track?.url, t("ship.urlRule"))}
      >
        <Input id="hub-move-url" type="url" {...form.register("track.url", { setValueAs: (value: string) => value || undefined })} />
      </FormField>
      <FormField
        id="hub-move-carrier-date"
        label={t("ship.carrierDate")}
        hint={t("ship.carrierDateHint")}
        error={fieldError(errors.delivered_carrier_date, t("form.dateRule"))}
      >
        <DateTimeField id="hub-move-carrier-date" control={form.control} name="delivered_carrier_date" />
      </FormField>
    </form>
  )
}
