/*
 * The marketplace's own delivery on the hub, asked through the account's transport
 * (marketplace-delivery-schemas.ts has the hub's words for it): labels, PLPs and Direct collections.
 */
import type { HubDocument } from "./documents"
import {
  deliveryOrdersSchema,
  documentDataSchema,
  groupedSchema,
  plpListSchema,
  type DeliveryOrder,
  type GroupedPlp,
  type HubDocumentData,
  type HubPlp,
} from "./marketplace-delivery-schemas"
import type { HubTransport } from "./transport"

/**
 * What every PLP write changes: the account's PLPs. A group the hub refused (an order grouped already)
 * may be right once a PLP is ungrouped, so any PLP write that succeeds forgets the refusals of the others.
 */
const PLP_RESOURCE = "shipments/b2w"

const codeSegment = (code: string) => `/orders/${encodeURIComponent(code)}`

export class HubMarketplaceDelivery {
  constructor(private readonly transport: HubTransport) {}

  /** One order's label as a PDF, streamed; absent (null) when the hub has none for it (404). */
  async label(code: string): Promise<HubDocument | null> {
    return this.transport.send<HubDocument | null>({
      method: "GET",
      path: `${codeSegment(code)}/shipment_labels`,
      endpoint: "GET /orders/{code}/shipment_labels",
      pdf: true,
      response: null,
      absentOn404: true,
    })
  }

  /** One order's label as data, for a thermal printer; null when the hub has none (404). */
  async labelData(code: string): Promise<HubDocumentData | null> {
    return this.transport.send({
      method: "GET",
      path: `${codeSegment(code)}/shipment_labels`,
      endpoint: "GET /orders/{code}/shipment_labels",
      response: documentDataSchema,
      absentOn404: true,
    })
  }

  /** A page (1-based, `offset` on the hub) of the orders whose labels are ready to group into a PLP. */
  async ordersToGroup(page = 1): Promise<DeliveryOrder[]> {
    const query = new URLSearchParams({ offset: String(page) })
    const answer = await this.transport.send({ method: "GET", path: "/shipments/b2w/to_group", endpoint: "GET /shipments/b2w/to_group", query, response: deliveryOrdersSchema })
    return answer.orders
  }

  /**
   * Groups orders into a PLP (`remoteCodes` as `plpRemoteCode` forms them). A POST: never resent when
   * its outcome is unknown; read `plps()` for the orders before asking again.
   */
  async group(remoteCodes: string[]): Promise<GroupedPlp> {
    return this.transport.send({
      method: "POST",
      path: "/shipments/b2w/",
      endpoint: "POST /shipments/b2w",
      body: { order_remote_codes: remoteCodes },
      response: groupedSchema,
      resource: PLP_RESOURCE,
    })
  }

  async plps(): Promise<HubPlp[]> {
    const answer = await this.transport.send({ method: "GET", path: "/shipments/b2w/", endpoint: "GET /shipments/b2w", response: plpListSchema })
    return answer.plp
  }

  /** A PLP as a PDF, streamed. */
  async plpDocument(plpId: string): Promise<HubDocument> {
    return this.transport.send<HubDocument>({ ...this.plpView(plpId), pdf: true, response: null })
  }

  async plpData(plpId: string): Promise<HubDocumentData> {
    return this.transport.send({ ...this.plpView(plpId), response: documentDataSchema })
  }

  /** Undoes a PLP (for Direct, a requested collection with it). */
  async ungroup(plpId: string): Promise<void> {
    await this.transport.send({ method: "DELETE", path: "/shipments/b2w/", endpoint: "DELETE /shipments/b2w", body: { plp_id: plpId }, response: null, resource: PLP_RESOURCE })
  }

  /** A page of the Direct orders whose collection is `requested` (true) or still to request (false). */
  async collectables(requested: boolean, page = 1): Promise<DeliveryOrder[]> {
    const query = new URLSearchParams({ requested: String(requested), offset: String(page) })
    const answer = await this.transport.send({ method: "GET", path: "/shipments/b2w/collectables", endpoint: "GET /shipments/b2w/collectables", query, response: deliveryOrdersSchema })
    return answer.orders
  }

  /** Asks Direct to collect these orders' parcels. A POST: read `collectables(true)` before asking again. */
  async requestCollection(codes: string[]): Promise<void> {
    await this.transport.send({
      method: "POST",
      path: "/shipments/b2w/confirm_collection",
      endpoint: "POST /shipments/b2w/confirm_collection",
      body: { order_codes: codes },
      response: null,
      resource: PLP_RESOURCE,
    })
  }

  private plpView(plpId: string) {
    return { method: "GET" as const, path: "/shipments/b2w/view", endpoint: "GET /shipments/b2w/view", query: new URLSearchParams({ plp_id: plpId }) }
  }
}
