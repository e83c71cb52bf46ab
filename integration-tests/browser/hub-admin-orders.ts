import { sampleNfeKey, sampleNfeXml } from "../../src/sandbox/sample-nfe"
import { eventually } from "../helpers/eventually"
import { merchantStatusLabel, serviceSuffix } from "../../src/admin/lib/status-label"
import { openHubPage } from "./hub-pages"
import { live, orderToMove, rowCells, sandboxOrder, type OrderPageSession } from "./hub-admin-order-session"

export type { OrderPageSession } from "./hub-admin-order-session"

/*
 * The order page's hub card: an imported order's hub order, its moves from drawers, Medusa's own
 * fulfillment and cancel, and the buyer's money on Medusa's own page; hub-admin.spec.ts calls these
 * inside a describe, on its one demo and browser.
 */

export function orderPageTests(session: OrderPageSession) {
  it("shows the hub order an imported order came from, in two-column rows, the status by the catalogue's label", async () => {
    const { page, medusaUrl, hubClient } = live(session)
    const response = await page.request.get(`${medusaUrl}/admin/hub/orders?import_state=imported&limit=20`)
    expect(response.status()).toBe(200)
    // One of the merchant's own carrier (the demo has one of each delivery).
    const hubOrder = (await response.json()).hub_orders.find((entry: { calculation_type: string | null }) => !entry.calculation_type)
    // The catalogue's label in the merchant's words, as the card shows it (src/admin/lib/status-label.ts).
    const { statuses } = await hubClient.listStatuses()
    const label = merchantStatusLabel(statuses.find((status) => status.code === hubOrder.status_code)!.label, serviceSuffix(statuses.map((status) => status.label)))
    await page.goto(`${medusaUrl}/app/orders/${hubOrder.order_id}`)
    const widget = page.getByTestId("hub-order-widget")
    // A label and its value in two cells, never run together ("Marketplace Marketplace Demo").
    expect(await rowCells(widget.getByTestId("hub-order-code"))).toEqual(["Hub order", hubOrder.code])
    expect(await rowCells(widget.getByTestId("hub-order-channel"))).toEqual(["Marketplace", "Marketplace Demo"])
    await eventually(async () => {
      const [name, value] = await rowCells(widget.getByTestId("hub-order-status"))
      expect(name).toBe("Hub status")
      // The hub's label, then its meaning in the admin's words (NEW: New), never the type word itself.
      expect(value.split(/\s*\n\s*|\s{2,}/)).toEqual([label, { NEW: "New", APPROVED: "Approved", INVOICED: "Invoiced" }[hubOrder.status_type as string]])
    })
    expect(await widget.innerText()).not.toContain(`${hubOrder.status_code} (`)
    await session.screenshot("order-card", widget)
  })

  it("lets the merchant invoice and ship an approved order from drawers, with field errors and toasts, and shows each move", async () => {
    const { page, medusaUrl, sandboxUrl } = live(session)
    const hubOrder = await orderToMove(session, { ships: true })
    // The marketplace approves the payment; the import follows.
    const approved = await fetch(`${sandboxUrl}/_sandbox/orders/${encodeURIComponent(hubOrder.code)}/approve`, { method: "POST" })
    expect(approved.status).toBe(200)
    expect((await page.request.post(`${medusaUrl}/admin/hub/import-runs`)).status()).toBe(200)

    await page.goto(`${medusaUrl}/app/orders/${hubOrder.order_id}`)
    const widget = page.getByTestId("hub-order-widget")
    await session.expectText(widget.getByTestId("hub-order-status"), "Aprovado")
    // Beside the hub's own label, its meaning in the admin's words.
    await session.expectText(widget.getByTestId("hub-order-status-meaning"), "Approved")
    // The moves the plugin's table expects from APPROVED lead; the others are offered under Other moves.
    expect(await widget.getByTestId("hub-order-actions").getByRole("button").allInnerTexts()).toEqual(["Invoice", "Cancel on the hub", "Other moves"])

    await widget.getByRole("button", { name: "Invoice" }).click()
    let drawer = page.getByTestId("hub-move-drawer-invoice")
    // Empty, then wrong: the schema's messages under the field, nothing sent.
    await drawer.getByRole("button", { name: "Send the invoice" }).click()
    await session.expectText(drawer.getByTestId("hub-move-key-error"), "the invoice key must be exactly 44 digits")
    await drawer.getByLabel("Invoice key").fill("3526 1112")
    await drawer.getByRole("button", { name: "Send the invoice" }).click()
    await session.expectText(drawer.getByTestId("hub-move-key-error"), "the invoice key must be exactly 44 digits")
    expect(await sandboxOrder(sandboxUrl, hubOrder.code).then((order) => order.status.code)).toBe("payment_received")
    await drawer.getByLabel("Invoice key").fill("3526 1112 3456 7800 0195 5500 1000 0012 3410 0001 2346")
    // The issue date in Medusa's own date picker, typed segment by segment in English order (month first).
    const issueDate = drawer.getByTestId("hub-move-issue-date")
    expect((await issueDate.innerText()).replace(/\s+/g, "")).toMatch(/^MM\/DD\/YYYY.*AM$/)
    await issueDate.getByRole("spinbutton").first().click()
    await page.keyboard.type("11202026")
    await page.keyboard.type("1030")
    await page.keyboard.type("A")
    await drawer.getByRole("button", { name: "Send the invoice" }).click()
    await session.expectText(page.locator("[data-sonner-toast]").first(), "Invoice: sent")
    await session.expectText(widget.getByTestId("hub-order-status"), "Pagamento Faturado")
    await session.expectText(widget.getByTestId("hub-order-status-meaning"), "Invoiced")
    await session.expectText(widget.getByTestId("hub-order-invoice"), "3526 1112 3456 7800 0195 5500 1000 0012 3410 0001 2346", 30_000).catch(() => {
      throw new Error("the invoice key is not on the Medusa order (metadata.hub_invoice): the order flow's part has not landed?")
    })

    await widget.getByRole("button", { name: "Ship" }).click()
    drawer = page.getByTestId("hub-move-drawer-ship")
    await drawer.getByRole("button", { name: "Send the shipment" }).click()
    await session.expectText(drawer.getByTestId("hub-move-carrier-error"), "Required")
    await session.expectText(drawer.getByTestId("hub-move-method-error"), "Required")
    await drawer.getByRole("textbox", { name: "Carrier", exact: true }).fill("Correios")
    await drawer.getByRole("textbox", { name: "Method", exact: true }).fill("PAC")
    await drawer.getByRole("textbox", { name: "Tracking code", exact: true }).fill("BR123456789BR")
    await drawer.getByLabel("Tracking URL").fill("javascript:alert(1)")
    await drawer.getByRole("button", { name: "Send the shipment" }).click()
    await session.expectText(drawer.getByTestId("hub-move-url-error"), "the tracking URL must be an http or https address")
    await drawer.getByLabel("Tracking URL").fill("https://rastreamento.correios.com.br/?objeto=BR123456789BR")
    await session.screenshot("ship-drawer", drawer)
    await drawer.getByRole("button", { name: "Send the shipment" }).click()
    await session.expectText(page.locator("[data-sonner-toast]").first(), "Ship: sent")
    await session.expectText(widget.getByTestId("hub-order-status"), "Pedido Enviado")
    await session.expectText(widget.getByTestId("hub-order-moves"), "Ship")
    expect(await widget.getByTestId("hub-order-move").allInnerTexts()).toEqual([expect.stringContaining("Done"), expect.stringContaining("Done")])

    // The hub's side.
    const onHub = await sandboxOrder(sandboxUrl, hubOrder.code)
    expect(onHub.status.code).toBe("order_shipped")
    // The picker's 11/20/2026 10:30 AM, in this machine's time zone (the browser's and this test's), as the hub's ISO date.
    expect(onHub.invoices).toEqual([
      expect.objectContaining({ key: "35261112345678000195550010000012341000012346", issue_date: new Date(2026, 10, 20, 10, 30).toISOString() }),
    ])
    expect(JSON.stringify(onHub.shipments)).toContain("BR123456789BR")
    // Medusa's side: the order's fulfillment, shipped, with the tracking as its label.
    const medusaOrder = (
      await (await page.request.get(`${medusaUrl}/admin/orders/${hubOrder.order_id}?fields=*fulfillments,*fulfillments.labels`)).json()
    ).order
    expect(medusaOrder.fulfillments).toEqual([
      expect.objectContaining({ shipped_at: expect.any(String), labels: [expect.objectContaining({ tracking_number: "BR123456789BR" })] }),
    ])
    await session.expectText(widget.getByTestId("hub-order-shipments"), "BR123456789BR")
    await session.screenshot("order-card-shipped", widget)
  })

  it("ships an order from Medusa's own fulfillment UI: the hub shows the shipment once, and so does the card", async () => {
    const { page, medusaUrl, sandboxUrl } = live(session)
    expect((await page.request.post(`${medusaUrl}/admin/hub/import-runs`)).status()).toBe(200)
    const hubOrder = await orderToMove(session, { status: "NEW", ships: true })
    const code = encodeURIComponent(hubOrder.code)
    // Approved by the marketplace, invoiced through the admin API (the demo's hub ships only invoiced orders).
    expect((await fetch(`${sandboxUrl}/_sandbox/orders/${code}/approve`, { method: "POST" })).status).toBe(200)
    expect((await page.request.post(`${medusaUrl}/admin/hub/import-runs`)).status()).toBe(200)
    const invoiced = await page.request.post(`${medusaUrl}/admin/hub/orders/${code}/moves`, {
      data: { kind: "invoice", invoice: { key: "35261112345678000195550010000012341000054324" } },
    })
    expect(invoiced.status()).toBe(200)

    // Medusa's own pages: create the fulfillment (its location and shipping option preselected), then mark it shipped.
    await page.goto(`${medusaUrl}/app/orders/${hubOrder.order_id}/fulfillment?requires_shipping=true`)
    // The imported order's shipping method names no shipping option: the merchant picks the location, then the option.
    await page.getByRole("combobox").first().click()
    await page.getByRole("option").first().click()
    await eventually(async () => expect(await page.getByRole("combobox").nth(1).isEnabled()).toBe(true))
    await page.getByRole("combobox").nth(1).click()
    await page.getByRole("option").first().click()
    await page.getByRole("button", { name: "Create Fulfillment" }).click()
    let fulfillmentId = ""
    await eventually(async () => {
      const order = (await (await page.request.get(`${medusaUrl}/admin/orders/${hubOrder.order_id}?fields=*fulfillments`)).json()).order
      expect(order.fulfillments).toHaveLength(1)
      fulfillmentId = order.fulfillments[0].id
    }, 60_000)
    await page.goto(`${medusaUrl}/app/orders/${hubOrder.order_id}/${fulfillmentId}/create-shipment`)
    await page.getByRole("button", { name: "Add tracking number" }).click()
    await page.getByPlaceholder("123-456-789").first().fill("BR987654321BR")
    await page.getByRole("button", { name: "Save" }).click()
    await eventually(async () => {
      const order = (await (await page.request.get(`${medusaUrl}/admin/orders/${hubOrder.order_id}?fields=*fulfillments`)).json()).order
      expect(order.fulfillments[0].shipped_at).toEqual(expect.any(String))
    }, 60_000)

    // Waiting on the sandbox's request log (outside the hub's limits), not on the hub's order GET: the
    // test polling GET /orders/{code} would take the account's 1 request/s from the store's own read.
    const shipmentRequests = async () =>
      (await (await fetch(`${sandboxUrl}/_sandbox/requests`)).json()).requests.filter(
        (entry: { method: string; path: string }) =>
          entry.method === "POST" && entry.path.endsWith("/shipments") && entry.path.includes(String(hubOrder.code).split("-").pop()!)
      )
    await eventually(async () => expect(await shipmentRequests()).toEqual([expect.objectContaining({ status: 200 })]), 60_000).catch((error) => {
      // What the store said about the fulfillment (the subscriber logs each outcome).
      const said = session.demoOutput().split("\n").filter((line) => /fulfil|shipment|hub:/i.test(line)).slice(-15).join("\n")
      throw new Error(`${(error as Error).message}\nThe store's log:\n${said}`)
    })
    const onHub = await sandboxOrder(sandboxUrl, hubOrder.code)
    expect(onHub.status.code).toBe("order_shipped")
    expect(JSON.stringify(onHub.shipments)).toContain("BR987654321BR")
    expect(await shipmentRequests()).toHaveLength(1)
    await page.goto(`${medusaUrl}/app/orders/${hubOrder.order_id}`)
    const widget = page.getByTestId("hub-order-widget")
    await session.expectText(widget.getByTestId("hub-order-status"), "Pedido Enviado")
    await session.expectText(widget.getByTestId("hub-order-shipments"), "BR987654321BR")
    await session.screenshot("order-card-medusa-shipment", widget)
  })

  it("does not resend a cancel the marketplace already made, and cancels the Medusa order with it", async () => {
    const { page, medusaUrl, sandboxUrl } = live(session)
    const newOrder = await orderToMove(session, { status: "NEW", ships: false })
    await page.goto(`${medusaUrl}/app/orders/${newOrder.order_id}`)
    const widget = page.getByTestId("hub-order-widget")
    await session.expectText(widget.getByTestId("hub-order-status"), "Pagamento Pendente")
    // The marketplace cancels meanwhile: the widget still offers a cancel, which the plugin checks against the hub first.
    expect((await fetch(`${sandboxUrl}/_sandbox/orders/${encodeURIComponent(newOrder.code)}/cancel`, { method: "POST" })).status).toBe(200)
    await widget.getByRole("button", { name: "Cancel on the hub" }).click()
    await page.getByTestId("hub-move-drawer-cancel").getByRole("button", { name: "Cancel the order" }).click()
    // Asked once more (a cancel cannot be undone on the hub), in Medusa's own prompt.
    const prompt = page.getByRole("alertdialog")
    await session.expectText(prompt, "Cancel this order on the hub?")
    await session.screenshot("order-cancel-prompt", prompt)
    await prompt.getByRole("button", { name: "Yes, cancel it on the hub" }).click()
    await session.expectText(page.locator("[data-sonner-toast]").first(), "Already done on the hub")
    const medusaOrder = await page.request.get(`${medusaUrl}/admin/orders/${newOrder.order_id}?fields=status`)
    expect((await medusaOrder.json()).order.status).toBe("canceled")
    const cancels = (await (await fetch(`${sandboxUrl}/_sandbox/requests`)).json()).requests.filter(
      (entry: { method: string; path: string }) => entry.method === "POST" && entry.path.endsWith("/cancel")
    )
    expect(cancels).toEqual([])
  })

  it("shows a marketplace order's money on Medusa's own order page: the total and the payment are what the buyer paid", async () => {
    const { page, medusaUrl, sandboxUrl, hubClient } = live(session)
    // The issue's order: 2 x 44.90, shipping 12.50, instalment interest 7.35, a marketplace discount of 10.00 -> 99.65.
    const { products } = await hubClient.listProducts()
    const sku = products.find((product) => Number(product.qty) >= 2)!.sku
    const placed = await fetch(`${sandboxUrl}/_sandbox/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        channel: "Marketplace Demo",
        items: [{ id: sku, qty: 2, original_price: 49.9, special_price: 44.9 }],
        customer: { name: "Paula Lima", email: "paula.lima@example.com" },
        billing_address: { street: "Rua Bahia", number: 12, neighborhood: "Centro", city: "Curitiba", region: "PR", country: "BR", postcode: "80010000" },
        shipping_address: { street: "Rua Bahia", number: 12, neighborhood: "Centro", city: "Curitiba", region: "PR", country: "BR", postcode: "80010000" },
        shipping_cost: 12.5,
        interest: 7.35,
        discount: 10,
        parcels: 3,
      }),
    })
    expect(placed.status).toBe(201)
    const { code, total_ordered } = await placed.json()
    expect(total_ordered).toBe(99.65)
    expect((await fetch(`${sandboxUrl}/_sandbox/orders/${encodeURIComponent(code)}/approve`, { method: "POST" })).status).toBe(200)
    expect((await page.request.post(`${medusaUrl}/admin/hub/import-runs`)).status()).toBe(200)
    let hubOrder: { order_id: string } | undefined
    await eventually(async () => {
      const response = await page.request.get(`${medusaUrl}/admin/hub/orders?import_state=imported&limit=100`)
      hubOrder = (await response.json()).hub_orders.find((entry: { code: string }) => entry.code === code)
      expect(hubOrder).toMatchObject({ applied_status_type: "APPROVED" })
    })

    await page.goto(`${medusaUrl}/app/orders/${hubOrder!.order_id}`)
    // Medusa's Summary card: the innermost block holding its heading and its payment rows.
    const summary = page.locator("div").filter({ has: page.getByRole("heading", { name: "Summary" }) }).filter({ hasText: "Paid Total" }).last()
    await summary.waitFor({ timeout: 120_000 })
    await eventually(async () => expect(await summary.innerText()).toMatch(/Paid Total\s*R\$\s*99[.,]65/), 60_000)
    const text = (await summary.innerText()).replace(/\s+/g, " ")
    // Medusa's own rows: the interest line, the discount, the buyer's total, what was paid, nothing outstanding.
    expect(text).toMatch(/Juros do parcelamento R\$ ?7[.,]35 1x/)
    expect(text).toMatch(/Discount Total R\$ ?10[.,]00/)
    expect(text).toMatch(/Total After Discount R\$ ?99[.,]65/)
    expect(text).toMatch(/Outstanding amount R\$ ?0[.,]00/)
    await session.screenshot("order-money-summary", summary)
  })

  it("names a Direct order's delivery on its card and invoices it with the NF-e XML dropped in the drawer, with its parcels", async () => {
    const { page, medusaUrl, sandboxUrl, hubClient } = live(session)
    const { products } = await hubClient.listProducts()
    const sku = products.find((product) => Number(product.qty) >= 1)!.sku
    const address = { street: "Rua Bahia", number: 12, neighborhood: "Centro", city: "Curitiba", region: "PR", country: "BR", postcode: "80010000" }
    const placed = await fetch(`${sandboxUrl}/_sandbox/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        channel: "Marketplace Demo",
        items: [{ id: sku, qty: 1 }],
        customer: { name: "Rita Alves", email: "rita.alves@example.com" },
        billing_address: address,
        shipping_address: address,
        shipping_method: "Expressa",
        calculation_type: "b2wentregadirect",
      }),
    })
    expect(placed.status).toBe(201)
    const { code } = await placed.json()
    expect((await fetch(`${sandboxUrl}/_sandbox/orders/${encodeURIComponent(code)}/approve`, { method: "POST" })).status).toBe(200)
    expect((await page.request.post(`${medusaUrl}/admin/hub/import-runs`)).status()).toBe(200)
    let hubOrder: { order_id: string } | undefined
    await eventually(async () => {
      const response = await page.request.get(`${medusaUrl}/admin/hub/orders?import_state=imported&limit=100`)
      hubOrder = (await response.json()).hub_orders.find((entry: { code: string }) => entry.code === code)
      expect(hubOrder).toMatchObject({ applied_status_type: "APPROVED", calculation_type: "b2wentregadirect" })
    })

    await page.goto(`${medusaUrl}/app/orders/${hubOrder!.order_id}`)
    const widget = page.getByTestId("hub-order-widget")
    await session.expectText(widget.getByTestId("hub-order-delivery"), "Americanas Entrega · Direct")
    await session.expectText(widget.getByTestId("hub-order-delivery"), "The marketplace ships this order")
    expect(await widget.getByTestId("hub-order-actions").getByRole("button").allInnerTexts()).toEqual(["Invoice", "Cancel on the hub", "Other moves"])

    await widget.getByRole("button", { name: "Invoice" }).click()
    const drawer = page.getByTestId("hub-move-drawer-invoice")
    // A Direct order's invoice opens on the XML; sent empty, the field says what it needs and nothing goes.
    await drawer.getByRole("button", { name: "Send the invoice" }).click()
    await session.expectText(drawer.getByTestId("hub-move-xml-error"), "Choose the NF-e XML file.")
    const key = sampleNfeKey(5150)
    // An XML whose key's check digit is wrong: refused before anything is sent, said in the admin's words.
    const wrong = `${key.slice(0, 43)}${(Number(key[43]) + 1) % 10}`
    await drawer.locator("#hub-move-xml").setInputFiles({ name: "nfe-wrong.xml", mimeType: "text/xml", buffer: Buffer.from(sampleNfeXml({ key: wrong })) })
    await drawer.getByLabel("Parcels").fill("2")
    await drawer.getByRole("button", { name: "Send the invoice" }).click()
    await session.expectText(drawer.getByTestId("hub-move-error"), "The access key's check digit is wrong.")
    await drawer.locator("#hub-move-xml").setInputFiles({ name: "nfe-5150.xml", mimeType: "text/xml", buffer: Buffer.from(sampleNfeXml({ key })) })
    await session.expectText(drawer.getByTestId("hub-invoice-xml-drop"), "nfe-5150.xml")
    await drawer.getByLabel("Parcels").fill("2")
    await session.screenshot("invoice-xml-drawer", drawer)
    await drawer.getByRole("button", { name: "Send the invoice" }).click()
    await session.expectText(page.locator("[data-sonner-toast]").first(), "Invoice: sent")
    await session.expectText(widget.getByTestId("hub-order-status"), "Pagamento Faturado")
    const invoiced = await sandboxOrder(sandboxUrl, code)
    expect(invoiced.invoices).toEqual([expect.objectContaining({ key, volume_qty: 2, xml: true })])
    // Its label, once the hub processed the XML: the card's link streams the PDF from the hub.
    const labelLink = widget.getByTestId("hub-order-label-pdf")
    await session.expectText(labelLink, "Print label (PDF)")
    const label = await page.request.get(new URL((await labelLink.getAttribute("href"))!, medusaUrl).toString())
    expect(label.headers()["content-type"]).toBe("application/pdf")
    expect((await label.body()).subarray(0, 5).toString()).toBe("%PDF-")
    await session.screenshot("order-card-direct-invoiced", widget)
  })

  it("groups a labelled order into a PLP on the marketplace orders page's Delivery section, prints it and ungroups it, each in the order's history", async () => {
    const { page, medusaUrl, sandboxUrl } = live(session)
    await openHubPage(page, medusaUrl, "orders")
    const section = page.getByTestId("hub-delivery-section")
    const toGroup = section.getByTestId("hub-delivery-to-group")
    // The Direct order invoiced with its XML above is labelled: ready to group.
    const row = toGroup.locator("tbody tr").first()
    await row.waitFor({ timeout: 60_000 })
    // "<code> · <account>" when the store has several accounts.
    const code = (await row.locator("td").nth(1).innerText()).split(" · ")[0].trim()
    // Where each step is: a Direct order's PLP comes before its collection, and the empty collection list says so.
    const collectables = section.getByTestId("hub-delivery-collectables")
    if ((await collectables.locator("tbody tr").count()) === 0) await session.expectText(collectables, "Direct order is in Ready to group. Group it into a PLP first")
    await row.getByRole("checkbox").click()
    await session.screenshot("delivery-to-group-selected", section)
    // Medusa's command bar floats over the page (a portal), outside the section.
    await page.getByRole("button", { name: "Group into a PLP" }).click()
    await session.expectText(section.getByTestId("hub-delivery-answer"), "Grouped into PLP")
    // Direct's parcels wait for their collection: never Correios' agency.
    await session.expectText(section.getByTestId("hub-delivery-answer"), "print it for Direct's parcels, then request their collection below")
    expect(await section.getByTestId("hub-delivery-answer").innerText()).not.toContain("Correios")
    const plps = section.getByTestId("hub-delivery-plps")
    await session.expectText(plps, code)
    const print = plps.getByTestId("hub-plp-print").first()
    const pdf = await page.request.get(new URL((await print.getAttribute("href"))!, medusaUrl).toString())
    expect(pdf.headers()["content-type"]).toBe("application/pdf")
    expect((await pdf.body()).toString("latin1")).toContain(code)
    // Direct: its collection is to request.
    await session.expectText(section.getByTestId("hub-delivery-collectables"), code)
    // Its carrier named, never "Not said": the list holds Direct's orders only.
    expect(await section.getByTestId("hub-delivery-collectables").locator("tbody tr", { hasText: code }).innerText()).toContain("Direct")
    await session.screenshot("delivery-section-grouped", section)

    await plps.getByTestId("hub-plp-ungroup").first().click()
    // Medusa's own prompt first: ungrouping drops the PLP on the hub.
    const prompt = page.getByRole("alertdialog")
    await session.expectText(prompt, "Ungroup PLP")
    await session.screenshot("delivery-ungroup-prompt", prompt)
    await prompt.getByRole("button", { name: "Ungroup" }).click()
    await session.expectText(section.getByTestId("hub-delivery-answer"), "ungrouped")
    await session.expectText(toGroup, code)
    const onHub = await (await fetch(`${sandboxUrl}/_sandbox/orders/${encodeURIComponent(code)}`)).json()
    expect(onHub.code).toBe(code)

    const response = await page.request.get(`${medusaUrl}/admin/hub/orders?import_state=imported&limit=100`)
    const hubOrder = (await response.json()).hub_orders.find((entry: { code: string }) => entry.code === code)
    await page.goto(`${medusaUrl}/app/orders/${hubOrder.order_id}`)
    const history = page.getByTestId("hub-order-delivery-actions")
    await session.expectText(history, "Grouped into PLP")
    await session.expectText(history, "ungrouped")
    await session.screenshot("order-card-delivery-history", page.getByTestId("hub-order-widget"))
  })
}
