import { hubOrderLock, hubOrderLockInput, hubOrdersLockInput } from "../locks"

describe("per-order lock keys", () => {
  it("takes a batch's keys in sorted order, whatever order its codes came in, each once", () => {
    const { key } = hubOrdersLockInput(["Loja Exemplo-3", "Loja Exemplo-1", "Loja Exemplo-2", "Loja Exemplo-1"], "owner", "brand-b")
    expect(key).toEqual(["hub:order:brand-b:Loja Exemplo-1", "hub:order:brand-b:Loja Exemplo-2", "hub:order:brand-b:Loja Exemplo-3"])
    // Two batches of the same codes, listed crosswise, take them in one order: neither holds one while waiting for the other's.
    expect(hubOrdersLockInput(["B", "A"], "one", "default").key).toEqual(hubOrdersLockInput(["A", "B"], "other", "default").key)
  })

  it("gives two accounts' orders of one code two keys; the account default keeps its key from before accounts", () => {
    expect(hubOrderLock("Loja Exemplo-1", "default")).toBe("hub:order:Loja Exemplo-1")
    expect(hubOrderLock("Loja Exemplo-1", "brand-b")).toBe("hub:order:brand-b:Loja Exemplo-1")
    expect(hubOrderLockInput("Loja Exemplo-1", "owner", "brand-b").key).toEqual(["hub:order:brand-b:Loja Exemplo-1"])
    const [defaults, brandB] = ["default", "brand-b"].map((account) => hubOrdersLockInput(["Loja Exemplo-1", "Loja Exemplo-2"], "owner", account).key)
    expect(defaults).toEqual(["hub:order:Loja Exemplo-1", "hub:order:Loja Exemplo-2"])
    expect(brandB.filter((key) => defaults.includes(key))).toEqual([])
  })
})
