import { HubInvalidResponseError, HubRefusedError, plpRemoteCode } from "../../src/hub-client"
import { sampleNfeKey, sampleNfeXml, sampleTestOrder, type SandboxHub } from "../../src/sandbox"
import { clientAgainstSandbox } from "../helpers/hub-client-sandbox"

/*
 * The marketplace's own delivery through the hub client, against the sandbox over loopback HTTP
 * (docs/hub-public-facts.md, The hub's own delivery): labels as PDF streams and as data, PLPs grouped,
 * printed and ungrouped, Direct collections, and the unsure form of `order_remote_codes`.
 */

jest.setTimeout(60_000)

const readAll = async (body: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

describe("the marketplace's delivery through the hub client", () => {
  const { hub: currentHub, clientFor } = clientAgainstSandbox()
  let hub: SandboxHub
  beforeEach(() => {
    hub = currentHub()
  })

  const place = (calculation_type: string, channel = "Loja Exemplo") => hub.createOrder({ ...sampleTestOrder({ channel, items: [{ id: "SKU-1", qty: 1 }] }), calculation_type }).code

  const invoiceByKey = (code: string, number: number) => clientFor().invoiceOrder(code, { key: sampleNfeKey(number) })

  it("a Correios order: label once approved (PDF streamed, data as JSON), grouped, printed, ungrouped and grouped again", async () => {
    const client = clientFor()
    const code = place("b2wentregacorreios")
    expect(await client.delivery.label(code)).toBeNull()

    hub.marketplaceApprove(code)
    const label = await client.delivery.label(code)
    const pdf = await readAll(label!.body)
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-")
    expect(pdf.toString("latin1")).toContain(`Order ${code}`)
    expect(label!.contentLength).toBe(pdf.length)
    expect(await client.delivery.labelData(code)).toMatchObject({ code, carrier: "CORREIOS" })

    // Ready to group once invoiced.
    expect(await client.delivery.ordersToGroup()).toEqual([])
    await invoiceByKey(code, 11)
    expect(await client.delivery.ordersToGroup()).toEqual([{ code, shipping: "CORREIOS" }])

    const grouped = await client.delivery.group([code])
    expect(grouped.plpId).toMatch(/^\d+$/)
    expect(await client.delivery.ordersToGroup()).toEqual([])
    expect(await client.delivery.plps()).toEqual([{ id: grouped.plpId, type: "CORREIOS", orders: [{ code }] }])
    const plpPdf = await readAll((await client.delivery.plpDocument(grouped.plpId!)).body)
    expect(plpPdf.toString("latin1")).toContain(`PLP ${grouped.plpId}`)
    expect(await client.delivery.plpData(grouped.plpId!)).toMatchObject({ docsExternos: [{ docExterno: code, qtVolumes: 1, numNotaFiscal: "11" }] })

    await client.delivery.ungroup(grouped.plpId!)
    expect(await client.delivery.plps()).toEqual([])
    const again = await client.delivery.group([code])
    expect(again.plpId).not.toBe(grouped.plpId)
  })

  it("a Direct order: no label until invoiced with its XML; its parcels; collection requested, then undone with its PLP", async () => {
    const client = clientFor()
    const code = place("b2wentregadirect")
    hub.marketplaceApprove(code)
    expect(await client.delivery.label(code)).toBeNull()
    await invoiceByKey(code, 12)
    // Invoiced by key: a Direct label still waits for the XML.
    expect(await client.delivery.labelData(code)).toBeNull()

    const other = place("b2wentregadirect")
    hub.marketplaceApprove(other)
    await client.invoiceOrderWithXml(other, { xml: sampleNfeXml({ key: sampleNfeKey(13) }), volume_qty: 2, issue_date: "2026-11-20T10:00:00-03:00" })
    const data = await client.delivery.labelData(other)
    expect(data).toMatchObject({ carrier: "DIRECT", volumes: [{ number: 1 }, { number: 2 }] })

    const { plpId } = await client.delivery.group([other])
    expect(await client.delivery.collectables(false)).toEqual([{ code: other }])
    await client.delivery.requestCollection([other])
    expect(await client.delivery.collectables(false)).toEqual([])
    expect(await client.delivery.collectables(true)).toEqual([{ code: other }])
    // Asked again, the hub refuses; the same request is not sent a second time.
    await expect(client.delivery.requestCollection([other])).rejects.toBeInstanceOf(HubRefusedError)
    await client.delivery.ungroup(plpId!)
    expect(await client.delivery.collectables(true)).toEqual([])
  })

  it("order_remote_codes: a hub that takes the marketplace's number refuses the order code, and takes the number", async () => {
    const client = clientFor()
    const code = place("b2wentregacorreios", "Americanas")
    hub.marketplaceApprove(code)
    await invoiceByKey(code, 14)
    hub.setPlpOrderCodes("marketplace_number")

    const refused = await client.delivery.group([plpRemoteCode(code, "Americanas", "code")]).catch((error) => error)
    expect(refused).toBeInstanceOf(HubRefusedError)
    expect((refused as HubRefusedError).status).toBe(422)
    const number = plpRemoteCode(code, "Americanas", "marketplace_number")
    expect(number).toBe(code.slice("Americanas-".length))
    expect((await client.delivery.group([number])).plpId).toMatch(/^\d+$/)
    expect(hub.requestLog().filter((entry) => entry.path === "/shipments/b2w/" && entry.method === "POST")).toHaveLength(2)
  })

  it("a group the hub refused (grouped already) is sent again once its PLP is ungrouped: the PLPs changed", async () => {
    const client = clientFor()
    const code = place("b2wentregacorreios")
    hub.marketplaceApprove(code)
    await invoiceByKey(code, 15)
    const { plpId } = await client.delivery.group([code])
    await expect(client.delivery.group([code])).rejects.toMatchObject({ status: 422 })
    await expect(client.delivery.group([code])).rejects.toMatchObject({ repeated: true })
    await client.delivery.ungroup(plpId!)
    expect((await client.delivery.group([code])).plpId).toMatch(/^\d+$/)
    expect(hub.requestLog().filter((entry) => entry.method === "POST" && entry.path === "/shipments/b2w/")).toHaveLength(3)
  })

  it("a hub answering JSON where a PDF was asked: an invalid response, never passed on as a PDF", async () => {
    const client = clientFor()
    const code = place("b2wentregacorreios")
    hub.marketplaceApprove(code)
    hub.misbehave({ answer: { body: { label: "not a pdf" } } })
    const failure = await client.delivery.label(code).catch((error) => error)
    expect(failure).toBeInstanceOf(HubInvalidResponseError)
    expect(String(failure)).toContain("a PDF was asked for")
  })
})
