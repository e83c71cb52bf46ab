import { Input, RadioGroup, Text } from "@medusajs/ui"
import { nfeCheckDigitValid } from "../../hub-client/nfe-key"
import { useHubTranslation } from "../lib/i18n"
import { FormField } from "./hub-order/form-field"
import { NfeXmlDrop } from "./hub-order/nfe-xml-drop"

/** The return NF-e as the Drawer holds it: by its key, or its XML file's text (sent once, never kept). */
export type ReturnNfeValue = { mode: "key" | "xml"; key: string; xml: string; fileName: string | null }

export const EMPTY_RETURN_NFE: ReturnNfeValue = { mode: "key", key: "", xml: "", fileName: null }

/** What the route takes for it (`return_invoice`), or null when the merchant has not given it yet. */
export function returnInvoiceBody(value: ReturnNfeValue): { key: string } | { xml: string } | null {
  if (value.mode === "key") return nfeCheckDigitValid(value.key) ? { key: value.key } : null
  return value.xml ? { xml: value.xml } : null
}

/**
 * The return NF-e (nota de devolução) asked for in the instance Drawer once the sale's NF-e is past the
 * 24 h in which it could be cancelled (docs/after-sale.md, *The return NF-e*): its 44-digit key, checked
 * here as the invoice form checks one, or its authorised XML, read on the server (a return of goods,
 * `finNFe` 4) and not kept. `problem`: the server's refusal, said in the admin's language.
 */
export const ReturnNfeField = ({ value, onChange, showRule, problem }: { value: ReturnNfeValue; onChange: (value: ReturnNfeValue) => void; showRule: boolean; problem: string | null }) => {
  const { t } = useHubTranslation("afterSale")
  const card = useHubTranslation("card").t
  const choose = async (file: File) => onChange({ ...value, fileName: file.name, xml: await file.text() })
  const keyWrong = value.mode === "key" && value.key.length > 0 && !nfeCheckDigitValid(value.key)
  const missing = showRule && !returnInvoiceBody(value)
  const problemText = problem ? (problem === "not_return" ? t("instance.returnNfe.notReturn") : card(`invoice.xmlProblems.${problem}`)) : null
  return (
    <div className="flex flex-col gap-y-2 pb-2" data-testid="hub-sac-return-nfe">
      <Text size="small" weight="plus">{t("instance.returnNfe.heading")}</Text>
      <Text size="xsmall" className="text-ui-fg-subtle">{t("instance.returnNfe.explain")}</Text>
      <RadioGroup value={value.mode} onValueChange={(mode) => onChange({ ...value, mode: mode as ReturnNfeValue["mode"] })} className="flex gap-x-4" data-testid="hub-sac-return-nfe-mode">
        {(["key", "xml"] as const).map((mode) => (
          <label key={mode} className="flex items-center gap-x-2">
            <RadioGroup.Item value={mode} id={`hub-sac-return-nfe-mode-${mode}`} />
            <Text size="small">{t(`instance.returnNfe.mode.${mode}`)}</Text>
          </label>
        ))}
      </RadioGroup>
      {value.mode === "key" ? (
        <FormField id="hub-sac-return-nfe-key" label={t("instance.returnNfe.key")} required hint={card("invoice.keyHint")} error={keyWrong || missing ? card("invoice.keyRule") : undefined}>
          <Input id="hub-sac-return-nfe-key" autoComplete="off" value={value.key} onChange={(event) => onChange({ ...value, key: event.target.value.replace(/\s/g, "") })} />
        </FormField>
      ) : (
        <FormField id="hub-sac-return-nfe-xml" label={t("instance.returnNfe.xml")} required hint={t("instance.returnNfe.xmlHint")} error={missing ? card("invoice.xmlRule") : undefined}>
          <NfeXmlDrop id="hub-sac-return-nfe-xml" fileName={value.fileName} onFile={(file) => void choose(file)} />
        </FormField>
      )}
      {problemText && <Text size="xsmall" className="text-ui-fg-error" data-testid="hub-sac-return-nfe-problem">{problemText}</Text>}
    </div>
  )
}
