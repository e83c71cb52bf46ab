import fs from "node:fs"
import path from "node:path"

/*
 * Data flows one way (docs/architecture.md, The code map): no file reaches itself through its imports,
 * and no room imports a room of a higher layer. Read from the source, type imports included: a type
 * taken from above is a dependency on that room all the same.
 */

const SRC = path.resolve(__dirname, "..")

/**
 * The layers, lowest first: a room imports its own layer and those below. The admin is a bundle of its
 * own, held to the routes' answers by boundaries.unit.spec.ts.
 */
const LAYERS: string[][] = [
  ["hub-client"],
  ["mapping", "sandbox"],
  ["modules"],
  ["links", "queries", "notifications"],
  ["workflows"],
  ["sync"],
  ["subscribers", "jobs", "api", "scripts"],
]

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : sourceFiles(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** The files of src/ a file imports or re-exports (relative specifiers resolved as TypeScript does). */
function importedFiles(file: string): string[] {
  const text = fs.readFileSync(file, "utf8")
  const specifiers = [...text.matchAll(/(?:import|export)\s[^"']*?from\s+["'](\.[^"']*)["']|import\(\s*["'](\.[^"']*)["']\s*\)/g)].map((match) => match[1] ?? match[2])
  return specifiers.flatMap((specifier) => {
    const base = path.resolve(path.dirname(file), specifier)
    const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile())
    return found ? [found] : []
  })
}

/** Each circle of the graph (a strongly connected part of more than one file, or a file importing itself), its files sorted. */
export function circles(graph: Map<string, string[]>): string[][] {
  const order = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string) => {
    order.set(node, order.size)
    low.set(node, order.get(node)!)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, order.get(next)!))
    }
    if (low.get(node) !== order.get(node)) return
    const part: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      part.push(member)
    } while (member !== node)
    if (part.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(part.sort())
  }
  for (const node of graph.keys()) if (!order.has(node)) visit(node)
  return found
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join("/")
const layerOf = (file: string) => LAYERS.findIndex((rooms) => rooms.includes(relative(file).split("/")[0]))

describe("imports run one way", () => {
  const files = sourceFiles(SRC).filter((file) => !relative(file).startsWith("admin/"))
  const graph = new Map(files.map((file) => [file, importedFiles(file)]))

  it("finds a circle where there is one (the rule's own check)", () => {
    const made = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a", "d"]],
      ["e", ["d"]],
    ])
    expect(circles(made)).toEqual([["a", "b", "c"], ["d"]])
    expect(importedFiles(path.join(SRC, "workflows/index.ts"))).toContain(path.join(SRC, "modules/hub/events.ts"))
  })

  it("no file of src/ reaches itself through its imports", () => {
    expect(circles(graph).map((part) => part.map(relative))).toEqual([])
  })

  it("every room of src/ has a layer, and none imports a room of a higher one", () => {
    expect(files.filter((file) => layerOf(file) < 0).map(relative)).toEqual([])
    const upward = [...graph].flatMap(([file, imported]) =>
      imported.filter((target) => layerOf(target) > layerOf(file)).map((target) => `${relative(file)} imports ${relative(target)}`)
    )
    expect(upward).toEqual([])
  })
})
