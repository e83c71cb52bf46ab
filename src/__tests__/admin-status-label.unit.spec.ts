import { merchantStatusLabel, serviceSuffix } from "../admin/lib/status-label"
import { STANDARD_SANDBOX_STATUSES } from "../sandbox"

/* A hub status in the merchant's words: the hub's label without its status type or the service's name. */

describe("merchantStatusLabel", () => {
  const labels = STANDARD_SANDBOX_STATUSES.map((status) => status.label)
  const suffix = serviceSuffix(labels)

  it("drops the type the label starts with and the service's name every label carries", () => {
    expect(suffix).toBe("Sandbox")
    expect(merchantStatusLabel("NEW - Pagamento Pendente (Sandbox)", suffix)).toBe("Pagamento Pendente")
    expect(merchantStatusLabel("Completo (entregue) (Sandbox)", suffix)).toBe("Completo (entregue)")
    expect(labels.map((label) => merchantStatusLabel(label, suffix)).filter((label) => /Sandbox|NEW -/.test(label))).toEqual([])
  })

  it("drops a type written in parentheses, as another hub writes its labels", () => {
    const catalogue = ["Pagamento Pendente (new) (Loja X)", "Aprovado (approved) (Loja X)", "Cancelado (Loja X)"]
    expect(catalogue.map((label) => merchantStatusLabel(label, serviceSuffix(catalogue)))).toEqual(["Pagamento Pendente", "Aprovado", "Cancelado"])
  })

  it("keeps a label's own parentheses when not every label ends with them, and a label that is only a type", () => {
    expect(serviceSuffix(["Aguardando pagamento", "Completo (entregue)"])).toBeNull()
    // The account's own statuses beside the hub's standard ones, more of them than of those (the demo's catalogue): the service's name still found.
    const own = ["Aprovado pela loja", "Confirmar estoque", "Estoque confirmado", "Pedido com incidente", "Pagamento vencido", "Em processamento na loja", "Devolvido", "Aguardando pagamento"]
    expect(serviceSuffix([...labels, ...own])).toBe("Sandbox")
    expect(serviceSuffix(["Aguardando pagamento", "Completo (entregue)", "Enviado (parcial)"])).toBeNull()
    expect(merchantStatusLabel("Completo (entregue)", null)).toBe("Completo (entregue)")
    expect(merchantStatusLabel("NEW", null)).toBe("NEW")
    expect(serviceSuffix(["Único (Loja X)"])).toBeNull()
  })
})
