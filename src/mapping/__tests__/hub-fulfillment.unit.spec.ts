import {
  hubShipmentParcels,
  chargeItemsLeft,
  fulfillmentItemsOfShipment,
  fulfillmentsOfParcel,
  hubItemsOfFulfillment,
  parcelFulfillments,
  orderDelivered,
  trackingOfFulfillment,
} from "../hub-fulfillment"
import { moveLanded } from "../hub-order-move"

const lines = [
  { id: "li_1", sku: "SKU-1", quantity: 2, fulfilled: 0 },
  { id: "li_2", sku: "SKU-2", quantity: 1, fulfilled: 0 },
]

describe("fulfillmentItemsOfShipment", () => {
  it("takes each shipped SKU from its lines, and everything left when the shipment names no items", () => {
    expect(fulfillmentItemsOfShipment(lines, [{ sku: "SKU-2", qty: 1 }])).toEqual([{ id: "li_2", quantity: 1 }])
    expect(fulfillmentItemsOfShipment([{ ...lines[0], fulfilled: 1 }, lines[1]], undefined)).toEqual([
      { id: "li_1", quantity: 1 },
      { id: "li_2", quantity: 1 },
    ])
  })

  it("refuses, naming the SKU, more than the order has left to fulfil", () => {
    expect(() => fulfillmentItemsOfShipment([{ ...lines[0], fulfilled: 1 }, lines[1]], [{ sku: "SKU-1", qty: 2 }])).toThrow(
      "shipment item SKU-1: 2 shipped, but the Medusa order has 1 of it left to fulfil"
    )
    expect(() => fulfillmentItemsOfShipment(lines, [{ sku: "SKU-9", qty: 1 }])).toThrow("shipment item SKU-9")
  })

  it("finds nothing to fulfil in a re-ship of goods fulfilled already (after a shipment exception)", () => {
    const fulfilled = lines.map((line) => ({ ...line, fulfilled: line.quantity }))
    expect(fulfillmentItemsOfShipment(fulfilled, undefined)).toEqual([])
    expect(fulfillmentItemsOfShipment(fulfilled, [{ sku: "SKU-1", qty: 2 }])).toEqual([])
  })
})

describe("a Medusa fulfillment in the hub's words", () => {
  const fulfillment = {
    id: "ful_1",
    labels: [{ tracking_number: " BR1 ", tracking_url: "javascript:alert(1)" }],
    items: [
      { line_item_id: "li_1", quantity: 2 },
      { line_item_id: "li_2", quantity: 1 },
    ],
  }

  it("ships its lines by SKU with the first label's tracking; a URL that is not a web address stays in Medusa", () => {
    expect(hubItemsOfFulfillment(lines, fulfillment)).toEqual([
      { sku: "SKU-1", qty: 2 },
      { sku: "SKU-2", qty: 1 },
    ])
    expect(() => hubItemsOfFulfillment([lines[0], { ...lines[1], sku: null }], fulfillment)).toThrow("which the hub order does not have")
    expect(trackingOfFulfillment(fulfillment)).toEqual({ code: "BR1" })
    expect(trackingOfFulfillment({ id: "ful_2", labels: [{ tracking_number: "BR2", tracking_url: "https://t.example/BR2" }] })).toEqual({
      code: "BR2",
      url: "https://t.example/BR2",
    })
    expect(trackingOfFulfillment({ id: "ful_3", labels: [] })).toBeNull()
  })

  it("finds the fulfillments of a parcel by its move or its tracking number, never a canceled one", () => {
    const made = { id: "ful_m", metadata: { hub_move_id: "hubmv_1" } }
    const labelled = { id: "ful_l", labels: [{ tracking_number: "BR9" }] }
    const canceled = { id: "ful_c", canceled_at: "2026-11-20", labels: [{ tracking_number: "BR7" }] }
    expect(fulfillmentsOfParcel([made, labelled, canceled], { moveId: "hubmv_1", trackCode: "x" }).map((f) => f.id)).toEqual(["ful_m"])
    expect(fulfillmentsOfParcel([made, labelled, canceled], { moveId: "hubmv_1", trackCode: "BR9" }).map((f) => f.id)).toEqual(["ful_m", "ful_l"])
    expect(fulfillmentsOfParcel([made, labelled, canceled], { moveId: "hubmv_2", trackCode: "BR7" })).toEqual([])
  })

  describe("parcelFulfillments", () => {
    // Two lines sold from two warehouses (docs/catalogue.md, *Warehouses*), and the hub's interest line.
    const order = [
      { id: "li_p", sku: "CAM-P", quantity: 3, fulfilled: 0 },
      { id: "li_m", sku: "CAM-M", quantity: 2, fulfilled: 0 },
      { id: "li_j", sku: null, quantity: 1, fulfilled: 0, charge: true },
    ]
    const reserved = new Map([["li_p", "sloc_rio"], ["li_m", "sloc_sp"]])

    it("makes one fulfillment a location the lines are reserved at, in the order of the locations' ids, the charge line with the first", () => {
      expect(parcelFulfillments(order, [], undefined, reserved, "sloc_default")).toEqual([
        { locationId: "sloc_rio", items: [{ id: "li_p", quantity: 3 }, { id: "li_j", quantity: 1 }] },
        { locationId: "sloc_sp", items: [{ id: "li_m", quantity: 2 }] },
      ])
      // The shipment's own items only; a line with no reservation at the fallback location.
      expect(parcelFulfillments(order, [], [{ sku: "CAM-M", qty: 1 }], new Map(), "sloc_default")).toEqual([
        { locationId: "sloc_default", items: [{ id: "li_m", quantity: 1 }, { id: "li_j", quantity: 1 }] },
      ])
    })

    it("after a try stopped between two fulfillments, makes only the missing one (the made one's lines have no reservation left), and none once all are made", () => {
      const made = { id: "ful_rio", location_id: "sloc_rio", metadata: { hub_move_id: "hubmv_1" }, items: [{ line_item_id: "li_p", quantity: 3 }, { line_item_id: "li_j", quantity: 1 }] }
      const after = order.map((line) => (line.id === "li_m" ? line : { ...line, fulfilled: line.quantity }))
      const left = new Map([["li_m", "sloc_sp"]])
      expect(parcelFulfillments(after, [made], undefined, left, "sloc_default")).toEqual([{ locationId: "sloc_sp", items: [{ id: "li_m", quantity: 2 }] }])
      const second = { id: "ful_sp", location_id: "sloc_sp", metadata: { hub_move_id: "hubmv_1" }, items: [{ line_item_id: "li_m", quantity: 2 }] }
      const all = order.map((line) => ({ ...line, fulfilled: line.quantity }))
      expect(parcelFulfillments(all, [made, second], undefined, new Map(), "sloc_default")).toEqual([])
      // A re-ship of goods fulfilled by another parcel makes nothing.
      expect(parcelFulfillments(all, [], undefined, new Map(), "sloc_default")).toEqual([])
    })
  })

  it("tells the hub of a delivery only once every unit went out and every parcel arrived", () => {
    const first = { id: "ful_1", delivered_at: "2026-11-21", items: [{ line_item_id: "li_2", quantity: 1 }] }
    const second = { id: "ful_2", delivered_at: null, items: [{ line_item_id: "li_1", quantity: 2 }] }
    expect(orderDelivered(lines, [first])).toBe(false)
    expect(orderDelivered(lines, [first, second])).toBe(false)
    expect(orderDelivered(lines, [first, { ...second, delivered_at: "2026-11-22" }])).toBe(true)
  })
})

describe("the interest line (a charge, no goods)", () => {
  const withInterest = [...lines, { id: "li_j", sku: null, quantity: 1, fulfilled: 0, charge: true }]

  it("is never a hub shipment item: a whole-order shipment takes the goods only; the plugin adds it, whole, to its first fulfillment", () => {
    expect(fulfillmentItemsOfShipment(withInterest, undefined)).toEqual([
      { id: "li_1", quantity: 2 },
      { id: "li_2", quantity: 1 },
    ])
    expect(chargeItemsLeft(withInterest)).toEqual([{ id: "li_j", quantity: 1 }])
    expect(chargeItemsLeft(withInterest.map((line) => ({ ...line, fulfilled: line.quantity })))).toEqual([])
  })

  it("is no shipment item of a Medusa fulfillment, and no delivery waits for it", () => {
    const fulfillment = { id: "ful_1", delivered_at: "2026-11-22", items: [{ line_item_id: "li_1", quantity: 2 }, { line_item_id: "li_2", quantity: 1 }, { line_item_id: "li_j", quantity: 1 }] }
    expect(hubItemsOfFulfillment(withInterest, fulfillment)).toEqual([
      { sku: "SKU-1", qty: 2 },
      { sku: "SKU-2", qty: 1 },
    ])
    const goodsOnly = { ...fulfillment, items: fulfillment.items.slice(0, 2) }
    expect(orderDelivered(withInterest, [goodsOnly])).toBe(true)
  })
})

describe("moveLanded", () => {
  it("counts a shipment landed once a listed shipment carries its tracking code, not by the order's status alone", () => {
    const shipped = { shipments: [{ tracks: [{ code: "BR1" }] }] }
    expect(moveLanded({ kind: "ship", trackCode: "BR1" }, shipped, "SHIPPED")).toBe(true)
    expect(moveLanded({ kind: "ship", trackCode: "BR2" }, shipped, "SHIPPED")).toBe(false)
    // A hub that lists no shipments: by status.
    expect(moveLanded({ kind: "ship", trackCode: "BR2" }, {}, "SHIPPED")).toBe(true)
    expect(moveLanded({ kind: "deliver" }, shipped, "DELIVERED")).toBe(true)
    expect(moveLanded({ kind: "deliver" }, shipped, "SHIPPED")).toBe(false)
  })
})

describe("hubShipmentParcels", () => {
  it("reads each parcel the hub shipped by its track, or its own code, and nothing else of it", () => {
    const shipments = [
      { code: "Loja-1", items: [{ sku: "CAM-P", qty: 2 }], tracks: [{ code: "BR123", carrier: "Correios", method: "PAC", url: "https://rastreio.example/BR123" }], receiver: "Maria" },
      { code: "Loja-1-2", tracks: [] },
      { tracks: [{ carrier: "Direct" }] },
      "not a parcel",
      { code: 77, items: [{ sku: "", qty: 1 }], tracks: [{ code: 9001 }] },
    ]
    expect(hubShipmentParcels(shipments)).toEqual([
      { moveId: "hub-shipment:Loja-1", items: [{ sku: "CAM-P", qty: 2 }], track: { code: "BR123", url: "https://rastreio.example/BR123" } },
      { moveId: "hub-shipment:Loja-1-2", track: { code: "Loja-1-2" } },
      { moveId: "hub-shipment:77", track: { code: "9001" } },
    ])
    expect(hubShipmentParcels(undefined)).toEqual([])
    expect(hubShipmentParcels({ code: "x" })).toEqual([])
  })

  it("drops a tracking URL a merchant's would be refused for (not http or https, longer than 200), and says so", () => {
    const parcel = (url: string) => hubShipmentParcels([{ code: "Loja-1", tracks: [{ code: "BR1", url }] }])[0]
    for (const url of ["javascript:alert(1)", "data:text/html,<script>x</script>", "ftp://rastreio.example/BR1", `https://rastreio.example/${"a".repeat(200)}`, "rastreio.example/BR1"]) {
      expect(parcel(url)).toEqual({ moveId: "hub-shipment:Loja-1", track: { code: "BR1" }, trackUrlDropped: true })
    }
    expect(parcel("http://rastreio.example/BR1")).toEqual({ moveId: "hub-shipment:Loja-1", track: { code: "BR1", url: "http://rastreio.example/BR1" } })
    expect(parcel("")).toEqual({ moveId: "hub-shipment:Loja-1", track: { code: "BR1" } })
  })
})
