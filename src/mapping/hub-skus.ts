/** A hub product's SKU and its variations' (as the hub took it): the hub SKUs a published product holds. */
export function hubSkusOf(sku: string, accepted: unknown): string[] {
  const variations = (accepted as { variations?: Array<{ sku?: unknown }> } | null)?.variations ?? []
  return [sku, ...variations.flatMap((variation) => (typeof variation.sku === "string" ? [variation.sku] : []))]
}
