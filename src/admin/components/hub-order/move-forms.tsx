import { zodResolver } from "@hookform/resolvers/zod"
import { Text, Textarea } from "@medusajs/ui"
import { useForm } from "react-hook-form"
import { z } from "zod"
import type { MerchantOrderMove, NfeUpload } from "../../../hub-client/order-moves"
import { deliveryInputSchema, shipmentExceptionInputSchema } from "../../../hub-client/schemas"
import { useHubTranslation } from "../../lib/i18n"
import { DateTimeField, orNow } from "./date-time-field"
import { FormField } from "./form-field"
import { useMoveFormText } from "./moves"

/** What every move form gets: the id its drawer's submit button points at, and where the valid move (or an invoice's NF-e XML) goes. */
export type MoveFormProps = { formId: string; onSend: (move: MerchantOrderMove) => void; onUpload?: (upload: NfeUpload) => void }

export const DeliverForm = ({ formId, onSend }: MoveFormProps) => {
  const { t, errorMap, fieldError } = useMoveFormText()
  const form = useForm<z.input<typeof deliveryInputSchema>, unknown, z.output<typeof deliveryInputSchema>>({
    resolver: zodResolver(deliveryInputSchema, errorMap),
  })
  return (
    <form id={formId} className="flex flex-col gap-y-4" onSubmit={form.handleSubmit((delivery) => onSend({ kind: "deliver", delivery: { ...delivery, delivered_date: orNow(delivery.delivered_date) } }))}>
      <FormField
        id="hub-move-delivered-date"
        label={t("deliver.date")}
        hint={t("deliver.dateHint")}
        error={fieldError(form.formState.errors.delivered_date, t("form.dateRule"))}
      >
        <DateTimeField id="hub-move-delivered-date" control={form.control} name="delivered_date" />
      </FormField>
    </form>
  )
}

export const ShipmentExceptionForm = ({ formId, onSend }: MoveFormProps) => {
  const { t, errorMap, fieldError } = useMoveFormText()
  const form = useForm<z.input<typeof shipmentExceptionInputSchema>, unknown, z.output<typeof shipmentExceptionInputSchema>>({
    resolver: zodResolver(shipmentExceptionInputSchema, errorMap),
    // The hub asks when it happened: now, unless the merchant says otherwise.
    defaultValues: { occurrence_date: new Date().toISOString() },
  })
  const { errors } = form.formState
  return (
    <form
      id={formId}
      className="flex flex-col gap-y-4"
      onSubmit={form.handleSubmit((shipment_exception) => onSend({ kind: "shipment_exception", shipment_exception }))}
    >
      <FormField
        id="hub-move-observation"
        label={t("exception.observation")}
        required
        hint={t("exception.observationHint")}
        error={fieldError(errors.observation, t("exception.observationRule"))}
      >
        <Textarea id="hub-move-observation" {...form.register("observation")} />
      </FormField>
      <FormField id="hub-move-occurrence-date" label={t("exception.date")} hint={t("exception.dateHint")} error={fieldError(errors.occurrence_date, t("form.dateRule"))}>
        <DateTimeField id="hub-move-occurrence-date" control={form.control} name="occurrence_date" />
      </FormField>
    </form>
  )
}

export const CancelForm = ({ formId, onSend }: MoveFormProps) => {
  const { t } = useHubTranslation("card")
  return (
    <form
      id={formId}
      onSubmit={(event) => {
        event.preventDefault()
        onSend({ kind: "cancel" })
      }}
    >
      <Text size="small">{t("cancel.explanation")}</Text>
    </form>
  )
}
