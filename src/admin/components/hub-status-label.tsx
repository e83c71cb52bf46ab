import { useQuery } from "@tanstack/react-query"
import type { HubStatusType } from "../../hub-client/schemas"
import { useHubTranslation } from "../lib/i18n"
import { merchantStatusLabel, serviceSuffix } from "../lib/status-label"
import { sdk } from "../lib/sdk"

type HubStatusEntry = { code: string; label: string; type: HubStatusType }

/** A hub account's status catalogue as the store last read it: a status code in the merchant's words (its label without the hub's machinery: lib/status-label.ts), or undefined. */
export function useHubStatusLabels(account: string | undefined): (code: string | undefined) => string | undefined {
  const { data } = useQuery({
    queryKey: ["hub", "statuses", account],
    queryFn: () => sdk.client.fetch<{ statuses: HubStatusEntry[] }>("/admin/hub/statuses", { query: { account } }),
    // Not before the account is known: never another account's catalogue meanwhile.
    enabled: !!account,
    staleTime: 5 * 60_000,
  })
  const suffix = serviceSuffix((data?.statuses ?? []).map((status) => status.label))
  return (code) => {
    const label = data?.statuses.find((status) => status.code === code)?.label
    return label === undefined ? undefined : merchantStatusLabel(label, suffix)
  }
}

/** A status by its label in its account's catalogue, the code as a tooltip; the code itself while the catalogue is unknown. */
export const HubStatusLabel = ({ code, account }: { code: string; account: string }) => {
  const { t } = useHubTranslation("page")
  const labelOf = useHubStatusLabels(account)
  return <span title={t("statusCode", { code })}>{labelOf(code) ?? code}</span>
}
