import { StatusBadge, Text } from "@medusajs/ui"
import type { HubProductPublicationState, HubProductPublicationView } from "../../../api/admin/hub/types"
import { useHubTranslation } from "../../lib/i18n"
import type { ProductState } from "../../lib/product-state"
import { problemText } from "./problem-text"

type Problem = HubProductPublicationView["problems"][number]

/** What the merchant sees: one state told by productState (src/admin/lib/product-state.ts), or a row's own state where rows are counted. */
export type ShownState = ProductState | HubProductPublicationState

const STATE_COLORS: Record<ShownState, "green" | "blue" | "orange" | "red" | "grey"> = {
  marketplace_refused: "red",
  refused: "red",
  not_publishable: "orange",
  sending: "blue",
  pending: "blue",
  published: "green",
  excluded: "grey",
  none: "grey",
}

/** The states in the order the hub page counts them. */
export const SHOWN_STATES: HubProductPublicationState[] = ["published", "pending", "not_publishable", "refused", "excluded"]

export const HubProductState = ({ state, testId }: { state: ShownState; testId?: string }) => {
  const { t } = useHubTranslation("product")
  return (
    <StatusBadge color={STATE_COLORS[state]} className="text-nowrap" data-testid={testId}>
      {t(`states.${state}`)}
    </StatusBadge>
  )
}

/** Each state with its count, as badges on one wrapping line. */
export const HubProductCounts = ({ counts }: { counts: Record<HubProductPublicationState, number> }) => (
  <div className="flex flex-wrap items-center gap-x-4 gap-y-2" data-testid="hub-publication-counts">
    {SHOWN_STATES.map((state) => (
      <span key={state} className="flex items-center gap-x-1.5" data-testid={`hub-publication-count-${state}`}>
        <HubProductState state={state} />
        <Text size="small" weight="plus" leading="compact">
          {counts[state]}
        </Text>
      </span>
    ))}
  </div>
)

/** The problems as a list of things to do, in the admin's language. */
export const HubProductProblems = ({ problems, testId }: { problems: Problem[]; testId?: string }) => {
  const { t } = useHubTranslation("product")
  return (
    <ul className="flex list-disc flex-col gap-y-1 pl-4" data-testid={testId}>
      {problems.map((problem, index) => (
        <li key={index} title={problem.field}>
          <Text size="small" leading="compact" className="whitespace-normal break-words">
            {problemText(t, problem)}
          </Text>
        </li>
      ))}
    </ul>
  )
}

/** The hub's refusal in its own words (its answer's code is Diagnostics' business, not the merchant's). */
export const HubProductRefusal = ({ row, testId }: { row: Pick<HubProductPublicationView, "hub_error">; testId?: string }) => {
  if (!row.hub_error) return null
  return (
    <Text size="small" leading="compact" className="whitespace-normal break-words" data-testid={testId}>
      {row.hub_error}
    </Text>
  )
}
