import { Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A label and its value in two columns, as Medusa's own order cards show them. */
export const SectionRow = ({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) => (
  <div className="text-ui-fg-subtle grid grid-cols-2 items-start gap-x-3 px-6 py-3" data-testid={testId}>
    <Text size="small" leading="compact" weight="plus">
      {label}
    </Text>
    {typeof value === "string" || typeof value === "number" ? (
      <Text size="small" leading="compact" className="break-words">
        {value}
      </Text>
    ) : (
      <div className="min-w-0">{value}</div>
    )}
  </div>
)
