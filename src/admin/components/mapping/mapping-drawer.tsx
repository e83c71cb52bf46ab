import { zodResolver } from "@hookform/resolvers/zod"
import { Alert, Button, Drawer, toast } from "@medusajs/ui"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useForm } from "react-hook-form"
import type { HubFieldMappingAnswer } from "../../../api/admin/hub/types"
import { errorMessage } from "../../lib/format"
import { useHubAccountName } from "../../lib/hub-account"
import { useHubTranslation } from "../../lib/i18n"
import { sdk } from "../../lib/sdk"
import { CategoryFields } from "./category-fields"
import { formOfMapping, mappingFormSchema, mappingOfForm, type MappingForm } from "./mapping-form"
import { MappingFields } from "./mapping-fields"
import { MappingSample } from "./mapping-sample"

/**
 * The account's mapping in a drawer: where brand, EAN, NCM and the specifications are read, Medusa's
 * categories mapped to the hub's with their attributes, tried on a product before saving; then saved,
 * and every product of the account checked again (only those whose hub body changes are sent).
 */
export const MappingDrawer = ({ account, answer, onClose }: { account: string; answer: HubFieldMappingAnswer; onClose: () => void }) => {
  const { t } = useHubTranslation("page")
  const accountName = useHubAccountName()
  const queryClient = useQueryClient()
  const form = useForm<MappingForm>({ resolver: zodResolver(mappingFormSchema), defaultValues: formOfMapping(answer.mapping) })
  const save = useMutation({
    mutationFn: (values: MappingForm) =>
      sdk.client.fetch<HubFieldMappingAnswer & { products: number }>("/admin/hub/mapping", { method: "POST", query: { account }, body: mappingOfForm(values) }),
    onSuccess: (saved) => {
      toast.success(t("mapping.saved"), { description: t("mapping.savedProducts", { count: saved.products }) })
      onClose()
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["hub"] }),
  })
  return (
    <Drawer open onOpenChange={(open) => !open && onClose()}>
      <Drawer.Content data-testid="hub-mapping-drawer" className="max-w-3xl">
        <Drawer.Header>
          <Drawer.Title>{t("mapping.edit")}</Drawer.Title>
          <Drawer.Description>{t("mapping.drawerDescription", { account: accountName(account) })}</Drawer.Description>
        </Drawer.Header>
        <Drawer.Body className="flex flex-col gap-y-6 overflow-y-auto">
          {save.error && (
            <Alert variant="error" data-testid="hub-mapping-error">
              {errorMessage(save.error)}
            </Alert>
          )}
          <form id="hub-mapping-form" className="flex flex-col gap-y-6" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
            <MappingFields form={form} />
            <CategoryFields form={form} account={account} categoryService={answer.category_service} />
          </form>
          <MappingSample account={account} form={form} />
        </Drawer.Body>
        <Drawer.Footer>
          <Drawer.Close asChild>
            <Button size="small" variant="secondary">
              {t("mapping.cancel")}
            </Button>
          </Drawer.Close>
          <Button size="small" type="submit" form="hub-mapping-form" data-testid="hub-mapping-save" isLoading={save.isPending}>
            {t("mapping.save")}
          </Button>
        </Drawer.Footer>
      </Drawer.Content>
    </Drawer>
  )
}
