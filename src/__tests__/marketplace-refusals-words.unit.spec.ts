import fs from "node:fs"
import path from "node:path"

/*
 * What a marketplace refused after the hub took it has one name for the merchant: marketplace
 * refusals (recusas do marketplace). The hub's own word, sync errors, stays in code (its endpoint
 * `/sync_errors/...`, the table, the option's key) and in the route alias kept until the next minor.
 */

const ROOT = path.resolve(__dirname, "../..")
const I18N = path.join(ROOT, "src/admin/i18n")
const SYNC_ERRORS = /\bsync[ -]?errors?\b|\berros? de sincroniza/i

/** Every string a JSON text file holds, with its key path. */
function texts(value: unknown, at: string): Array<[string, string]> {
  if (typeof value === "string") return [[at, value]]
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, inner]) => texts(inner, `${at}.${key}`))
  return []
}

/** A Markdown file's paragraphs, without its code (blocks and spans name code and the hub's endpoints, not the merchant's words). */
const prose = (markdown: string) =>
  markdown
    .replace(/```[\s\S]*?```/g, "")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/`[^`\n]*`/g, ""))

const docs = [path.join(ROOT, "README.md"), ...fs.readdirSync(path.join(ROOT, "docs")).filter((name) => name.endsWith(".md")).map((name) => path.join(ROOT, "docs", name))]

describe("marketplace refusals, one name", () => {
  it("the admin's English and Portuguese texts never say sync errors", () => {
    const files = fs.readdirSync(I18N, { withFileTypes: true }).filter((entry) => entry.isDirectory()).flatMap((entry) => ["en.json", "ptBR.json"].map((name) => path.join(I18N, entry.name, name)))
    expect(files.length).toBeGreaterThanOrEqual(2)
    const said = files.flatMap((file) => texts(JSON.parse(fs.readFileSync(file, "utf8")), path.relative(I18N, file)).filter(([, text]) => SYNC_ERRORS.test(text)))
    expect(said).toEqual([])
  })

  it("the README and docs/ never say sync errors outside code", () => {
    const said = docs.flatMap((file) =>
      prose(fs.readFileSync(file, "utf8")).flatMap((paragraph) => {
        const at = paragraph.search(SYNC_ERRORS)
        return at === -1 ? [] : [`${path.relative(ROOT, file)}: ...${paragraph.slice(Math.max(0, at - 60), at + 40)}...`]
      })
    )
    expect(said).toEqual([])
  })

  it("a doc naming the route before 0.4, /admin/hub/sync-errors, says it is an alias until the next minor version", () => {
    const paragraphs = docs.flatMap((file) => fs.readFileSync(file, "utf8").split(/\n\s*\n/).map((paragraph) => [path.relative(ROOT, file), paragraph] as const))
    const naming = paragraphs.filter(([, paragraph]) => paragraph.includes("/admin/hub/sync-errors"))
    expect(naming.length).toBeGreaterThan(0)
    expect(naming.filter(([, paragraph]) => !/until the next minor version/.test(paragraph)).map(([file, paragraph]) => `${file}: ${paragraph.slice(0, 120)}`)).toEqual([])
  })
})
