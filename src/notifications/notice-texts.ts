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
  | { about: "sku-refused"; sku: string; status: number; message: string; fields: string[] }
  | { about: "product-refused"; sku: string; status: number | null; message: string }
  | { about: "move-refused"; code: string; kind: MerchantOrderMoveKind; error: string | null }
  | { about: "leaks"; codes: string[] }
  | { about: "outage"; minutes: number }
  | { about: "prices-held"; skus: HeldPriceSku[] }
  | { about: "marketplace-refused"; entity: "products" | "orders"; ids: string[]; reason: string; solution: string | null }

/** A SKU whose price the rules hold: under its floor, or under a floor in its metadata they could not read (`unreadable`: as written). */
export type HeldPriceSku = { sku: string; floor: number } | { sku: string; unreadable: string }

type NoticeText = { title: string; description: string }
type Texts = { [About in MerchantNoticeFacts["about"]]: (facts: Extract<MerchantNoticeFacts, { about: About }>) => NoticeText }

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
