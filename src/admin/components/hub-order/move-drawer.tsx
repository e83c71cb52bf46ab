import type { AdminOrder } from "@medusajs/framework/types"
import { Button, Drawer, Text, toast } from "@medusajs/ui"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import type { MerchantOrderMove, MerchantOrderMoveKind } from "../../../hub-client/order-moves"
import { errorMessage } from "../../lib/format"
import { sdk } from "../../lib/sdk"
import { CancelForm, DeliverForm, InvoiceForm, ShipmentExceptionForm } from "./move-forms"
import { MOVE_LABELS } from "./moves"
import { ShipForm } from "./ship-form"
import { movesPath } from "./use-hub-order"

type MoveAnswer = { move: { state: string; hubStatusCode?: string; alreadyOnHub: boolean } }

const FORM_ID = "hub-move-form"

/**
 * One move in a drawer: its form (validated with the server's own zod schema), sent on submit;
 * the outcome as a toast in the hub's words. A move the plugin's table does not expect is marked
 * so: the hub decides.
 */
export const MoveDrawer = ({
  kind,
  code,
  order,
  expected,
  statusLabel,
  onClose,
}: {
  kind: MerchantOrderMoveKind
  code: string
  order: AdminOrder | undefined
  expected: boolean
  statusLabel: (code: string | undefined) => string
  onClose: () => void
}) => {
  const queryClient = useQueryClient()
  const send = useMutation({
    mutationFn: (move: MerchantOrderMove) => sdk.client.fetch<MoveAnswer>(movesPath(code), { method: "POST", body: move }),
    onSuccess: ({ move }) => {
      toast.success(move.alreadyOnHub ? "Already done on the hub" : `${MOVE_LABELS[kind]}: sent`, {
        description: `The hub order is now ${statusLabel(move.hubStatusCode)}.`,
      })
      onClose()
    },
    onError: (error) => toast.error(`${MOVE_LABELS[kind]}: not done`, { description: errorMessage(error) }),
    // The Medusa order changes too (fulfillments, a cancel, the invoice): the order page reloads with the card.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ["hub"] }), queryClient.invalidateQueries({ queryKey: ["orders"] })]),
  })
  const onSend = (move: MerchantOrderMove) => send.mutate(move)
  const props = { formId: FORM_ID, onSend }
  return (
    <Drawer open onOpenChange={(open) => !open && onClose()}>
      <Drawer.Content data-testid={`hub-move-drawer-${kind}`}>
        <Drawer.Header>
          <Drawer.Title>{MOVE_LABELS[kind]}</Drawer.Title>
          <Drawer.Description>Hub order {code}</Drawer.Description>
        </Drawer.Header>
        <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
          {!expected && (
            <Text size="small" className="text-ui-fg-subtle">
              The plugin does not expect this move from the order's status; it is sent all the same and the hub decides.
            </Text>
          )}
          {kind === "invoice" && <InvoiceForm {...props} />}
          {kind === "ship" && (order ? <ShipForm {...props} order={order} /> : <Text size="small">Loading the order's items…</Text>)}
          {kind === "deliver" && <DeliverForm {...props} />}
          {kind === "shipment_exception" && <ShipmentExceptionForm {...props} />}
          {kind === "cancel" && <CancelForm {...props} />}
        </Drawer.Body>
        <Drawer.Footer>
          <Drawer.Close asChild>
            <Button size="small" variant="secondary">
              Close
            </Button>
          </Drawer.Close>
          <Button size="small" type="submit" form={FORM_ID} isLoading={send.isPending} variant={kind === "cancel" ? "danger" : "primary"}>
            {kind === "cancel" ? "Cancel the order" : `Send: ${MOVE_LABELS[kind].toLowerCase()}`}
          </Button>
        </Drawer.Footer>
      </Drawer.Content>
    </Drawer>
  )
}
