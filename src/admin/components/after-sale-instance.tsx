import { zodResolver } from "@hookform/resolvers/zod"
import { Button, Drawer, Label, Select, StatusBadge, Text, Textarea, toast, usePrompt } from "@medusajs/ui"
import { FetchError } from "@medusajs/js-sdk"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { Controller, useForm } from "react-hook-form"
import { z } from "zod"
import type { HubSacInstanceView, HubSacTicketView } from "../../api/admin/hub/after-sale/types"
import { hubStatusWords, instanceProgress, offeredActions, type TicketAction, ticketLines } from "../lib/after-sale"
import { errorMessage, formatAmount, formatTime } from "../lib/format"
import { useHubAccount } from "../lib/hub-account"
import { useHubTranslation } from "../lib/i18n"
import { sdk } from "../lib/sdk"
import { EMPTY_RETURN_NFE, ReturnNfeField, returnInvoiceBody, type ReturnNfeValue } from "./after-sale-return-nfe"
import { NfeRefusedError, uploadNfe } from "./hub-order/upload-nfe"

const ACTION_BUTTONS: Record<TicketAction, string> = { CANCEL: "instance.cancel", RETURN: "instance.return", EXCHANGE: "instance.exchange" }

/**
 * The note for the marketplace, as the route takes it (2,000 characters at most), a return's refund
 * reason (PLUGIN_REASON: the plugin's), and the return NF-e when the goods coming back need one.
 */
const instanceFormSchema = (needsReturnNfe: boolean) =>
  z
    .object({ note: z.string().trim().max(2000), refundReasonId: z.string(), returnNfe: z.custom<ReturnNfeValue>() })
    .refine((form) => !needsReturnNfe || returnInvoiceBody(form.returnNfe) !== null, { path: ["returnNfe"] })
type InstanceForm = z.infer<ReturnType<typeof instanceFormSchema>>
const PLUGIN_REASON = "plugin"
/** The plugin's own return reason (workflows/after-sale/steps/sac-refund-reason.ts), offered once as PLUGIN_REASON. */
const PLUGIN_RETURN_REASON_CODE = "hub_sac_return"

/** A refund reason's name: the plugin's own reasons (their labels are English data) in the merchant's language, any other as Medusa has it. */
const reasonName = (t: ReturnType<typeof useHubTranslation>["t"], code: string | null, label: string) => t(`refundReasons.${code}`, { defaultValue: label })

const OUTCOME: Record<number, string> = { 422: "refused", 502: "unknown", 503: "not_sent", 409: "busy" }

/**
 * What the merchant does about a ticket (docs/after-sale.md): cancel its order, take back its lines or
 * exchange them for the same variants (workflows cancel-, return-, exchange-hub-sac-order), then receive
 * the goods taken back (receive-hub-sac-return); the instance's state as the hub last gave it, a refusal in the hub's words.
 */
export const TicketInstance = ({ ticket }: { ticket: HubSacTicketView }) => {
  const { t } = useHubTranslation("afterSale")
  const [acting, setActing] = useState<TicketAction | null>(null)
  const instance = ticket.instance
  const open = instance && instance.state !== "failed"
  const canAct = ticket.order !== null && !open && ticket.status !== "ARCHIVED"
  // What Medusa can carry out for the order, and the words saying why the rest is not offered.
  const offered = ticket.order ? offeredActions(ticket.order) : { actions: [], none: "instance.none" }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 px-6 py-4" data-testid="hub-sac-instance">
      <div className="flex flex-col gap-y-1">
        <Text size="small" weight="plus">{t("instance.heading")}</Text>
        {instance ? (
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge color={instance.state === "failed" ? "red" : instance.state === "sent" && (instance.action === "CANCEL" || instance.received_at) ? "green" : "orange"}>
              {instanceProgress(t, instance)}
            </StatusBadge>
            {instance.hub_status && <Text size="xsmall" className="text-ui-fg-subtle">{t("instance.hubStatus", { status: hubStatusWords(t, instance.hub_status) })}</Text>}
            {instance.received_at && <Text size="xsmall" className="text-ui-fg-subtle">{t("instance.received", { time: formatTime(instance.received_at) })}</Text>}
            {instance.error && <Text size="xsmall" className="text-ui-fg-error" data-testid="hub-sac-instance-error">{instance.error}</Text>}
          </div>
        ) : (
          <Text size="xsmall" className="text-ui-fg-subtle">{t(offered.none)}</Text>
        )}
        {instance && <InstanceRefund instance={instance} />}
      </div>
      <div className="flex gap-x-2">
        {canAct &&
          // What the buyer asks for first, as the one to press; the others beside it.
          offered.actions.map((action) => (
            <Button key={action} size="small" variant={ticket.action?.id === action ? "primary" : "secondary"} onClick={() => setActing(action)}>
              {t(ACTION_BUTTONS[action])}
            </Button>
          ))}
        {instance?.state === "unknown" && <Button size="small" variant="secondary" onClick={() => setActing(instance.action)}>{t("instance.again")}</Button>}
        {instance?.action !== "CANCEL" && instance?.state === "sent" && instance.return_id && !instance.received_at && <ReceiveButton code={ticket.code} reason={instance.refund_reason ? reasonName(t, instance.refund_reason.code, instance.refund_reason.label) : null} />}
      </div>
      {acting && (
        <InstanceDrawer code={ticket.code} lines={ticketLines(t, ticket.items)} action={acting} needsReturnNfe={acting !== "CANCEL" && !!ticket.order?.return_invoice_needed} onClose={() => setActing(null)} />
      )}
    </div>
  )
}

/** `needsReturnNfe`: the sale's NF-e is past its 24 h, so the goods coming back need the return NF-e. */
const InstanceDrawer = ({ code, lines, action, needsReturnNfe, onClose }: { code: string; lines: string; action: TicketAction; needsReturnNfe: boolean; onClose: () => void }) => {
  const { t } = useHubTranslation("afterSale")
  const { account } = useHubAccount()
  const queryClient = useQueryClient()
  const form = useForm<InstanceForm>({ resolver: zodResolver(instanceFormSchema(needsReturnNfe)), defaultValues: { note: "", refundReasonId: PLUGIN_REASON, returnNfe: EMPTY_RETURN_NFE } })
  // A cancel is refunded by Medusa's cancellation with the plugin's reason; a return or exchange with the one chosen here.
  const refunds = action !== "CANCEL"
  const reasons = useQuery({
    queryKey: ["hub", "refund-reasons"],
    queryFn: () => sdk.admin.refundReason.list({ limit: 100 }),
    enabled: refunds,
  })
  const send = useMutation({
    mutationFn: ({ note, refundReasonId, returnNfe }: InstanceForm) => {
      const returnInvoice = needsReturnNfe ? returnInvoiceBody(returnNfe) : null
      return uploadNfe<{ instance: { state: string } }>(`/admin/hub/after-sale/tickets/${encodeURIComponent(code)}/instances?${new URLSearchParams({ account })}`, {
        action,
        ...(note ? { note } : {}),
        ...(refunds && refundReasonId !== PLUGIN_REASON ? { refund_reason_id: refundReasonId } : {}),
        ...(returnInvoice ? { return_invoice: returnInvoice } : {}),
      })
    },
    onSuccess: () => {
      toast.success(t(`instance.done.${action}`))
      onClose()
    },
    onError: (failure) => {
      // A return NF-e refused is said under its field.
      if (failure instanceof NfeRefusedError) return
      const outcome = failure instanceof FetchError ? OUTCOME[failure.status ?? 0] : undefined
      toast.error(outcome ? t(`instance.outcome.${outcome}`) : t("instance.failed"), { description: errorMessage(failure) })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["hub", "after-sale"] }),
  })
  const formId = `hub-sac-instance-${code}`
  return (
    <Drawer open onOpenChange={(next) => !next && onClose()}>
      <Drawer.Content data-testid="hub-sac-instance-drawer">
        <Drawer.Header>
          <Drawer.Title>{t(`instance.title.${action}`, { code })}</Drawer.Title>
          <Drawer.Description>{t(`instance.explain.${action}`)}</Drawer.Description>
        </Drawer.Header>
        <Drawer.Body>
          <form id={formId} className="flex flex-col gap-y-2" onSubmit={form.handleSubmit((values) => send.mutate(values))}>
            <div className="flex flex-col gap-y-0.5 pb-2">
              <Text size="xsmall" className="text-ui-fg-subtle">{t("lines")}</Text>
              <Text size="small" data-testid="hub-sac-instance-lines">{lines}</Text>
            </div>
            {refunds && (
              <div className="flex flex-col gap-y-1 pb-2">
                <Label htmlFor={`${formId}-reason`} size="small">{t("instance.refundReason")}</Label>
                <Controller
                  control={form.control}
                  name="refundReasonId"
                  render={({ field }) => (
                    <Select value={field.value} onValueChange={field.onChange}>
                      <Select.Trigger id={`${formId}-reason`} data-testid="hub-sac-refund-reason">
                        <Select.Value />
                      </Select.Trigger>
                      <Select.Content>
                        <Select.Item value={PLUGIN_REASON}>{t("instance.refundReasonPlugin")}</Select.Item>
                        {(reasons.data?.refund_reasons ?? []).filter((reason) => reason.code !== PLUGIN_RETURN_REASON_CODE).map((reason) => (
                          <Select.Item key={reason.id} value={reason.id}>{reason.label}</Select.Item>
                        ))}
                      </Select.Content>
                    </Select>
                  )}
                />
                <Text size="xsmall" className="text-ui-fg-subtle">{t("instance.refundReasonHelp")}</Text>
              </div>
            )}
            {needsReturnNfe && (
              <Controller
                control={form.control}
                name="returnNfe"
                render={({ field }) => (
                  <ReturnNfeField value={field.value} onChange={field.onChange} showRule={!!form.formState.errors.returnNfe} problem={send.error instanceof NfeRefusedError ? send.error.problem : null} />
                )}
              />
            )}
            <Label htmlFor={`${formId}-note`} size="small">{t("instance.note")}</Label>
            <Textarea id={`${formId}-note`} maxLength={2000} {...form.register("note")} />
            {form.formState.errors.note && <Text size="xsmall" className="text-ui-fg-error">{t("instance.noteRule")}</Text>}
          </form>
        </Drawer.Body>
        <Drawer.Footer>
          <Drawer.Close asChild>
            <Button size="small" variant="secondary">{t("instance.close")}</Button>
          </Drawer.Close>
          <Button size="small" type="submit" form={formId} isLoading={send.isPending}>{t(`instance.confirm.${action}`)}</Button>
        </Drawer.Footer>
      </Drawer.Content>
    </Drawer>
  )
}

/** The refund reason chosen for the instance, then the refund Medusa recorded when the goods arrived. */
const InstanceRefund = ({ instance }: { instance: HubSacInstanceView }) => {
  const { t } = useHubTranslation("afterSale")
  if (instance.action === "CANCEL" || instance.state !== "sent") return null
  const refund = instance.refund
  return (
    <Text size="xsmall" className="text-ui-fg-subtle" data-testid="hub-sac-instance-refund">
      {refund
        ? refund.reason
          ? t("instance.refunded", { amount: formatAmount(refund.amount, refund.currency_code), reason: reasonName(t, refund.reason_code, refund.reason) })
          : t("instance.refundedNoReason", { amount: formatAmount(refund.amount, refund.currency_code) })
        : instance.received_at
          ? t("instance.notRefunded")
          : instance.refund_reason
            ? t("instance.refundReasonShown", { label: reasonName(t, instance.refund_reason.code, instance.refund_reason.label) })
            : t("instance.refundReasonDefault")}
    </Text>
  )
}

/** The goods of the ticket's return arrived: asked once more (the refund's reason said), then Medusa's receipt and the refund. */
const ReceiveButton = ({ code, reason }: { code: string; reason: string | null }) => {
  const { t } = useHubTranslation("afterSale")
  const { account } = useHubAccount()
  const prompt = usePrompt()
  const queryClient = useQueryClient()
  const receive = useMutation({
    mutationFn: () => sdk.client.fetch(`/admin/hub/after-sale/tickets/${encodeURIComponent(code)}/return/receive`, { method: "POST", query: { account } }),
    onSuccess: () => toast.success(t("instance.receivedToast")),
    onError: (failure) => toast.error(t("instance.failed"), { description: errorMessage(failure) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["hub", "after-sale"] }),
  })
  const ask = async () => {
    if (await prompt({ title: t("instance.receiveTitle"), description: t("instance.receiveExplain", { reason: reason ?? t("instance.refundReasonPlugin") }), confirmText: t("instance.receive"), cancelText: t("instance.close"), variant: "confirmation" })) receive.mutate()
  }
  return <Button size="small" isLoading={receive.isPending} onClick={ask}>{t("instance.receive")}</Button>
}
