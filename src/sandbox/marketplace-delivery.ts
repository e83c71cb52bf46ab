/*
 * The marketplace's own delivery as the sandbox plays it (docs/hub-public-facts.md, The hub's own
 * delivery): labels (Correios once the order is approved; Direct only once it is invoiced with its
 * NF-e XML), PLPs grouping invoiced, labelled orders, and Direct collections. Its own reading of the
 * record, apart from the plugin's (src/hub-client/delivery.ts), so a test can show where they differ;
 * which form `order_remote_codes` takes is a setting (`plpOrderCodes`), the record being unsure.
 */
import { z } from "zod"
import type { HubOrder } from "../hub-client/schemas"
import type { SandboxStatusType } from "./records"
import { parseOrThrow, SandboxHubError } from "./errors"
import { textPdf } from "./pdf"

export type SandboxPlpOrderCodes = "code" | "marketplace_number"
type Carrier = "CORREIOS" | "DIRECT"
type Plp = { id: string; type: Carrier; codes: string[]; requested: Set<string> }
type Labelled = { order: HubOrder; type: Carrier; volumes: number }

/** What the delivery reads of the orders: each order and its status type. */
export type DeliveryOrders = { getOrder(code: string): HubOrder | undefined; orderCodes(): string[]; statusType(code: string): SandboxStatusType | undefined }

/** Orders per page of `to_group` and `collectables`, as the record says ("about 20"). */
const PAGE_SIZE = 20
const FIRST_PLP_ID = 98945320

const groupBodySchema = z.object({ order_remote_codes: z.array(z.string().min(1)).min(1, "order_remote_codes must name an order").max(500) })
const ungroupBodySchema = z.object({ plp_id: z.union([z.string().min(1), z.number().int()]).transform(String) })
const collectionBodySchema = z.object({ order_codes: z.array(z.string().min(1)).min(1, "order_codes must name an order").max(500) })

export class SandboxMarketplaceDelivery {
  private readonly plps = new Map<string, Plp>()
  private nextPlpId = FIRST_PLP_ID
  /** What `order_remote_codes` names on this hub: the order code (as the public SDK sends) or the marketplace's number. */
  plpOrderCodes: SandboxPlpOrderCodes = "code"

  constructor(private readonly orders: DeliveryOrders) {}

  clear(): void {
    this.plps.clear()
    this.nextPlpId = FIRST_PLP_ID
    this.plpOrderCodes = "code"
  }

  // ---- Labels ----------------------------------------------------------------------------

  labelPdf(code: string): Buffer {
    const { order, type, volumes } = this.labelled(code)
    return textPdf([`Americanas Entrega - ${type}`, `Order ${order.code}`, ...Array.from({ length: volumes }, (_, index) => `Parcel ${index + 1} of ${volumes}: ${trackCode(order.code, index)}`)])
  }

  labelData(code: string): Record<string, unknown> {
    const { order, type, volumes } = this.labelled(code)
    return {
      code: order.code,
      carrier: type,
      volumes: Array.from({ length: volumes }, (_, index) => ({ number: index + 1, tracking: trackCode(order.code, index) })),
      recipient: (order as Record<string, unknown>).shipping_address ?? null,
    }
  }

  /** The order with its label, or the 404 the hub answers while it has none. */
  private labelled(code: string): Labelled {
    const order = this.orders.getOrder(code)
    if (!order) throw new SandboxHubError(404, `Order ${code} not found`)
    const raw = order as Record<string, unknown>
    const calculation = String(raw.calculation_type ?? "").toLowerCase()
    const fulfillment = String(raw.shipping_method ?? "").toLowerCase() === "b2w fulfillment"
    const type: Carrier | undefined = calculation === "b2wentregacorreios" ? "CORREIOS" : calculation === "b2wentregadirect" && !fulfillment ? "DIRECT" : undefined
    if (!type) throw new SandboxHubError(404, `Order ${code} is not carried by the marketplace's delivery: it has no label`)
    const status = this.orders.statusType(code)
    if (!status || status === "NEW" || status === "CANCELED") throw new SandboxHubError(404, `Order ${code} has no label: it is ${status ?? "of no known status"}`)
    if (type === "CORREIOS") return { order, type, volumes: 1 }
    const xmlInvoice = (Array.isArray(raw.invoices) ? raw.invoices : []).filter((invoice) => (invoice as { xml?: unknown }).xml === true).at(-1) as { volume_qty?: number } | undefined
    if (!xmlInvoice) throw new SandboxHubError(404, `Order ${code} has no label yet: a Direct label is made once the order's NF-e XML invoice is processed`)
    return { order, type, volumes: xmlInvoice.volume_qty ?? 1 }
  }

  // ---- PLPs ------------------------------------------------------------------------------

  /** Invoiced, labelled orders in no PLP, a page (1-based) at a time. */
  toGroup(page: number): Array<{ code: string; shipping: Carrier }> {
    const grouped = new Set([...this.plps.values()].flatMap((plp) => plp.codes))
    const ready = this.orders
      .orderCodes()
      .filter((code) => !grouped.has(code) && this.orders.statusType(code) === "INVOICED")
      .flatMap((code) => {
        const labelled = this.labelledOrNone(code)
        return labelled ? [{ code, shipping: labelled.type }] : []
      })
    return ready.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
  }

  group(body: unknown): { message: string } {
    const { order_remote_codes } = parseOrThrow(groupBodySchema, body)
    const ready = new Map(this.allToGroup().map((entry) => [this.remoteCode(entry.code), entry]))
    const unknown = order_remote_codes.filter((code) => !ready.has(code))
    if (unknown.length) throw new SandboxHubError(422, `Pedidos não disponíveis para agrupamento: ${unknown.join(", ")}`)
    const types = new Set(order_remote_codes.map((code) => ready.get(code)!.shipping))
    if (types.size > 1) throw new SandboxHubError(422, "Pedidos de entregas diferentes (Correios e Direct) não podem ser agrupados na mesma PLP")
    const id = String(this.nextPlpId++)
    this.plps.set(id, { id, type: [...types][0], codes: [...new Set(order_remote_codes.map((code) => ready.get(code)!.code))], requested: new Set() })
    return { message: `Plp ${id} agrupada com sucesso.` }
  }

  list(): { plp: Array<{ id: string; type: Carrier; orders: Array<{ code: string }> }> } {
    return { plp: [...this.plps.values()].map((plp) => ({ id: plp.id, type: plp.type, orders: plp.codes.map((code) => ({ code })) })) }
  }

  viewPdf(plpId: string): Buffer {
    const plp = this.plp(plpId)
    return textPdf([`PLP ${plp.id} - ${plp.type}`, `${plp.codes.length} orders`, ...plp.codes.map((code) => `${code}: ${this.volumesOf(code)} parcel(s)`)])
  }

  viewData(plpId: string): Record<string, unknown> {
    const plp = this.plp(plpId)
    return {
      plp: { id: plp.id, type: plp.type },
      docsExternos: plp.codes.map((code) => ({ docExterno: code, qtVolumes: this.volumesOf(code), numNotaFiscal: invoiceNumberOf(this.orders.getOrder(code)) })),
    }
  }

  ungroup(body: unknown): { message: string } {
    const { plp_id } = parseOrThrow(ungroupBodySchema, body)
    this.plp(plp_id)
    this.plps.delete(plp_id)
    return { message: `Plp ${plp_id} desagrupada com sucesso.` }
  }

  // ---- Direct collections ----------------------------------------------------------------

  collectables(requested: boolean, page: number): Array<{ code: string; plp_id: string }> {
    const entries = [...this.plps.values()]
      .filter((plp) => plp.type === "DIRECT")
      .flatMap((plp) => plp.codes.filter((code) => plp.requested.has(code) === requested && this.orders.statusType(code) === "INVOICED").map((code) => ({ code, plp_id: plp.id })))
    return entries.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
  }

  requestCollection(body: unknown): { message: string } {
    const { order_codes } = parseOrThrow(collectionBodySchema, body)
    const waiting = new Map(this.collectablesAll(false).map((entry) => [entry.code, entry.plp_id]))
    const unknown = order_codes.filter((code) => !waiting.has(code))
    if (unknown.length) throw new SandboxHubError(422, `Pedidos sem coleta a solicitar: ${unknown.join(", ")}`)
    for (const code of order_codes) this.plps.get(waiting.get(code)!)!.requested.add(code)
    return { message: "Coleta solicitada com sucesso." }
  }

  // ---- Helpers ---------------------------------------------------------------------------

  private allToGroup() {
    const all: Array<{ code: string; shipping: Carrier }> = []
    for (let page = 1; ; page++) {
      const entries = this.toGroup(page)
      all.push(...entries)
      if (entries.length < PAGE_SIZE) return all
    }
  }

  private collectablesAll(requested: boolean) {
    const all: Array<{ code: string; plp_id: string }> = []
    for (let page = 1; ; page++) {
      const entries = this.collectables(requested, page)
      all.push(...entries)
      if (entries.length < PAGE_SIZE) return all
    }
  }

  private labelledOrNone(code: string): Labelled | undefined {
    try {
      return this.labelled(code)
    } catch {
      return undefined
    }
  }

  private remoteCode(code: string): string {
    const channel = this.orders.getOrder(code)?.channel
    return this.plpOrderCodes === "marketplace_number" && channel && code.startsWith(`${channel}-`) ? code.slice(channel.length + 1) : code
  }

  private volumesOf(code: string): number {
    return this.labelledOrNone(code)?.volumes ?? 1
  }

  private plp(plpId: string): Plp {
    const plp = this.plps.get(plpId)
    if (!plp) throw new SandboxHubError(404, `Plp ${plpId} não encontrada`)
    return plp
  }
}

/** A parcel's track code, the same in every run. */
function trackCode(code: string, parcel: number): string {
  let hash = 0
  for (const char of `${code}:${parcel}`) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return `AE${String(hash).padStart(10, "0").slice(0, 9)}BR`
}

function invoiceNumberOf(order: HubOrder | undefined): string | null {
  const invoices = Array.isArray(order?.invoices) ? order.invoices : []
  return ((invoices.at(-1) as { number?: string } | undefined)?.number ?? null) as string | null
}
