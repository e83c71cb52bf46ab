import { uniqueHubStatuses } from "../hub-status"

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
