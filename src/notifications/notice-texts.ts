import { MERCHANT_MOVE_NAMES, type MerchantOrderMoveKind } from "../hub-client/order-moves"
import { isDefaultAccount } from "../modules/hub/accounts"
import type { NotificationLanguage } from "../modules/hub/options"

/**
 * What a notice is about, as facts: the words are chosen when it is written, in the store's
 * `notificationLanguage`. Medusa's feed shows the stored title and description as they are (it has no
 * translation keys or links), so the language is the store's, not each admin user's.
 */
export type MerchantNoticeFacts =
  | { about: "set-aside"; code: string; reason: string }
  | { about: "needs-stock"; code: string }
  | { about: "unmapped-warehouse"; code: string; warehouses: string[] }
  | { about: "sku-refused"; sku: string; status: number; message: string; fields: string[] }
  | { about: "product-refused"; sku: string; status: number | null; message: string }
  | { about: "move-refused"; code: string; kind: MerchantOrderMoveKind; error: string | null }
  | { about: "leaks"; codes: string[] }
  | { about: "outage"; minutes: number }
  | { about: "ship-by-near" | "ship-by-passed"; code: string; remoteCode: string | null; shipBy: string }
  | { about: "prices-held"; skus: HeldPriceSku[] }
  | { about: "marketplace-refused"; entity: "products" | "orders"; ids: string[]; reason: string; solution: string | null }
  | { about: "sac-message" | "sac-unanswered"; ticket: string; orderCode: string | null; since: string }
  | { about: "order-returned"; code: string }

/** A SKU whose price the rules hold: under its floor, or under a floor in its metadata they could not read (`unreadable`: as written). */
export type HeldPriceSku = { sku: string; floor: number } | { sku: string; unreadable: string }

type NoticeText = { title: string; description: string }
type Texts = { [About in MerchantNoticeFacts["about"]]: (facts: Extract<MerchantNoticeFacts, { about: About }>) => NoticeText }

/** A dispatch deadline as the language writes it, in UTC and saying so: the feed shows one text to every admin, wherever each is. */
const deadline = (at: string, locale: string) =>
  `${new Date(at).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`
/** The hub code, and the marketplace's own number beside it when the hub gave one. */
const orderNamed = (code: string, remoteCode: string | null, number: string) => (remoteCode ? `${code} (${number} ${remoteCode})` : code)

/** At most this many order codes are named in one notice. */
const CODES_NAMED = 5
const named = (codes: string[]) => `${codes.slice(0, CODES_NAMED).join(", ")}${codes.length > CODES_NAMED ? ", ..." : ""}`

/** SKUs held, five named with the floor in the language's way of writing amounts, or the value it could not read quoted. */
const heldNamed = (skus: HeldPriceSku[], locale: string, under: string, unreadable: string) =>
  named(skus.map((held) => `${held.sku} (${under} ${"floor" in held ? held.floor.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : `"${held.unreadable}" ${unreadable}`})`))
const unreadableCount = (skus: HeldPriceSku[]) => skus.filter((held) => "unreadable" in held).length

const PT_MOVE_NAMES: Readonly<Record<MerchantOrderMoveKind, string>> = {
  invoice: "a nota fiscal",
  ship: "o envio",
  deliver: "a entrega",
  shipment_exception: "a ocorrência de entrega",
  cancel: "o cancelamento",
}

// The hub's words (a refusal, a set-aside reason) are quoted as they came: they are the hub's or Medusa's.
const TEXTS: Record<NotificationLanguage, Texts> = {
  en: {
    "set-aside": ({ code, reason }) => ({
      title: `Marketplace order ${code} was not imported`,
      description: `${reason}. Fix it, and the next import takes it (Marketplace hub > Orders that need you).`,
    }),
    "needs-stock": ({ code }) => ({
      title: `Marketplace order ${code} is short of stock`,
      description: "It is imported and reserved as a backorder: restock its items or cancel it on the order's Marketplace hub card.",
    }),
    "unmapped-warehouse": ({ code, warehouses }) => ({
      title: `Marketplace order ${code} names warehouse ${warehouses.join(", ")}, which no stock location is mapped to`,
      description: "Its lines from there are reserved at the account's default location. Map the warehouse to its location (option warehouses), or move the stock.",
    }),
    "sku-refused": ({ sku, status, message, fields }) => ({
      title: `The hub refused SKU ${sku}`,
      description: `${message} (HTTP ${status}${fields.length ? `; held back: ${fields.join(", ")}` : ""}). See Marketplace hub > SKUs in error.`,
    }),
    "product-refused": ({ sku, status, message }) => ({
      title: `The hub refused to publish product ${sku}`,
      description: `${message}${status ? ` (HTTP ${status})` : ""}. Fix it in Medusa, or use Publish now on the product's page. See Marketplace hub > Catalogue.`,
    }),
    "move-refused": ({ code, kind, error }) => ({
      title: `The hub refused ${MERCHANT_MOVE_NAMES[kind]} for marketplace order ${code}`,
      description: `${error ?? "Refused"}. The order stays as it was on the marketplace: see its Marketplace hub card.`,
    }),
    leaks: ({ codes }) => ({
      title: `${codes.length} canceled marketplace order${codes.length === 1 ? " holds" : "s hold"} reserved stock`,
      description: `${named(codes)}: the hub is told that stock is gone. Marketplace hub > Catalogue sync > Release their stock.`,
    }),
    "marketplace-refused": ({ entity, ids, reason, solution }) => ({
      title:
        ids.length === 1
          ? `A marketplace refused ${entity === "products" ? "SKU" : "order"} ${ids[0]}`
          : `A marketplace refused ${ids.length} ${entity === "products" ? "SKUs" : "orders"}: ${named(ids)}`,
      description: `${reason}${solution ? `. ${solution}` : ""}. The hub took it, the marketplace did not: fix it in Medusa and the next push tells the hub (see its Marketplace hub card).`,
    }),
    "prices-held": ({ skus }) => {
      const unreadable = unreadableCount(skus)
      if (!unreadable) {
        return {
          title: skus.length === 1 ? `The hub price of SKU ${skus[0].sku} is held under its floor` : `${skus.length} hub prices are held under their floor`,
          description: `${heldNamed(skus, "en-US", "floor", "")}: the account's price rules make a price under the floor, so it is not sent and the hub keeps its last price. Change the price in Medusa or the rules (Marketplace hub > Marketplace prices); the product's card shows each.`,
        }
      }
      return {
        title: skus.length === 1 ? `The hub price of SKU ${skus[0].sku} is held: its floor cannot be read` : `${skus.length} hub prices are held (${unreadable} with a floor that cannot be read)`,
        description: `${heldNamed(skus, "en-US", "floor", "cannot be read")}: a floor in a variant's metadata must be an amount such as 90 or 90,00; one that cannot be read holds the price, so it is not sent and the hub keeps its last price. Correct the floor in the variant's metadata in Medusa, or the price or the rules (Marketplace hub > Marketplace prices); the product's card shows each.`,
      }
    },
    outage: ({ minutes }) => ({
      title: "The marketplace hub is not answering",
      description: `For ${minutes} minutes every request to the hub has been refused for its rate limit, failed or gone unanswered: marketplaces keep the last quantities sent and new orders wait. The plugin keeps trying; see the Marketplace hub page.`,
    }),
    "ship-by-near": ({ code, remoteCode, shipBy }) => ({
      title: `Marketplace order ${orderNamed(code, remoteCode, "marketplace number")} must ship by ${deadline(shipBy, "en-US")}`,
      description: "It is not shipped yet. Ship it from the order's Marketplace hub card before the marketplace's dispatch deadline.",
    }),
    "ship-by-passed": ({ code, remoteCode, shipBy }) => ({
      title: `Marketplace order ${orderNamed(code, remoteCode, "marketplace number")} is past its ship-by date`,
      description: `Its dispatch deadline was ${deadline(shipBy, "en-US")} and it is not shipped yet: ship it now from the order's Marketplace hub card; the marketplace may count the delay against the store.`,
    }),
    "sac-message": ({ ticket, orderCode }) => ({
      title: `A new message on the marketplace's customer service ticket ${ticket}${orderCode ? ` (order ${orderCode})` : ""}`,
      description: "The buyer or the marketplace wrote to the store. Read it and answer from Orders > Marketplace after-sale: the marketplace counts an unanswered chat against the seller.",
    }),
    "sac-unanswered": ({ ticket, orderCode, since }) => ({
      title: `Ticket ${ticket}${orderCode ? ` (order ${orderCode})` : ""} is still unanswered`,
      description: `A message to the store has waited since ${deadline(since, "en-US")}. Answer it now from Orders > Marketplace after-sale, before the marketplace counts it against the store.`,
    }),
    "order-returned": ({ code }) => ({
      title: `The marketplace says the goods of order ${code} came back`,
      description: "It put the order in its returned status. Check the goods, then receive the return in Medusa (Orders > Marketplace after-sale, Goods received, for a return asked through a ticket), so the stock and the refund follow.",
    }),
  },
  ptBR: {
    "set-aside": ({ code, reason }) => ({
      title: `O pedido ${code} do marketplace não foi importado`,
      description: `${reason}. Corrija, e a próxima importação o traz (Hub de marketplaces > Pedidos que precisam de você).`,
    }),
    "needs-stock": ({ code }) => ({
      title: `O pedido ${code} do marketplace está sem estoque suficiente`,
      description: "Foi importado e reservado como encomenda: reponha os itens ou cancele-o no cartão Hub de marketplaces do pedido.",
    }),
    "unmapped-warehouse": ({ code, warehouses }) => ({
      title: `O pedido ${code} do marketplace indica o CD ${warehouses.join(", ")}, que não está ligado a nenhum local de estoque`,
      description: "As linhas dele foram reservadas no local padrão da conta. Ligue o CD ao seu local (opção warehouses) ou transfira o estoque.",
    }),
    "sku-refused": ({ sku, status, message, fields }) => ({
      title: `O hub recusou o SKU ${sku}`,
      description: `${message} (HTTP ${status}${fields.length ? `; retidos: ${fields.join(", ")}` : ""}). Veja Hub de marketplaces > SKUs com erro.`,
    }),
    "product-refused": ({ sku, status, message }) => ({
      title: `O hub recusou publicar o produto ${sku}`,
      description: `${message}${status ? ` (HTTP ${status})` : ""}. Corrija no Medusa, ou use Publicar agora na página do produto. Veja Hub de marketplaces > Catálogo.`,
    }),
    "move-refused": ({ code, kind, error }) => ({
      title: `O hub recusou ${PT_MOVE_NAMES[kind]} do pedido ${code} do marketplace`,
      description: `${error ?? "Recusado"}. O pedido continua como estava no marketplace: veja o cartão Hub de marketplaces dele.`,
    }),
    leaks: ({ codes }) => ({
      title: codes.length === 1 ? "1 pedido cancelado do marketplace ainda reserva estoque" : `${codes.length} pedidos cancelados do marketplace ainda reservam estoque`,
      description: `${named(codes)}: o hub está sendo informado de que esse estoque não existe. Hub de marketplaces > Sincronização do catálogo > Liberar o estoque deles.`,
    }),
    "marketplace-refused": ({ entity, ids, reason, solution }) => ({
      title:
        ids.length === 1
          ? `Um marketplace recusou ${entity === "products" ? "o SKU" : "o pedido"} ${ids[0]}`
          : `Um marketplace recusou ${ids.length} ${entity === "products" ? "SKUs" : "pedidos"}: ${named(ids)}`,
      description: `${reason}${solution ? `. ${solution}` : ""}. O hub aceitou, o marketplace não: corrija no Medusa e o próximo envio avisa o hub (veja o cartão Hub de marketplaces).`,
    }),
    "prices-held": ({ skus }) => {
      const unreadable = unreadableCount(skus)
      if (!unreadable) {
        return {
          title: skus.length === 1 ? `O preço do SKU ${skus[0].sku} no hub está retido abaixo do piso` : `${skus.length} preços no hub estão retidos abaixo do piso`,
          description: `${heldNamed(skus, "pt-BR", "piso", "")}: as regras de preço da conta dão um preço abaixo do piso, então ele não é enviado e o hub mantém o último preço. Mude o preço no Medusa ou as regras (Hub de marketplaces > Preços nos marketplaces); o cartão do produto mostra cada um.`,
        }
      }
      return {
        title: skus.length === 1 ? `O preço do SKU ${skus[0].sku} no hub está retido: o piso não pôde ser lido` : `${skus.length} preços no hub estão retidos (${unreadable} com um piso que não pôde ser lido)`,
        description: `${heldNamed(skus, "pt-BR", "piso", "ilegível")}: o piso nos metadados da variante deve ser um valor como 90 ou 90,00; um piso que não pode ser lido retém o preço, então ele não é enviado e o hub mantém o último preço. Corrija o piso nos metadados da variante no Medusa, ou o preço ou as regras (Hub de marketplaces > Preços nos marketplaces); o cartão do produto mostra cada um.`,
      }
    },
    outage: ({ minutes }) => ({
      title: "O hub de marketplaces não está respondendo",
      description: `Há ${minutes} minutos toda requisição ao hub é recusada pelo limite, falha ou fica sem resposta: os marketplaces mantêm as últimas quantidades enviadas e os pedidos novos esperam. O plugin continua tentando; veja a página Hub de marketplaces.`,
    }),
    "ship-by-near": ({ code, remoteCode, shipBy }) => ({
      title: `O pedido ${orderNamed(code, remoteCode, "número no marketplace")} do marketplace deve ser enviado até ${deadline(shipBy, "pt-BR")}`,
      description: "Ainda não foi enviado. Envie-o pelo cartão Hub de marketplaces do pedido antes do prazo de expedição do marketplace.",
    }),
    "ship-by-passed": ({ code, remoteCode, shipBy }) => ({
      title: `O pedido ${orderNamed(code, remoteCode, "número no marketplace")} do marketplace passou do prazo de envio`,
      description: `O prazo de expedição era ${deadline(shipBy, "pt-BR")} e ele ainda não foi enviado: envie-o agora pelo cartão Hub de marketplaces do pedido; o marketplace pode contar o atraso contra a loja.`,
    }),
    "sac-message": ({ ticket, orderCode }) => ({
      title: `Nova mensagem no chamado ${ticket} do SAC do marketplace${orderCode ? ` (pedido ${orderCode})` : ""}`,
      description: "O comprador ou o marketplace escreveu para a loja. Leia e responda em Pedidos > Pós-venda do marketplace: o marketplace conta uma conversa sem resposta contra o vendedor.",
    }),
    "sac-unanswered": ({ ticket, orderCode, since }) => ({
      title: `O chamado ${ticket}${orderCode ? ` (pedido ${orderCode})` : ""} continua sem resposta`,
      description: `Uma mensagem para a loja espera desde ${deadline(since, "pt-BR")}. Responda agora em Pedidos > Pós-venda do marketplace, antes que o marketplace conte isso contra a loja.`,
    }),
    "order-returned": ({ code }) => ({
      title: `O marketplace diz que a mercadoria do pedido ${code} voltou`,
      description: "Ele pôs o pedido no status de itens retornados. Confira a mercadoria e receba a devolução no Medusa (Pedidos > Pós-venda do marketplace, Mercadoria recebida, para uma devolução pedida por um chamado), para que o estoque e o reembolso acompanhem.",
    }),
  },
}

/** How a title names the hub account it is about, when the store has more than the one `default`. */
const ACCOUNT_NAMED: Record<NotificationLanguage, (account: string) => string> = {
  en: (account) => ` (hub account ${account})`,
  ptBR: (account) => ` (conta do hub ${account})`,
}

/** A notice's title and description in `language`; the title names `account` unless it is `default`. */
export function noticeText(facts: MerchantNoticeFacts, language: NotificationLanguage, account: string): NoticeText {
  const text = (TEXTS[language][facts.about] as (facts: MerchantNoticeFacts) => NoticeText)(facts)
  return isDefaultAccount(account) ? text : { ...text, title: `${text.title}${ACCOUNT_NAMED[language](account)}` }
}
