import type { AdminOrder } from "@medusajs/framework/types"
import { Alert, Button, Drawer, Text, toast, usePrompt } from "@medusajs/ui"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import type { MerchantOrderMove, MerchantOrderMoveKind, NfeUpload } from "../../../hub-client/order-moves"
import { errorMessage } from "../../lib/format"
import { NfeRefusedError, uploadNfe } from "./upload-nfe"
import { useHubTranslation } from "../../lib/i18n"
import { sdk } from "../../lib/sdk"
import { InvoiceForm } from "./invoice-form"
import { CancelForm, DeliverForm, ShipmentExceptionForm } from "./move-forms"
import { ShipForm } from "./ship-form"
import { movesPath } from "./use-hub-order"

type MoveAnswer = { move: { state: string; hubStatusCode?: string; alreadyOnHub: boolean } }

const FORM_ID = "hub-move-form"

/**
 * One move in a drawer: its form (validated with the server's own zod schema), sent on submit. A
 * move done closes the drawer with a toast naming the hub order's new status; a move not done
 * stays open with the hub's words above the form, where the merchant corrects it (a toast would
 * cover the drawer's buttons). A move the plugin's table does not expect is marked so: the hub decides.
 */
export const MoveDrawer = ({
  kind,
  code,
  account,
  order,
  expected,
  withXml,
  statusLabel,
  onClose,
}: {
  kind: MerchantOrderMoveKind
  code: string
  /** The hub account the order came from: the move goes to its hub. */
  account: string
  order: AdminOrder | undefined
  expected: boolean
  /** The invoice opens on the NF-e XML (the marketplace's Direct delivery needs it for its labels). */
  withXml: boolean
  statusLabel: (code: string | undefined) => string | undefined
  onClose: () => void
}) => {
  const { t } = useHubTranslation("card")
  const queryClient = useQueryClient()
  const move = t(`moves.kinds.${kind}`)
  const send = useMutation({
    mutationFn: (body: MerchantOrderMove | { nfe: NfeUpload }) =>
      "nfe" in body && !("kind" in body)
        ? uploadNfe<MoveAnswer>(movesPath(code, account, "invoice-xml"), body.nfe)
        : body.kind === "invoice"
          ? uploadNfe<MoveAnswer>(movesPath(code, account), body)
          : sdk.client.fetch<MoveAnswer>(movesPath(code, account), { method: "POST", body }),
    onSuccess: ({ move: done }) => {
      toast.success(done.alreadyOnHub ? t("drawer.alreadyDone") : t("drawer.sent", { move }), {
        description: t("drawer.nowStatus", { status: statusLabel(done.hubStatusCode) ?? t("drawer.unknownStatus") }),
      })
      onClose()
    },
    // The Medusa order changes too (fulfillments, a cancel, the invoice): the order page reloads with the card.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ["hub"] }), queryClient.invalidateQueries({ queryKey: ["orders"] })]),
  })
  const prompt = usePrompt()
  // A cancel cannot be undone on the hub: asked once more, in Medusa's own dialog, before it goes.
  const onSend = async (body: MerchantOrderMove) => {
    if (kind === "cancel" && !(await prompt({ title: t("confirm.cancelTitle"), description: t("confirm.cancelDescription", { code }), confirmText: t("confirm.cancelConfirm"), cancelText: t("confirm.back"), variant: "danger" }))) return
    send.mutate(body)
  }
  const onUpload = (nfe: NfeUpload) => send.mutate({ nfe })
  const props = { formId: FORM_ID, onSend, onUpload }
  return (
    <Drawer open onOpenChange={(open) => !open && onClose()}>
      <Drawer.Content data-testid={`hub-move-drawer-${kind}`}>
        <Drawer.Header>
          <Drawer.Title>{move}</Drawer.Title>
          <Drawer.Description>{t("drawer.description", { code })}</Drawer.Description>
        </Drawer.Header>
        <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
          {send.isError && (
            <Alert variant="error" data-testid="hub-move-error">
              <Text size="small" weight="plus">
                {t("drawer.notDone", { move })}
              </Text>
              <Text size="small" className="break-words">
                {send.error instanceof NfeRefusedError ? t(`invoice.xmlProblems.${send.error.problem}`, { order: send.error.order }) : errorMessage(send.error)}
              </Text>
            </Alert>
          )}
          {!expected && (
            <Text size="small" className="text-ui-fg-subtle">
              {t("drawer.unexpected")}
            </Text>
          )}
          {kind === "invoice" && (
            <InvoiceForm {...props} withXml={withXml} linesDiffer={send.error instanceof NfeRefusedError && send.error.problem === "lines_differ"} />
          )}
          {kind === "ship" && (order ? <ShipForm {...props} order={order} /> : <Text size="small">{t("drawer.loadingItems")}</Text>)}
          {kind === "deliver" && <DeliverForm {...props} />}
          {kind === "shipment_exception" && <ShipmentExceptionForm {...props} />}
          {kind === "cancel" && <CancelForm {...props} />}
        </Drawer.Body>
        <Drawer.Footer>
          <Drawer.Close asChild>
            <Button size="small" variant="secondary">
              {t("drawer.close")}
            </Button>
          </Drawer.Close>
          <Button size="small" type="submit" form={FORM_ID} isLoading={send.isPending} variant={kind === "cancel" ? "danger" : "primary"}>
            {t(`moves.send.${kind}`)}
          </Button>
        </Drawer.Footer>
      </Drawer.Content>
    </Drawer>
  )
}
