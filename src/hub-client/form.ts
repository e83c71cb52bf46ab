import { FormData } from "undici"

/** A `multipart/form-data` body (an NF-e XML upload): text fields and one file. */
export type HubForm = { fields: Record<string, string>; file: { field: string; name: string; type: string; content: string } }

/** A form as undici sends it (its FormData sets the content type and boundary). */
export function formData(form: HubForm): FormData {
  const data = new FormData()
  data.append(form.file.field, new Blob([form.file.content], { type: form.file.type }), form.file.name)
  for (const [name, value] of Object.entries(form.fields)) data.append(name, value)
  return data
}
