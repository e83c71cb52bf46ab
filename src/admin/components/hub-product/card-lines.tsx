import { Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import type { HubMarketplaceRefusal } from "../../../api/admin/hub/types"
import { formatTime } from "../../lib/format"
import { useHubTranslation } from "../../lib/i18n"
import type { ProductCardLines, RefusalFix } from "../../lib/product-card"
import { MarketplaceRefusals } from "../marketplace-refusals"
import { SectionRow } from "../section-row"
import { HubProductProblems } from "./publication"

type Row = { problems: Parameters<typeof HubProductProblems>[0]["problems"] } | null

/**
 * A product's card on one account, one line per fact (src/admin/lib/product-card.ts): what was sent
 * and when, what the hub holds, what to do before it can be published, what a marketplace refused and
 * a link to where it is fixed.
 */
export const HubProductCardLines = ({ productId, lines, row }: { productId: string; lines: ProductCardLines; row: Row }) => {
  const { t } = useHubTranslation("product")
  const { sent, hub, waiting, refusals } = lines
  const fixes = new Map(refusals.map((line) => [line.refusal.id, line.fix]))
  return (
    <div className="divide-y">
      {sent && (
        <SectionRow
          label={t("fields.sent")}
          testId="hub-product-sent"
          value={sent.fact === "sent" ? t("sent.at", { at: formatTime(sent.at) }) : t(`sent.${sent.why}`)}
        />
      )}
      {hub && (
        <SectionRow
          label={t("fields.onHub")}
          testId="hub-product-on-hub"
          value={
            hub.fact === "holds" ? (
              t(`onHub.${hub.how}`, { sku: hub.sku })
            ) : hub.fact === "refused" ? (
              <>
                <Text size="small" leading="compact" className="text-ui-fg-error">
                  {t("onHub.refused")}
                </Text>
                {hub.words && (
                  <Text size="small" leading="compact" className="whitespace-normal break-words" data-testid="hub-product-hub-error">
                    {hub.words}
                  </Text>
                )}
              </>
            ) : hub.sku ? (
              t("onHub.nothingAs", { sku: hub.sku })
            ) : (
              t("onHub.nothing")
            )
          }
        />
      )}
      {waiting && (
        <Text size="small" className="text-ui-fg-subtle px-6 py-3" data-testid="hub-product-waiting">
          {t("changesWaiting")}
        </Text>
      )}
      {row && row.problems.length > 0 && (
        <div className="flex flex-col gap-y-2 px-6 py-3">
          <Text size="small" leading="compact" weight="plus" className="text-ui-fg-subtle">
            {t("fields.whatToDo")}
          </Text>
          <HubProductProblems problems={row.problems} testId="hub-product-problems" />
        </div>
      )}
      <MarketplaceRefusals
        refusals={refusals.map((line) => line.refusal)}
        entity="products"
        fixOf={(refusal) => <RefusalFixLine productId={productId} refusal={refusal} fix={fixes.get(refusal.id)!} />}
      />
    </div>
  )
}

/** What fixes a marketplace's refusal, in the store's knowledge of the variant (an EAN it has, or none), and the link to where. */
const RefusalFixLine = ({ productId, refusal, fix }: { productId: string; refusal: HubMarketplaceRefusal; fix: RefusalFix }) => {
  const { t } = useHubTranslation("product")
  const product = `/products/${encodeURIComponent(productId)}`
  // An EAN is fixed in the variant's edit drawer (Medusa's route: its EAN, UPC and barcode fields), anything else on the variant's page.
  const aboutEan = fix.kind === "add_ean" || fix.kind === "check_ean"
  const [to, label] = fix.variantId
    ? [`${product}/variants/${encodeURIComponent(fix.variantId)}${aboutEan ? "/edit" : ""}`, aboutEan ? t("refusals.editEan") : t("refusals.editVariant")]
    : [`${product}/edit`, t("refusals.editProduct")]
  const text =
    fix.kind === "add_ean"
      ? t("refusals.addEan", { sku: refusal.entity_id })
      : fix.kind === "check_ean"
        ? t("refusals.checkEan", { sku: refusal.entity_id, ean: fix.ean })
        : fix.kind === "hub_solution"
          ? t("refusals.solution", { solution: fix.solution })
          : null
  return (
    <div className="flex flex-col gap-y-0.5" data-testid="hub-marketplace-refusal-fix">
      {text && (
        <Text size="small" leading="compact" className="text-ui-fg-subtle">
          {text}
        </Text>
      )}
      <Link to={to} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-compact-small" data-testid="hub-marketplace-refusal-link">
        {label}
      </Link>
    </div>
  )
}
