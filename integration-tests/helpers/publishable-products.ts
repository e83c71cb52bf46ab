/*
 * A catalogue every product of which the hub can take (option `publishProducts`): title, description,
 * measures, an https image, a BRL price, the default sales channel; every fifth product configurable
 * (Cor × Tamanho: 4 variants), as bench/publish.ts and drills/kill-publish.ts seed it. Its hub SKU: the single variant's SKU, or
 * the handle for a configurable one (src/mapping/hub-product-publication.ts).
 */
export type PublishableProduct = { handle: string; hubSku: string; configurable: boolean }

export function publishableProduct(index: number): PublishableProduct {
  const handle = `pub-${String(index).padStart(6, "0")}`
  const configurable = index % 5 === 0
  return { handle, hubSku: configurable ? handle : handle.toUpperCase(), configurable }
}

/** What makes a product publishable besides its title and price: description, measures, an https image, a brand. */
export function publishableFields(handle: string) {
  return {
    description: "<p>Produto de teste.</p>",
    weight: 500,
    height: 10,
    width: 20,
    length: 30,
    images: [{ url: `https://cdn.example.com/${handle}.jpg` }],
    metadata: { brand: "Acme" },
  }
}

/** createProductsWorkflow's input for product `index`. */
export function productInput(index: number, salesChannelId: string, shippingProfileId?: string) {
  const { handle, configurable } = publishableProduct(index)
  const price = [{ currency_code: "brl", amount: 49.9 + (index % 50) }]
  const variants = configurable
    ? ["Azul", "Verde"].flatMap((cor) =>
        ["P", "G"].map((tamanho) => ({ title: `${cor} ${tamanho}`, sku: `${handle}-${cor}-${tamanho}`, options: { Cor: cor, Tamanho: tamanho }, prices: price, manage_inventory: true }))
      )
    : [{ title: handle, sku: handle.toUpperCase(), options: { Tamanho: "Único" }, prices: price, manage_inventory: true }]
  return {
    title: `Produto ${index}`,
    handle,
    status: "published" as const,
    ...publishableFields(handle),
    ...(shippingProfileId ? { shipping_profile_id: shippingProfileId } : {}),
    options: configurable ? [{ title: "Cor", values: ["Azul", "Verde"] }, { title: "Tamanho", values: ["P", "G"] }] : [{ title: "Tamanho", values: ["Único"] }],
    sales_channels: [{ id: salesChannelId }],
    variants,
  }
}
