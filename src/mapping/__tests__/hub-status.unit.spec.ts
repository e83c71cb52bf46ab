import { listedStatusCodes, uniqueHubStatuses } from "../hub-status"

describe("uniqueHubStatuses", () => {
  it("keeps the first status of a code the hub lists twice, in the hub's order, and names each code listed again once", () => {
    const listed = [
      { code: "new", label: "Novo", type: "NEW" },
      { code: "approved", label: "Aprovado", type: "APPROVED" },
      { code: "new", label: "Novo de novo", type: "NEW" },
      { code: "separando", label: "Separando", type: "APPROVED" },
      { code: "new", label: "Novo, terceira vez", type: "CANCELED" },
      { code: "approved", label: "Aprovado", type: "APPROVED" },
    ]
    expect(uniqueHubStatuses(listed)).toEqual({
      statuses: [listed[0], listed[1], listed[3]],
      repeated: ["new", "approved"],
    })
  })

  it("leaves a catalogue of distinct codes as it is", () => {
    const listed = [
      { code: "new", label: "Novo", type: "NEW" },
      { code: "canceled", label: "Cancelado", type: "CANCELED" },
    ]
    expect(uniqueHubStatuses(listed)).toEqual({ statuses: listed, repeated: [] })
  })
})

describe("listedStatusCodes", () => {
  it("asks for the listed types' codes and for returned by its code, whatever type the catalogue gives it", () => {
    const catalogue = new Map([["book_product", "NEW"], ["order_invoiced", "INVOICED"], ["order_shipped", "SHIPPED"], ["returned", "RETURNED"], ["has_incident", "INCIDENT"]])
    expect(listedStatusCodes(catalogue)).toEqual(["book_product", "order_shipped", "returned"])
    expect(listedStatusCodes(new Map([["book_product", "NEW"]]))).toEqual(["book_product"])
  })
})
