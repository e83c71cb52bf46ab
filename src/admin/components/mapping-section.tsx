import { Button, Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import type { HubFieldMappingAnswer } from "../../api/admin/hub/types"
import { errorMessage } from "../lib/format"
import { useHubAccount } from "../lib/hub-account"
import { useHubTranslation } from "../lib/i18n"
import { sdk } from "../lib/sdk"
import { MappingDrawer } from "./mapping/mapping-drawer"
import { useSourceText } from "./mapping/source-field"

/** The shown account's mapping of hub fields in a line each (brand, EAN, NCM, specifications, categories), and *Edit mapping*. */
export const MappingSection = () => {
  const { t } = useHubTranslation("page")
  const { account } = useHubAccount()
  const sourceText = useSourceText()
  const [editing, setEditing] = useState(false)
  const mapping = useQuery({
    queryKey: ["hub", "mapping", account],
    queryFn: () => sdk.client.fetch<HubFieldMappingAnswer>("/admin/hub/mapping", { query: { account } }),
  })
  const answer = mapping.data
  const current = answer?.mapping
  return (
    <Container className="divide-y p-0" data-testid="hub-mapping-section">
      <div className="flex items-center justify-between gap-x-3 px-6 py-4">
        <div className="flex flex-col gap-y-1">
          <Heading level="h2">{t("mapping.heading")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("mapping.description")}
          </Text>
        </div>
        <Button size="small" variant="secondary" disabled={!answer} data-testid="hub-mapping-edit" onClick={() => setEditing(true)}>
          {t("mapping.edit")}
        </Button>
      </div>
      <div className="flex flex-col gap-y-1 px-6 py-4" data-testid="hub-mapping-summary">
        {mapping.error && <Text className="text-ui-fg-error">{errorMessage(mapping.error)}</Text>}
        {current && (
          <>
            {!answer.saved && (
              <Text size="small" className="text-ui-fg-subtle" data-testid="hub-mapping-from-options">
                {t("mapping.fromOptions")}
              </Text>
            )}
            <Text size="small">{current.brand ? t("mapping.line.brand", { source: sourceText(current.brand, "") }) : t("mapping.line.noBrand")}</Text>
            <Text size="small">{t("mapping.line.ean", { source: sourceText(current.ean, t("mapping.noneFrom.ean")) })}</Text>
            <Text size="small">{t("mapping.line.ncm", { source: sourceText(current.ncm, t("mapping.noneFrom.ncm")) })}</Text>
            <Text size="small">{t("mapping.line.specifications", { count: current.specifications.length })}</Text>
            <Text size="small">{t("mapping.line.categories", { count: current.categories.length })}</Text>
          </>
        )}
      </div>
      {editing && answer && <MappingDrawer account={account} answer={answer} onClose={() => setEditing(false)} />}
    </Container>
  )
}
