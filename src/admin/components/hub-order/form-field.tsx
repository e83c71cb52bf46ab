import { Hint, Label } from "@medusajs/ui"
import type { ReactNode } from "react"
import { useHubTranslation } from "../../lib/i18n"

/**
 * One field of a move form: its label (required ones marked, optional ones said so, as Medusa's
 * forms do), the input, an example as help text (never a placeholder that reads as a value), and
 * the zod error under it.
 */
export const FormField = ({
  id,
  label,
  required = false,
  hint,
  error,
  children,
}: {
  id: string
  label: string
  required?: boolean
  hint?: ReactNode
  error?: string
  children: ReactNode
}) => {
  const { t } = useHubTranslation("card")
  return (
  <div className="flex flex-col gap-y-2">
    <Label size="small" weight="plus" htmlFor={id} id={`${id}-label`}>
      {label}
      {required ? (
        <span className="text-ui-fg-error ml-0.5" aria-hidden>
          *
        </span>
      ) : (
        <span className="text-ui-fg-muted ml-1 font-normal">{t("form.optional")}</span>
      )}
    </Label>
    {children}
    {hint && !error && <Hint>{hint}</Hint>}
    {error && (
      <Hint variant="error" data-testid={`${id}-error`}>
        {error}
      </Hint>
    )}
  </div>
  )
}
