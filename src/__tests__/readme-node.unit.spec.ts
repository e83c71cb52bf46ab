import fs from "node:fs"
import path from "node:path"

/*
 * The README and package.json say one Node.js: the range `engines` gives npm is the one the README
 * (and the docs a developer or a store reads first) asks for, each time they name a version.
 */

const ROOT = path.resolve(__dirname, "../..")
const engines: string = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).engines.node

/** `^20.19.0 || >=22.12.0` in the README's words: "Node.js 20.19+ or 22.12+". */
function inWords(range: string): string {
  const floors = range.split("||").map((part) => {
    const match = part.trim().match(/^(?:\^|>=)\s*(\d+)\.(\d+)\.\d+$/)
    if (!match) throw new Error(`engines.node part ${part.trim()} is not ^x.y.z or >=x.y.z`)
    return `${match[1]}.${match[2]}+`
  })
  return `Node.js ${floors.join(" or ")}`
}

describe("the Node.js the README asks for", () => {
  it.each(["README.md", "docs/development.md", "docs/install.md"])("is package.json's engines, wherever %s names a version", (file) => {
    const text = fs.readFileSync(path.join(ROOT, file), "utf8")
    const named = [...text.matchAll(/Node\.js\s+\d[\d.+]*(?:\s+or\s+\d[\d.+]*)?/g)].map((match) => match[0].replace(/\s+/g, " "))
    expect(named.length).toBeGreaterThan(0)
    expect([...new Set(named)]).toEqual([inWords(engines)])
  })
})
