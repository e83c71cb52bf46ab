import { availableQuantity, VariantInventoryItemStock } from "../available-quantity"

const hub = new Set(["sloc_A", "sloc_B"])
const level = (locationId: string, stockedQuantity: number, reservedQuantity = 0) => ({
  locationId,
  stockedQuantity,
  reservedQuantity,
})

describe("availableQuantity", () => {
  it("is stocked minus reserved, summed over the locations serving the hub's channel", () => {
    const items: VariantInventoryItemStock[] = [
      { requiredQuantity: 1, levels: [level("sloc_A", 10, 3), level("sloc_B", 5, 1), level("sloc_OTHER", 100, 0)] },
    ]
    expect(availableQuantity(items, hub)).toBe(11)
  })

  it("never goes below zero, even when reservations exceed stock", () => {
    expect(availableQuantity([{ requiredQuantity: 1, levels: [level("sloc_A", 2, 5)] }], hub)).toBe(0)
  })

  it("nets an oversold location against the others, as Medusa's own availability does", () => {
    expect(availableQuantity([{ requiredQuantity: 1, levels: [level("sloc_A", 2, 5), level("sloc_B", 7)] }], hub)).toBe(4)
  })

  it("is zero when no level is at a location of the hub's channel", () => {
    expect(availableQuantity([{ requiredQuantity: 1, levels: [level("sloc_OTHER", 9)] }], hub)).toBe(0)
  })

  it("divides by the required quantity, rounding down, and takes the scarcest item", () => {
    const kit: VariantInventoryItemStock[] = [
      { requiredQuantity: 2, levels: [level("sloc_A", 9)] }, // 4 kits
      { requiredQuantity: 3, levels: [level("sloc_B", 10, 1)] }, // 3 kits
    ]
    expect(availableQuantity(kit, hub)).toBe(3)
  })

  it("is null for a variant without inventory items (stock not managed)", () => {
    expect(availableQuantity([], hub)).toBeNull()
  })
})
