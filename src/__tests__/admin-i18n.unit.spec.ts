import fs from "node:fs"
import path from "node:path"
import { NFE_PROBLEMS } from "../mapping/nfe-xml"
import { HUB_DELIVERY_ACTIONS } from "../modules/hub/types"

/*
 * The admin's text (src/admin/i18n): every language has the same keys, every key the admin uses
 * exists, no text is empty, each translation keeps its {{values}}, and the Portuguese is Portuguese
 * (a text equal to its English one is listed here on purpose, or it is a text left untranslated).
 */

const ADMIN = path.resolve(__dirname, "../admin")
const PARTS = ["page", "card", "product", "afterSale"] as const
const LANGUAGES = ["en", "ptBR"] as const
/** A part's folder under i18n/, where it is not the part's name. */
const FOLDERS: Partial<Record<(typeof PARTS)[number], string>> = { afterSale: "after-sale" }

/** Texts that read the same in both languages (codes, names, abbreviations). */
const SAME_IN_BOTH = new Set(["page.connection.columns.endpoint", "page.connection.columns.bucket", "page.traffic.endpoint", "page.catalogue.columns.sku", "page.import.columns.marketplace", "page.hubOrders.columns.marketplace", "page.catalogue.fields.status", "card.fields.marketplace", "card.delivery.kinds.correios", "card.delivery.kinds.direct", "card.delivery.kinds.fulfillment", "page.delivery.columns.plp", "page.delivery.plps.heading", "page.prices.columns.medusa", "page.refusals.columns.sku", "afterSale.line", "afterSale.lineNamed", "afterSale.roles.B2W", "afterSale.refundLine"])

type Texts = { [key: string]: string | Texts }

function flatten(texts: Texts, prefix = ""): Map<string, string> {
  const flat = new Map<string, string>()
  for (const [key, value] of Object.entries(texts)) {
    const full = prefix ? `${prefix}.${key}` : key
    if (typeof value === "string") flat.set(full, value)
    else for (const [inner, text] of flatten(value, full)) flat.set(inner, text)
  }
  return flat
}

const texts = Object.fromEntries(
  PARTS.map((part) => [
    part,
    Object.fromEntries(LANGUAGES.map((language) => [language, flatten(JSON.parse(fs.readFileSync(path.join(ADMIN, "i18n", FOLDERS[part] ?? part, `${language}.json`), "utf8")))])),
  ])
) as Record<(typeof PARTS)[number], Record<(typeof LANGUAGES)[number], Map<string, string>>>

function adminFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "i18n" ? [] : adminFiles(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** The keys each file asks for, with the part its useHubTranslation names: `t("a.b")`, and `t(`a.${x}`)` as a prefix "a.". */
function usedKeys(): Array<{ file: string; part: string; key: string; prefix: boolean }> {
  return adminFiles(ADMIN).flatMap((file) => {
    const source = fs.readFileSync(file, "utf8")
    const part = source.match(/useHubTranslation\("(page|card|product|afterSale)"\)/)?.[1]
    if (!part) return []
    const exact = [...source.matchAll(/\bt\(\s*"([^"]+)"/g)].map((match) => ({ key: match[1], prefix: false }))
    const templated = [...source.matchAll(/\bt\(\s*`([^`$]+)\$\{/g)].map((match) => ({ key: match[1], prefix: true }))
    return [...exact, ...templated].map((used) => ({ file: path.relative(ADMIN, file), part, ...used }))
  })
}

describe("the admin's text in English and Portuguese (Brazil)", () => {
  it.each(PARTS)("%s: both languages have the same keys", (part) => {
    const en = [...texts[part].en.keys()]
    const ptBR = [...texts[part].ptBR.keys()]
    expect({ missingInPtBR: en.filter((key) => !texts[part].ptBR.has(key)), missingInEn: ptBR.filter((key) => !texts[part].en.has(key)) }).toEqual({
      missingInPtBR: [],
      missingInEn: [],
    })
    expect(en.length).toBeGreaterThan(10)
  })

  it.each(PARTS)("%s: no text is empty, and each translation keeps its {{values}}", (part) => {
    const valuesOf = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort()
    const wrong = [...texts[part].en].flatMap(([key, en]) => {
      const ptBR = texts[part].ptBR.get(key) ?? ""
      if (!en.trim() || !ptBR.trim()) return [`${key}: empty`]
      return JSON.stringify(valuesOf(en)) === JSON.stringify(valuesOf(ptBR)) ? [] : [`${key}: {{${valuesOf(en)}}} in en, {{${valuesOf(ptBR)}}} in ptBR`]
    })
    expect(wrong).toEqual([])
  })

  it("leaves no English text on the Portuguese admin (by the keys)", () => {
    const untranslated = PARTS.flatMap((part) =>
      [...texts[part].en].filter(([key, en]) => texts[part].ptBR.get(key) === en && !SAME_IN_BOTH.has(`${part}.${key}`)).map(([key]) => `${part}.${key}`)
    )
    expect(untranslated).toEqual([])
  })

  it("has every key the admin's components ask for", () => {
    const used = usedKeys()
    // The scan itself finds what the components use.
    expect(used.filter((entry) => entry.part === "page").length).toBeGreaterThan(20)
    expect(used.filter((entry) => entry.part === "card").length).toBeGreaterThan(20)
    expect(used.filter((entry) => entry.part === "product").length).toBeGreaterThan(20)
    const missing = used
      .filter(({ part, key, prefix }) => {
        const keys = [...texts[part as (typeof PARTS)[number]].en.keys()]
        // A count's text is found by its plural forms (`key_one`, `key_other`: i18next's).
        return prefix ? !keys.some((candidate) => candidate.startsWith(key)) : !keys.includes(key) && !keys.includes(`${key}_other`)
      })
      .map(({ file, part, key }) => `${file}: ${part}.${key}`)
    expect(missing).toEqual([])
  })

  it("says a count through i18next's plural forms, never with '(s)', each form in both languages", () => {
    const brackets = PARTS.flatMap((part) =>
      LANGUAGES.flatMap((language) =>
        [...texts[part][language]].filter(([, text]) => /[a-zà-ú]\((?:s|es|ns|ões)\)/i.test(text.replace(/https?\(s\)/g, ""))).map(([key]) => `${part}.${key} (${language})`)
      )
    )
    expect(brackets).toEqual([])
    const halves = PARTS.flatMap((part) =>
      LANGUAGES.flatMap((language) => {
        const keys = [...texts[part][language].keys()]
        return keys
          .filter((key) => /_(one|other)$/.test(key))
          .filter((key) => !keys.includes(key.replace(/_(one|other)$/, "_one")) || !keys.includes(key.replace(/_(one|other)$/, "_other")) || !texts[part][language].get(key)!.includes("{{count}}"))
          .map((key) => `${part}.${key} (${language})`)
      })
    )
    expect(halves).toEqual([])
  })

  it("says every NF-e XML problem the plugin refuses, and every delivery action, in each language", () => {
    for (const language of ["en", "ptBR"] as const) {
      const card = texts.card[language]
      expect(NFE_PROBLEMS.filter((problem) => !card.has(`invoice.xmlProblems.${problem}`))).toEqual([])
      expect(HUB_DELIVERY_ACTIONS.filter((action) => !card.has(`deliveryActions.kinds.${action}`))).toEqual([])
    }
  })

  it("no component shows a text of its own outside the translations (no JSX text in English)", () => {
    // A capitalised English word between tags, or a string prop a merchant reads, marks text not translated.
    const offenders = adminFiles(ADMIN).flatMap((file) => {
      const source = fs.readFileSync(file, "utf8")
      return [...source.matchAll(/>\s*([A-Z][a-z]+(?: [a-z]+)+)\s*</g)].map((match) => `${path.relative(ADMIN, file)}: ${match[1]}`)
    })
    expect(offenders).toEqual([])
  })
})
