import type { TestOrderInput } from "../hub-client/schemas"

/** A complete Brazilian address as the specification's address object carries it (docs/hub-interface.md §2.2). */
export const SAMPLE_ADDRESS = {
  street: "Avenida Paulista",
  number: 1000,
  detail: "perto do metrô",
  neighborhood: "Bela Vista",
  city: "São Paulo",
  region: "SP",
  country: "BR",
  postcode: "01310100",
}

/** A well-formed test order with every field of docs/hub-interface.md §2.2; tests and demos override what they need. */
export function sampleTestOrder(overrides: Partial<TestOrderInput> = {}): TestOrderInput {
  return {
    channel: "Loja Exemplo",
    items: [{ id: "SKU-1", qty: 2 }],
    customer: {
      name: "Ana Souza",
      email: "ana@example.com",
      date_of_birth: "1990-04-01",
      gender: "female",
      vat_number: "12345678909",
      phones: ["11999998888"],
    },
    billing_address: SAMPLE_ADDRESS,
    shipping_address: SAMPLE_ADDRESS,
    shipping_method: "Correios PAC",
    estimated_delivery: "2026-12-01",
    shipping_cost: 15.5,
    interest: 0,
    ...overrides,
  }
}
