import { useQuery } from "@tanstack/react-query"
import type { HubStatusType } from "../../hub-client/schemas"
import { useHubTranslation } from "../lib/i18n"
import { sdk } from "../lib/sdk"

type HubStatusEntry = { code: string; label: string; type: HubStatusType }

/** The hub's status catalogue as the store last read it: a status code in the hub's words (its label), or undefined. */
export function useHubStatusLabels(enabled = true): (code: string | undefined) => string | undefined {
  const { data } = useQuery({
    queryKey: ["hub", "statuses"],
    queryFn: () => sdk.client.fetch<{ statuses: HubStatusEntry[] }>("/admin/hub/statuses"),
    enabled,
    staleTime: 5 * 60_000,
  })
  return (code) => data?.statuses.find((status) => status.code === code)?.label
}

/** A status by its label, the code as a tooltip; the code itself while the catalogue is unknown. */
export const HubStatusLabel = ({ code }: { code: string }) => {
  const { t } = useHubTranslation("page")
  const labelOf = useHubStatusLabels()
  return <span title={t("statusCode", { code })}>{labelOf(code) ?? code}</span>
}
