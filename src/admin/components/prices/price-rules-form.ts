import { z } from "zod"
import type { HubPriceRulesAnswer, HubPriceRulesBody } from "../../../api/admin/hub/types"

type HubPriceRules = HubPriceRulesAnswer["rules"]

/*
 * The price rules drawer's form: every field as the merchant types it (amounts as text), checked here
 * for what a field can hold, then turned into the rules the server validates again (its 400 names a
 * field this form let through).
 */
const amount = (message: string) => z.string().trim().regex(/^-?\d+([.,]\d{1,2})?$/, message)
const optionalAmount = (message: string) => z.string().trim().regex(/^(\d+([.,]\d{1,2})?)?$/, message)

export const priceRulesFormSchema = z
  .object({
    source: z.enum(["region", "price_list"]),
    price_list_id: z.string(),
    markup_percent: z.string().trim().regex(/^-?\d+([.,]\d+)?$/, "markupRule"),
    fixed_amount: amount("amountRule"),
    rounding: z.enum(["cent", "ending"]),
    ending_cents: z.string().trim().regex(/^\d{1,2}$/, "endingRule"),
    floor: z.enum(["none", "amount", "metadata", "cost"]),
    floor_amount: optionalAmount("amountRule"),
    floor_key: z.string().trim().max(100),
    floor_factor: z.string().trim().regex(/^(\d+([.,]\d+)?)?$/, "factorRule"),
    ceiling: optionalAmount("amountRule"),
    sale_follows_rules: z.boolean(),
    categories: z.array(z.object({ category_id: z.string().min(1, "categoryRule"), markup_percent: z.string().trim().regex(/^-?\d+([.,]\d+)?$/, "markupRule"), fixed_amount: amount("amountRule") })),
  })
  .superRefine((form, context) => {
    if (form.floor === "amount" && !form.floor_amount) context.addIssue({ code: "custom", path: ["floor_amount"], message: "amountRule" })
    if ((form.floor === "metadata" || form.floor === "cost") && !form.floor_key) context.addIssue({ code: "custom", path: ["floor_key"], message: "keyRule" })
    if (form.floor === "cost" && !(Number(decimal(form.floor_factor)) > 0)) context.addIssue({ code: "custom", path: ["floor_factor"], message: "factorRule" })
    // Every price would be held (the server refuses it too); amounts of two decimals at most compare exactly.
    if (form.floor === "amount" && form.floor_amount && form.ceiling && Number(decimal(form.floor_amount)) > Number(decimal(form.ceiling))) {
      context.addIssue({ code: "custom", path: ["floor_amount"], message: "floorAboveCeiling" })
    }
    if (form.source === "price_list" && !form.price_list_id) context.addIssue({ code: "custom", path: ["price_list_id"], message: "priceListRule" })
  })
export type PriceRulesForm = z.infer<typeof priceRulesFormSchema>

const decimal = (value: string) => value.trim().replace(",", ".")

export function formOfRules(rules: HubPriceRules): PriceRulesForm {
  return {
    source: rules.source.kind,
    price_list_id: rules.source.kind === "price_list" ? rules.source.price_list_id : "",
    markup_percent: rules.markup_percent,
    fixed_amount: rules.fixed_amount,
    rounding: rules.rounding.kind,
    ending_cents: rules.rounding.kind === "ending" ? String(rules.rounding.ending_cents) : "90",
    floor: rules.floor.kind,
    floor_amount: rules.floor.kind === "amount" ? rules.floor.amount : "",
    floor_key: rules.floor.kind === "metadata" || rules.floor.kind === "cost" ? rules.floor.key : "",
    floor_factor: rules.floor.kind === "cost" ? rules.floor.factor : "",
    ceiling: rules.ceiling ?? "",
    sale_follows_rules: rules.sale_follows_rules,
    categories: rules.categories.map((category) => ({ category_id: category.category_id, markup_percent: category.markup_percent, fixed_amount: category.fixed_amount })),
  }
}

export function rulesOfForm(form: PriceRulesForm): HubPriceRulesBody {
  return {
    source: form.source === "price_list" ? { kind: "price_list", price_list_id: form.price_list_id } : { kind: "region" },
    markup_percent: decimal(form.markup_percent),
    fixed_amount: decimal(form.fixed_amount),
    rounding: form.rounding === "ending" ? { kind: "ending", ending_cents: Number(form.ending_cents) } : { kind: "cent" },
    floor: floorOfForm(form),
    ceiling: form.ceiling ? decimal(form.ceiling) : null,
    sale_follows_rules: form.sale_follows_rules,
    categories: form.categories.map((category) => ({ category_id: category.category_id, markup_percent: decimal(category.markup_percent), fixed_amount: decimal(category.fixed_amount) })),
  }
}

function floorOfForm(form: PriceRulesForm): HubPriceRulesBody["floor"] {
  if (form.floor === "amount") return { kind: "amount", amount: decimal(form.floor_amount) }
  if (form.floor === "metadata") return { kind: "metadata", key: form.floor_key.trim() }
  if (form.floor === "cost") return { kind: "cost", key: form.floor_key.trim(), factor: decimal(form.floor_factor) }
  return { kind: "none" }
}
