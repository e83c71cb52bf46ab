import { Text } from "@medusajs/ui"
import { useState } from "react"
import { useHubTranslation } from "../../lib/i18n"

/**
 * Where an NF-e's XML file is dropped or chosen (the invoice form's, the return NF-e's): `id` is the
 * file input's, for the field's label; `onFile` gets the file chosen; `fileName` says which one is.
 */
export const NfeXmlDrop = ({ id, fileName, onFile, testId }: { id: string; fileName: string | null; onFile: (file: File) => void; testId?: string }) => {
  const { t } = useHubTranslation("card")
  const [dragging, setDragging] = useState(false)
  const choose = (file: File | undefined) => {
    if (file) onFile(file)
  }
  return (
    <label
      htmlFor={id}
      data-testid={testId}
      className={`flex cursor-pointer flex-col items-center gap-y-1 rounded-lg border border-dashed px-4 py-6 text-center ${dragging ? "border-ui-border-interactive bg-ui-bg-highlight" : "border-ui-border-strong"}`}
      onDragOver={(event) => {
        event.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault()
        setDragging(false)
        choose(event.dataTransfer.files[0])
      }}
    >
      <Text size="small" weight="plus">
        {fileName ?? t("invoice.dropHere")}
      </Text>
      <Text size="xsmall" className="text-ui-fg-muted">
        {t("invoice.orChoose")}
      </Text>
      <input id={id} type="file" accept=".xml,text/xml,application/xml" className="sr-only" onChange={(event) => choose(event.target.files?.[0])} />
    </label>
  )
}
