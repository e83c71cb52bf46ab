/*
 * The plugin's admin text in each language Medusa's admin offers it in (the admin user's choice,
 * kept by the dashboard as `lng`): Medusa merges these resources into its own `translation`
 * namespace, under the plugin's one key `marketplaceHub` so nothing collides with Medusa's keys.
 * The hub page's text is in page/, the order card's in card/, the product page's card (and its
 * states and problems, which the hub page shows too) in product/, Settings → Marketplace freight's in freight/, Orders → Marketplace after-sale's in after-sale/. A language is added with the same
 * files under its key (Medusa's language codes: "en", "ptBR", ...); src/__tests__/admin-i18n.unit.spec.ts
 * holds every language to the same keys. A count is said through i18next's plural forms (`key_one`,
 * `key_other`, with `{{count}}`), never "(s)".
 */
// Teaches the admin's i18next Medusa's language codes for its plural forms ("ptBR": lib/i18n-plurals.ts).
import "../lib/i18n-plurals"
import cardEn from "./card/en.json"
import cardPtBR from "./card/ptBR.json"
import pageEn from "./page/en.json"
import pagePtBR from "./page/ptBR.json"
import productEn from "./product/en.json"
import productPtBR from "./product/ptBR.json"
import freightEn from "./freight/en.json"
import freightPtBR from "./freight/ptBR.json"
import afterSaleEn from "./after-sale/en.json"
import afterSalePtBR from "./after-sale/ptBR.json"

export default {
  en: { translation: { marketplaceHub: { page: pageEn, card: cardEn, product: productEn, freight: freightEn, afterSale: afterSaleEn } } },
  ptBR: { translation: { marketplaceHub: { page: pagePtBR, card: cardPtBR, product: productPtBR, freight: freightPtBR, afterSale: afterSalePtBR } } },
}
