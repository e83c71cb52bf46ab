import { Badge, Button, Container, Heading, Text, toast, usePrompt } from "@medusajs/ui"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { freightKey, type FreightSettings, useFreightText } from "../../lib/freight"
import { errorMessage } from "../../lib/format"
import { sdk } from "../../lib/sdk"

/**
 * The addresses to give the hub's support, the token's rotation and the off switch (each asked first
 * with Medusa's prompt, as the old addresses stop answering at once), the allowlist, and the days
 * every quote adds. The time limits are the Diagnostics page's (freight-diagnostics.tsx).
 */
export const FreightEndpoint = ({ settings }: { settings: FreightSettings }) => {
  const { t } = useFreightText()
  const client = useQueryClient()
  const prompt = usePrompt()
  const change = useMutation({
    mutationFn: (method: "POST" | "DELETE") => sdk.client.fetch<FreightSettings>(`/admin/hub/freight/token?account=${settings.account}`, { method }),
    onSuccess: (answer, method) => {
      client.setQueryData(freightKey(settings.account), answer)
      toast.success(method === "DELETE" ? t("endpoint.turnedOff") : settings.token ? t("endpoint.rotated") : t("endpoint.created"))
    },
    onError: (error) => toast.error(errorMessage(error)),
  })
  const rotate = async () => {
    const asked = !settings.token || (await prompt({ title: t("endpoint.rotatePrompt.title"), description: t("endpoint.rotatePrompt.description"), confirmText: t("endpoint.rotate"), cancelText: t("endpoint.cancel") }))
    if (asked) change.mutate("POST")
  }
  const turnOff = async () => {
    if (await prompt({ variant: "danger", title: t("endpoint.turnOffPrompt.title"), description: t("endpoint.turnOffPrompt.description"), confirmText: t("endpoint.turnOff"), cancelText: t("endpoint.cancel") })) change.mutate("DELETE")
  }
  return (
    <Container className="flex flex-col gap-y-3 px-6 py-4" data-testid="freight-endpoint">
      <div className="flex items-center gap-x-2">
        <Heading level="h2">{t("endpoint.heading")}</Heading>
        <Badge color={settings.enabled ? "green" : "grey"}>{settings.enabled ? t("endpoint.on") : t("endpoint.off")}</Badge>
      </div>
      {!settings.option_enabled && <Text size="small" className="text-ui-fg-subtle">{t("endpoint.howToTurnOn")}</Text>}
      {settings.urls ? (
        <div className="flex flex-col gap-y-1">
          <Text size="small" weight="plus">{t("endpoint.partner")}</Text>
          <code className="txt-compact-small break-all">{settings.urls.partner}</code>
          <Text size="small" weight="plus">{t("endpoint.legacy")}</Text>
          <code className="txt-compact-small break-all">{settings.urls.legacy}</code>
        </div>
      ) : (
        <Text size="small">{t("endpoint.noToken")}</Text>
      )}
      <Text size="small" className="text-ui-fg-subtle">{t("endpoint.rotateWhy")}</Text>
      <div className="flex gap-x-2">
        <Button size="small" variant="secondary" isLoading={change.isPending} onClick={rotate}>
          {settings.token ? t("endpoint.rotate") : t("endpoint.create")}
        </Button>
        {settings.token && (
          <Button size="small" variant="danger" isLoading={change.isPending} onClick={turnOff}>
            {t("endpoint.turnOff")}
          </Button>
        )}
      </div>
      <Text size="small">
        {t("endpoint.allowlist")}: {settings.allowlist.length ? settings.allowlist.join(", ") : t("endpoint.anyCaller")}
      </Text>
      <Text size="small">
        {t("endpoint.handling", { count: settings.handling_days })} {t("endpoint.transit", { count: settings.default_transit_days })}
      </Text>
    </Container>
  )
}
