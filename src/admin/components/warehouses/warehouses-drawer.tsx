import { zodResolver } from "@hookform/resolvers/zod"
import { Trash } from "@medusajs/icons"
import { Alert, Button, Drawer, Hint, IconButton, Input, Label, Select, Text, toast, usePrompt } from "@medusajs/ui"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { Controller, useFieldArray, useForm } from "react-hook-form"
import type { HubWarehousesAnswer, HubWarehousesBody } from "../../../api/admin/hub/types"
import { errorMessage } from "../../lib/format"
import { useHubAccountName } from "../../lib/hub-account"
import { useHubTranslation } from "../../lib/i18n"
import { sdk } from "../../lib/sdk"
import { formOfWarehouses, warehousesFormSchema, warehousesOfForm, type WarehousesForm } from "./warehouses-form"

/**
 * The account's warehouses besides the default in a drawer: a row each, the hub's store code and the
 * Medusa stock location of the account's channel whose stock it sells; saved, and a reconciliation
 * started that sends each moved stock where it belongs. Saved ones can be forgotten (the option's again).
 */
export const WarehousesDrawer = ({ account, answer, onClose }: { account: string; answer: HubWarehousesAnswer; onClose: () => void }) => {
  const { t } = useHubTranslation("page")
  const accountName = useHubAccountName()
  const prompt = usePrompt()
  const queryClient = useQueryClient()
  const form = useForm<WarehousesForm>({ resolver: zodResolver(warehousesFormSchema), defaultValues: formOfWarehouses(answer) })
  const rows = useFieldArray({ control: form.control, name: "rows" })
  const errors = form.formState.errors.rows
  const save = useMutation({
    mutationFn: (body: HubWarehousesBody) => sdk.client.fetch<HubWarehousesAnswer>("/admin/hub/warehouses", { method: "POST", query: { account }, body }),
    onSuccess: (saved) => {
      toast.success(t("warehouses.saved"), { description: t("warehouses.savedHint", { count: saved.warehouses.length }) })
      onClose()
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["hub"] }),
  })
  const forget = async () => {
    if (await prompt({ title: t("warehouses.forgetTitle"), description: t("warehouses.forgetDescription"), confirmText: t("warehouses.forget"), cancelText: t("warehouses.cancel") })) {
      save.mutate({ warehouses: null })
    }
  }
  const locationName = (id: string) => answer.locations.find((location) => location.id === id)?.name ?? answer.warehouses.find((warehouse) => warehouse.stock_location.id === id)?.stock_location.name ?? id
  return (
    <Drawer open onOpenChange={(open) => !open && onClose()}>
      <Drawer.Content data-testid="hub-warehouses-drawer">
        <Drawer.Header>
          <Drawer.Title>{t("warehouses.edit")}</Drawer.Title>
          <Drawer.Description>{t("warehouses.drawerDescription", { account: accountName(account) })}</Drawer.Description>
        </Drawer.Header>
        <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
          {save.error && (
            <Alert variant="error" data-testid="hub-warehouses-error">
              {errorMessage(save.error)}
            </Alert>
          )}
          {!answer.locations.length && <Text size="small" className="text-ui-fg-subtle">{t("warehouses.noLocations")}</Text>}
          <form id="hub-warehouses-form" className="flex flex-col gap-y-3" onSubmit={form.handleSubmit((values) => save.mutate(warehousesOfForm(values)))}>
            {rows.fields.map((row, index) => (
              <div key={row.id} className="grid grid-cols-[8rem_1fr_auto] items-start gap-x-2" data-testid="hub-warehouse-row">
                <div className="flex flex-col gap-y-1">
                  <Label size="xsmall" htmlFor={`hub-warehouse-code-${index}`}>{t("warehouses.code")}</Label>
                  <Input id={`hub-warehouse-code-${index}`} size="small" data-testid="hub-warehouse-code" {...form.register(`rows.${index}.code`)} />
                  {errors?.[index]?.code && <Hint variant="error">{t(`warehouses.errors.${errors[index].code.message}`)}</Hint>}
                </div>
                <div className="flex flex-col gap-y-1">
                  <Label size="xsmall">{t("warehouses.location")}</Label>
                  <Controller
                    control={form.control}
                    name={`rows.${index}.stockLocationId`}
                    render={({ field }) => (
                      <Select value={field.value} onValueChange={field.onChange} size="small">
                        <Select.Trigger aria-label={t("warehouses.location")} data-testid="hub-warehouse-location">
                          <Select.Value placeholder={t("warehouses.pickLocation")}>{field.value ? locationName(field.value) : undefined}</Select.Value>
                        </Select.Trigger>
                        <Select.Content>
                          {answer.locations.map((location) => (
                            <Select.Item key={location.id} value={location.id}>
                              {location.name}
                            </Select.Item>
                          ))}
                        </Select.Content>
                      </Select>
                    )}
                  />
                  {errors?.[index]?.stockLocationId && <Hint variant="error">{t(`warehouses.errors.${errors[index].stockLocationId.message}`)}</Hint>}
                </div>
                <IconButton type="button" variant="transparent" className="mt-5" aria-label={t("warehouses.remove")} onClick={() => rows.remove(index)}>
                  <Trash />
                </IconButton>
              </div>
            ))}
            <div>
              <Button type="button" size="small" variant="secondary" data-testid="hub-warehouses-add" onClick={() => rows.append({ code: "", stockLocationId: "" })}>
                {t("warehouses.add")}
              </Button>
            </div>
          </form>
          <Text size="small" className="text-ui-fg-subtle">{t("warehouses.saveHint")}</Text>
        </Drawer.Body>
        <Drawer.Footer>
          {answer.saved && (
            <Button size="small" variant="transparent" type="button" className="mr-auto" data-testid="hub-warehouses-forget" onClick={forget}>
              {t("warehouses.forget")}
            </Button>
          )}
          <Drawer.Close asChild>
            <Button size="small" variant="secondary">
              {t("warehouses.cancel")}
            </Button>
          </Drawer.Close>
          <Button size="small" type="submit" form="hub-warehouses-form" data-testid="hub-warehouses-save" isLoading={save.isPending}>
            {t("warehouses.save")}
          </Button>
        </Drawer.Footer>
      </Drawer.Content>
    </Drawer>
  )
}
