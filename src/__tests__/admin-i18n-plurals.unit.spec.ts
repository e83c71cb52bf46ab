import i18next from "i18next"
import { initReactI18next } from "react-i18next"
import { bcp47, teachPluralRules } from "../admin/lib/i18n-plurals"

/*
 * The admin's plurals in Portuguese: Medusa's admin names Portuguese (Brazil) "ptBR", which Intl's
 * plural rules do not know; taught, i18next picks the Portuguese form, not the English fallback.
 */

const resources = {
  en: { translation: { rules_one: "{{count}} rule", rules_other: "{{count}} rules" } },
  ptBR: { translation: { rules_one: "{{count}} regra", rules_other: "{{count}} regras" } },
}

async function admin(options: { taught: boolean; react?: boolean }) {
  const instance = i18next.createInstance()
  if (options.react) instance.use(initReactI18next)
  await instance.init({ lng: "ptBR", fallbackLng: "en", resources, interpolation: { escapeValue: false } })
  if (options.taught) teachPluralRules(instance)
  return instance
}

describe("the admin's plural forms in Portuguese (Brazil)", () => {
  it("reads Medusa's language codes as BCP 47", () => {
    expect(["ptBR", "ptPT", "zhCN", "en", "de", "pt-BR"].map(bcp47)).toEqual(["pt-BR", "pt-PT", "zh-CN", "en", "de", "pt-BR"])
  })

  it("falls back to English for a count in ptBR until taught (i18next finds no plural rule for that code)", async () => {
    const untaught = await admin({ taught: false })
    expect(untaught.t("rules", { count: 2 })).toBe("2 rules")
  })

  it("picks the Portuguese singular and plural once taught", async () => {
    const taught = await admin({ taught: true })
    expect([1, 2, 5].map((count) => taught.t("rules", { count }))).toEqual(["1 regra", "2 regras", "5 regras"])
    // Taught twice, the same.
    teachPluralRules(taught)
    expect(taught.t("rules", { count: 2 })).toBe("2 regras")
  })

  it("is taught as the admin's i18next starts with react-i18next, as Medusa's dashboard starts it", async () => {
    const dashboard = await admin({ taught: false, react: true })
    expect(dashboard.t("rules", { count: 1 })).toBe("1 regra")
    expect(dashboard.t("rules", { count: 3 })).toBe("3 regras")
  })
})
