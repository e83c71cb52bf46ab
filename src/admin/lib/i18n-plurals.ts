import type { i18n as I18n } from "i18next"
import { initReactI18next } from "react-i18next"

/*
 * Medusa's admin names its languages by codes of its own ("ptBR", "zhCN": the dashboard's
 * src/i18n/languages.ts), and registers the plugin's texts under them. i18next picks a plural form
 * with Intl.PluralRules, which takes BCP 47 codes only: for "ptBR" it finds no rule, warns "no plural
 * rule found for: ptBR" on every count, and falls back to the English form. The plural resolver of
 * the admin's i18next is taught to read Medusa's codes as BCP 47 ("pt-BR"), for the plugin's texts
 * and Medusa's own alike.
 */

/** A code of Medusa's admin as BCP 47: "ptBR" -> "pt-BR"; any other code as it is. */
export const bcp47 = (code: string): string => code.replace(/^([a-z]{2,3})([A-Z]{2})$/, "$1-$2")

type PluralResolver = { getRule: (code: string, options?: object) => unknown; hubBcp47?: true }

/** Teaches an initialised i18next Medusa's language codes for its plural rules; once per instance. */
export function teachPluralRules(i18n: I18n | undefined): void {
  const resolver = i18n?.services?.pluralResolver as PluralResolver | undefined
  if (!resolver || resolver.hubBcp47) return
  const getRule = resolver.getRule.bind(resolver)
  resolver.getRule = (code, options) => getRule(bcp47(code), options)
  resolver.hubBcp47 = true
}

/**
 * The admin's i18next, taught as it initialises: react-i18next's module is the dashboard's own
 * (the admin bundler shares it with extensions), and its `init` runs inside i18next's, once the
 * plural resolver exists and before any text is drawn.
 */
const reactInit = initReactI18next.init.bind(initReactI18next)
initReactI18next.init = (instance: I18n) => {
  reactInit(instance)
  teachPluralRules(instance)
}
