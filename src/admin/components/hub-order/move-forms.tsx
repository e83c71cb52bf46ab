import { zodResolver } from "@hookform/resolvers/zod"
import { Input, Text, Textarea } from "@medusajs/ui"
import { useForm } from "react-hook-form"
import { z } from "zod"
import type { MerchantOrderMove } from "../../../hub-client/order-moves"
import { deliveryInputSchema, invoiceInputSchema, shipmentExceptionInputSchema } from "../../../hub-client/schemas"
import { FormField } from "./form-field"
import { formErrorMap } from "./moves"

/** What every move form gets: the id its drawer's submit button points at, and where the valid move goes. */
export type MoveFormProps = { formId: string; onSend: (move: MerchantOrderMove) => void }

/** A `datetime-local` value as the ISO date and time (with offset) the schemas ask for; nothing when empty. */
export const localToIso = (value: string) => (value ? new Date(value).toISOString() : undefined)

export const InvoiceForm = ({ formId, onSend }: MoveFormProps) => {
  const form = useForm<z.input<typeof invoiceInputSchema>, unknown, z.output<typeof invoiceInputSchema>>({
    resolver: zodResolver(invoiceInputSchema, formErrorMap),
  })
  const { errors } = form.formState
  return (
    <form id={formId} className="flex flex-col gap-y-4" onSubmit={form.handleSubmit((invoice) => onSend({ kind: "invoice", invoice }))}>
      <FormField
        id="hub-move-key"
        label="Invoice key"
        required
        hint="The 44 digits of the electronic invoice (NF-e), spaces allowed, e.g. 3526 1112 3456 7800 0195 5500 1000 0012 3410 0001 2345."
        error={errors.key?.message}
      >
        <Input id="hub-move-key" autoComplete="off" {...form.register("key", { setValueAs: (value: string) => value.replace(/\s/g, "") })} />
      </FormField>
      <FormField id="hub-move-issue-date" label="Issue date" hint="When the invoice was issued; the hub records the time it receives it when empty." error={errors.issue_date?.message}>
        <Input id="hub-move-issue-date" type="datetime-local" {...form.register("issue_date", { setValueAs: localToIso })} />
      </FormField>
    </form>
  )
}

export const DeliverForm = ({ formId, onSend }: MoveFormProps) => {
  const form = useForm<z.input<typeof deliveryInputSchema>, unknown, z.output<typeof deliveryInputSchema>>({
    resolver: zodResolver(deliveryInputSchema, formErrorMap),
  })
  return (
    <form id={formId} className="flex flex-col gap-y-4" onSubmit={form.handleSubmit((delivery) => onSend({ kind: "deliver", delivery }))}>
      <FormField
        id="hub-move-delivered-date"
        label="Delivered on"
        hint="When the buyer received the parcel; now when empty."
        error={form.formState.errors.delivered_date?.message}
      >
        <Input id="hub-move-delivered-date" type="datetime-local" {...form.register("delivered_date", { setValueAs: (value: string) => localToIso(value) ?? new Date().toISOString() })} />
      </FormField>
    </form>
  )
}

export const ShipmentExceptionForm = ({ formId, onSend }: MoveFormProps) => {
  const form = useForm<z.input<typeof shipmentExceptionInputSchema>, unknown, z.output<typeof shipmentExceptionInputSchema>>({
    resolver: zodResolver(shipmentExceptionInputSchema, formErrorMap),
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
        label="What happened"
        required
        hint="Up to 500 characters the marketplace may show the buyer, e.g. Parcel returned to sender: address not found."
        error={errors.observation?.message}
      >
        <Textarea id="hub-move-observation" {...form.register("observation")} />
      </FormField>
      <FormField id="hub-move-occurrence-date" label="Occurred on" hint="Now when left empty." error={errors.occurrence_date?.message}>
        <Input
          id="hub-move-occurrence-date"
          type="datetime-local"
          {...form.register("occurrence_date", { setValueAs: (value: string) => localToIso(value) ?? new Date().toISOString() })}
        />
      </FormField>
    </form>
  )
}

export const CancelForm = ({ formId, onSend }: MoveFormProps) => (
  <form
    id={formId}
    onSubmit={(event) => {
      event.preventDefault()
      onSend({ kind: "cancel" })
    }}
  >
    <Text size="small">
      The marketplace order is canceled, and this Medusa order with it: its reserved stock is released. If the marketplace canceled it
      already, nothing is sent.
    </Text>
  </form>
)
