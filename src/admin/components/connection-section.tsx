import { Badge, Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { Link } from "react-router-dom"
import type { HubConnectionAnswer } from "../../api/admin/hub/types"
import { errorMessage, formatTime } from "../lib/format"
import { HUB_PAGE_REFRESH_MS } from "../lib/hub-queries"
import { useHubAccount } from "../lib/hub-account"
import { useHubTranslation } from "../lib/i18n"
import { AccountSelect } from "./account-select"
import { sdk } from "../lib/sdk"

const linkClass = "text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-compact-small-plus whitespace-nowrap"

/** The shown account's connection as the connection route answers it, read again while the page is open. */
export function useHubConnection() {
  const { account } = useHubAccount()
  return useQuery({
    queryKey: ["hub", "connection", account],
    queryFn: () => sdk.client.fetch<HubConnectionAnswer>("/admin/hub/connection", { query: { account } }),
    refetchInterval: HUB_PAGE_REFRESH_MS,
  })
}

/**
 * The shown account's connection in plain words: a badge (working, paused by the hub's limits, or
 * requests failing in the last ten minutes), the hub and whether it is a sandbox, and the way on: to
 * Settings from the overview, to Diagnostics (the counts, codes and endpoints) from Settings.
 */
export const ConnectionSection = ({ settings = false }: { settings?: boolean }) => {
  const { t } = useHubTranslation("page")
  const { account, nameOf } = useHubAccount()
  const { data, isLoading, error } = useHubConnection()

  if (isLoading) return <Container><Text>{t("connection.loading")}</Text></Container>
  if (error || !data) return <Container><Text>{t("connection.unreadable", { error: errorMessage(error) })}</Text></Container>

  const { hubOrigin, sandbox, figures } = data.connection
  // An old error says nothing about the connection now: only the last ten minutes colour the badge.
  const recentError = figures.lastError && Date.now() - new Date(figures.lastError.at).getTime() < 10 * 60_000
  return (
    <Container className="flex flex-col gap-y-2 px-6 py-4" data-testid="hub-connection">
      <div className="flex items-center justify-between gap-x-3">
        <Heading level="h1">{settings ? t("connection.settingsHeading") : t("connection.heading")}</Heading>
        <AccountSelect />
        <Badge color={figures.pausedUntil ? "orange" : recentError ? "red" : "green"} data-testid="hub-connection-badge">
          {figures.pausedUntil
            ? t("connection.paused", { until: formatTime(figures.pausedUntil) })
            : recentError
              ? t("connection.recentErrors")
              : t("connection.healthy")}
        </Badge>
      </div>
      <Text size="small">
        {t("connection.account", { name: nameOf(account) })} · {hubOrigin} {sandbox ? t("connection.sandbox") : ""}
      </Text>
      {recentError && (
        <Text size="small" className="text-ui-fg-error" data-testid="hub-connection-recent-error">
          {t("connection.recentErrorsWhy", { at: formatTime(figures.lastError!.at) })}
        </Text>
      )}
      <div className="flex gap-x-4">
        {settings ? (
          <Link to="/settings/hub-diagnostics" className={linkClass} data-testid="hub-diagnostics-link">
            {t("connection.diagnostics")}
          </Link>
        ) : (
          <Link to="/settings/hub" className={linkClass} data-testid="hub-settings-link">
            {t("connection.settings")}
          </Link>
        )}
      </div>
    </Container>
  )
}
