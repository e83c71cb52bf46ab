import { zodResolver } from "@hookform/resolvers/zod"
import { Checkbox, Input, RadioGroup, Text } from "@medusajs/ui"
import { useState } from "react"
import { useForm } from "react-hook-form"
import { z } from "zod"
import { nfeUploadSchema } from "../../../hub-client/order-moves"
import { invoiceInputSchema } from "../../../hub-client/schemas"
import { DateTimeField } from "./date-time-field"
import { FormField } from "./form-field"
import { type MoveFormProps } from "./move-forms"
import { NfeXmlDrop } from "./nfe-xml-drop"
import { useMoveFormText } from "./moves"

/**
 * The invoice: by the NF-e's 44-digit key, or with the NF-e XML itself (chosen or dropped, with the
 * number of parcels), which an order of the marketplace's Direct delivery needs for its labels. The
 * XML is read here only to send it; the server checks it (key, check digit, authorisation, the order's
 * buyer and lines) and keeps none of it.
 */
export const InvoiceForm = ({ withXml, linesDiffer, ...props }: MoveFormProps & { withXml: boolean; linesDiffer: boolean }) => {
  const { t } = useMoveFormText()
  const [mode, setMode] = useState<"key" | "xml">(withXml ? "xml" : "key")
  return (
    <div className="flex flex-col gap-y-4">
      <RadioGroup value={mode} onValueChange={(value) => setMode(value as "key" | "xml")} className="flex gap-x-4" data-testid="hub-invoice-mode">
        {(["key", "xml"] as const).map((option) => (
          <label key={option} className="flex items-center gap-x-2">
            <RadioGroup.Item value={option} id={`hub-invoice-mode-${option}`} />
            <Text size="small">{t(`invoice.mode.${option}`)}</Text>
          </label>
        ))}
      </RadioGroup>
      {mode === "key" ? <KeyForm {...props} /> : <XmlForm {...props} linesDiffer={linesDiffer} />}
    </div>
  )
}

const KeyForm = ({ formId, onSend }: MoveFormProps) => {
  const { t, errorMap, fieldError } = useMoveFormText()
  const form = useForm<z.input<typeof invoiceInputSchema>, unknown, z.output<typeof invoiceInputSchema>>({
    resolver: zodResolver(invoiceInputSchema, errorMap),
  })
  const { errors } = form.formState
  return (
    <form id={formId} className="flex flex-col gap-y-4" onSubmit={form.handleSubmit((invoice) => onSend({ kind: "invoice", invoice }))}>
      <FormField id="hub-move-key" label={t("invoice.key")} required hint={t("invoice.keyHint")} error={fieldError(errors.key, t("invoice.keyRule"))}>
        <Input id="hub-move-key" autoComplete="off" {...form.register("key", { setValueAs: (value: string) => value.replace(/\s/g, "") })} />
      </FormField>
      <FormField id="hub-move-issue-date" label={t("invoice.issueDate")} hint={t("invoice.issueDateHint")} error={fieldError(errors.issue_date, t("form.dateRule"))}>
        <DateTimeField id="hub-move-issue-date" control={form.control} name="issue_date" />
      </FormField>
    </form>
  )
}

/** `linesDiffer`: the server found the NF-e's lines are not the order's; the merchant may confirm them (their own product codes). */
const XmlForm = ({ formId, onUpload, linesDiffer }: MoveFormProps & { linesDiffer: boolean }) => {
  const { t, errorMap, fieldError } = useMoveFormText()
  const [fileName, setFileName] = useState<string | null>(null)
  const form = useForm<z.input<typeof nfeUploadSchema>, unknown, z.output<typeof nfeUploadSchema>>({
    resolver: zodResolver(nfeUploadSchema, errorMap),
    defaultValues: { xml: "", volume_qty: 1 },
  })
  const { errors } = form.formState
  const choose = async (file: File) => {
    setFileName(file.name)
    form.setValue("xml", await file.text(), { shouldValidate: true })
  }
  return (
    <form id={formId} className="flex flex-col gap-y-4" onSubmit={form.handleSubmit((upload) => onUpload?.(upload))}>
      <FormField id="hub-move-xml" label={t("invoice.xmlFile")} required hint={t("invoice.xmlHint")} error={fieldError(errors.xml, t("invoice.xmlRule"))}>
        <NfeXmlDrop id="hub-move-xml" testId="hub-invoice-xml-drop" fileName={fileName} onFile={(file) => void choose(file)} />
      </FormField>
      <FormField id="hub-move-volumes" label={t("invoice.volumeQty")} required hint={t("invoice.volumeQtyHint")} error={fieldError(errors.volume_qty, t("invoice.volumeQtyRule"))}>
        <Input id="hub-move-volumes" type="number" min={1} max={100} {...form.register("volume_qty", { valueAsNumber: true })} />
      </FormField>
      {linesDiffer && (
        <label className="flex items-start gap-x-2" data-testid="hub-invoice-lines-confirmed">
          <Checkbox id="hub-move-lines-confirmed" onCheckedChange={(checked) => form.setValue("lines_confirmed", checked === true)} />
          <Text size="small">{t("invoice.linesConfirmed")}</Text>
        </label>
      )}
    </form>
  )
}
