import { eventually } from "../helpers/eventually"
import type { AdminSession } from "./hub-admin-products"

/*
 * Orders -> Marketplace after-sale (issue 61, docs/after-sale.md) as the merchant reads it: the demo's
 * ticket (its buyer asks to cancel a NEW order of their own, which Medusa has not fulfilled) read with Read now (the demo's jobs are off here),
 * its chat answered from Medusa and shown as answered; then in Portuguese, the same ticket in the
 * merchant's words and the Drawer of what they would do. The demo's delivered orders and their returns
 * are left out with the jobs off (scripts/demo-after-sale.js); the returns are end to end in
 * integration-tests/http/after-sale-instances.spec.ts. hub-admin.spec.ts calls these on its one demo and browser.
 */

const BUYER_WORDS = "posso cancelar o pedido antes do envio?"
const ANSWER = "Claro! Cancelamos agora mesmo."

async function openAfterSale(session: AdminSession) {
  const page = session.page()
  await page.goto(`${session.medusaUrl()}/app/hub-after-sale`)
  await page.getByTestId("hub-after-sale-page").waitFor({ timeout: 120_000 })
  return page.getByTestId("hub-sac-ticket").filter({ hasText: BUYER_WORDS })
}

export function afterSaleTests(session: AdminSession) {
  it("shows the after-sale page's ticket with the buyer's request and chat, and sends the merchant's answer once, shown as answered", async () => {
    const page = session.page()
    await openAfterSale(session)
    await page.getByRole("button", { name: "Read now" }).click()
    const ticket = page.getByTestId("hub-sac-ticket").filter({ hasText: BUYER_WORDS })
    await session.expectText(ticket, "Cancellation")
    await session.expectText(ticket.getByTestId("hub-sac-chat"), "Waiting for your answer for")
    await session.expectText(ticket.getByTestId("hub-sac-instance"), "Nothing yet: cancel the order before it ships")
    // Medusa has fulfilled none of the order (the order pages' tests leave it as the demo made it): a cancel alone is offered.
    expect(await ticket.getByTestId("hub-sac-instance").getByRole("button").allInnerTexts()).toEqual(["Cancel the order"])
    await ticket.getByRole("textbox").fill(ANSWER)
    await ticket.getByRole("button", { name: "Send" }).click()
    await session.expectText(ticket.getByTestId("hub-sac-chat"), ANSWER)
    await session.expectText(ticket.getByTestId("hub-sac-chat"), "Nothing waits for you here")
    await session.screenshot("hub-after-sale", ticket)
  })
}

/** The demo's orders imported (its jobs are off: a test run alone finds none imported yet), so the ticket's order is Medusa's and takes an instance. */
async function demoOrdersImported(session: AdminSession) {
  const imported = async () => (await (await session.page().request.get(`${session.medusaUrl()}/admin/hub/orders?account=default&import_state=imported&limit=1`)).json()).hub_orders.length
  if (await imported()) return
  await eventually(async () => expect((await session.page().request.post(`${session.medusaUrl()}/admin/hub/import-runs`)).status()).toBe(200), 120_000)
  expect(await imported()).toBeGreaterThan(0)
}

export function afterSalePortugueseTests(session: AdminSession) {
  it("shows the after-sale page's ticket in Portuguese, and the Drawer of a cancel in the merchant's words", async () => {
    const page = session.page()
    await demoOrdersImported(session)
    const ticket = await openAfterSale(session)
    await session.expectText(ticket.getByTestId("hub-sac-order"), "Pedido #")
    await session.expectText(ticket, "Cancelamento")
    await session.expectText(ticket.getByTestId("hub-sac-chat"), "Nada espera por você aqui")
    expect(await ticket.innerText()).not.toMatch(/Waiting for|The buyer|Nothing yet|Your answer/)
    await session.screenshot("hub-after-sale-ptBR", ticket)
    await ticket.getByRole("button", { name: "Cancelar o pedido" }).click()
    const drawer = page.getByTestId("hub-sac-instance-drawer")
    await session.expectText(drawer, "O marketplace é avisado do cancelamento")
    await session.expectText(drawer.getByTestId("hub-sac-instance-lines"), "1 ×")
    // A cancel is refunded by Medusa's cancellation: no refund reason to choose.
    expect(await drawer.getByTestId("hub-sac-refund-reason").count()).toBe(0)
    await drawer.getByRole("button", { name: "Fechar" }).click()
    await drawer.waitFor({ state: "detached" })
  })
}
