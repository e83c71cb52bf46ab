import { DatePicker } from "@medusajs/ui"
import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form"

/**
 * A date and time as Medusa's own forms take it: its DatePicker, whose day, month and year follow the
 * admin user's language (dd/mm/aaaa in Portuguese), where a browser's `datetime-local` follows the
 * browser's locale instead. The form holds the ISO date and time with offset the move schemas ask
 * for, or nothing when cleared. `id` names the field's label (FormField) and the test's handle.
 */
export function DateTimeField<T extends FieldValues>({ id, control, name }: { id: string; control: Control<T>; name: FieldPath<T> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div data-testid={id}>
          <DatePicker
            aria-labelledby={`${id}-label`}
            granularity="minute"
            shouldCloseOnSelect={false}
            value={field.value ? new Date(field.value) : null}
            onChange={(date) => field.onChange(date ? date.toISOString() : undefined)}
            onBlur={field.onBlur}
          />
        </div>
      )}
    />
  )
}

/** A date the merchant may leave empty, sent as now: the hub asks when it happened. */
export const orNow = (value: string | undefined) => value ?? new Date().toISOString()
