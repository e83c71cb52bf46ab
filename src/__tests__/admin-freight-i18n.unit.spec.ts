import fs from "node:fs"
import path from "node:path"
import en from "../admin/i18n/freight/en.json"
import ptBR from "../admin/i18n/freight/ptBR.json"
import resources from "../admin/i18n"

/* Settings → Marketplace freight's text (its own files): both languages hold every key the page asks for. */

const keysOf = (tree: object, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === "object" && value ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]))

describe("the freight page's text", () => {
  it("English and Portuguese (Brazil) have the same keys, registered under marketplaceHub.freight", () => {
    expect(keysOf(ptBR).sort()).toEqual(keysOf(en).sort())
    expect(resources.en.translation.marketplaceHub.freight).toBe(en)
    expect(resources.ptBR.translation.marketplaceHub.freight).toBe(ptBR)
  })

  it("has every key the page and its parts ask for, in each language", () => {
    const parts = path.join(__dirname, "../admin/components/freight")
    const files = [path.join(__dirname, "../admin/routes/settings/marketplace-freight/page.tsx"), ...fs.readdirSync(parts).map((file) => path.join(parts, file))]
    const source = files.map((file) => fs.readFileSync(file, "utf8")).join("\n")
    const asked = [...source.matchAll(/\bt\(\s*"([^"]+)"/g)].map((match) => match[1].replace(/^marketplaceHub\.freight\./, ""))
    const templated = [...source.matchAll(/\bt\(\s*`([^`$]+)\$\{/g)].map((match) => match[1])
    expect(asked.length).toBeGreaterThan(20)
    for (const language of [en, ptBR]) {
      const keys = keysOf(language)
      // A count's key is its plural forms (i18next: key_one, key_other).
      const has = (key: string) => keys.includes(key) || (keys.includes(`${key}_one`) && keys.includes(`${key}_other`))
      expect(asked.filter((key) => !has(key))).toEqual([])
      expect(templated.filter((prefix) => !keys.some((key) => key.startsWith(prefix)))).toEqual([])
    }
  })
})
