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

/** A relative specifier resolved as TypeScript does, or null (a package). */
function resolved(file: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null
  const base = path.resolve(path.dirname(file), specifier)
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile()) ?? null
}

/** Each import or re-export of a file of src/: the names it takes (`*` for all of them), the file they come from, and whether it re-exports them. */
function namedImports(file: string): Array<{ names: string[]; from: string; reexport: boolean }> {
  const text = fs.readFileSync(file, "utf8")
  return [...text.matchAll(/(import|export)\s+(?:type\s+)?(\{[^}]*\}|\*(?:\s+as\s+\w+)?|\w+(?:\s*,\s*\{[^}]*\})?)\s+from\s+["'](\.[^"']*)["']/g)].flatMap((match) => {
    const from = resolved(file, match[3])
    if (!from) return []
    const braces = /\{([^}]*)\}/.exec(match[2])?.[1]
    const names = braces === undefined ? ["*"] : braces.split(",").map((part) => part.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0]).filter(Boolean)
    return [{ names, from, reexport: match[1] === "export" }]
  })
}

/** Where each name a file exports is defined: its own declarations, and through `export *` and `export { } from`, the files it re-exports. */
function definitions(file: string): Map<string, string> {
  const found = new Map<string, string>()
  const text = fs.readFileSync(file, "utf8")
  for (const match of text.matchAll(/^export\s+(?:declare\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\*?|class|const|let|type|interface|enum)\s+(\w+)/gm)) found.set(match[1], file)
  for (const { names, from } of namedImports(file).filter(({ reexport }) => reexport)) {
    const inner = definitions(from)
    for (const name of names[0] === "*" ? inner.keys() : names) if (!found.has(name)) found.set(name, inner.get(name) ?? from)
  }
  return found
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

/**
 * The hub module's inside (issue 60, one door into the module): its tables' models and its SQL, which
 * only the module itself imports; code outside holds the service, an account (`hub-account.ts`: its
 * records and operations) and the module's words (`types.ts`).
 */
const MODULE_INSIDE = ["modules/hub/repositories/", "modules/hub/models/"]

/**
 * The hub client's wire (issue 60, the hub's words apart from its wire): the one request path, the
 * request budget, paging and documents, the calls by resource that have their own file (categories,
 * sync errors, the marketplace's delivery, the after-sale, the warehouses; their words are in `*-schemas.ts`) and the client's
 * counters (their snapshot's types are `figure-snapshot.ts`), which only the hub module and the client itself import; the
 * hub's words (schemas, types, the status and move tables, `reading.ts`, `errors.ts`' `hubOutcome`)
 * stay everyone's. Read by name through the client's index, as most code imports it.
 */
const HUB_WIRE = ["client", "transport", "hub-call", "categories", "sync-errors", "marketplace-delivery", "sac", "stores", "figures", "rate-limit", "occupancy", "adaptive-limit", "budget-store", "redis-budget-store", "paging", "documents", "bounds", "network-faults", "tracing", "form", "paths"].map(
  (name) => `hub-client/${name}.ts`
)
const WIRE_OWNERS = ["hub-client/", "modules/hub/"]

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

  it("nothing outside the hub module imports its repositories or models", () => {
    const inside = (file: string) => MODULE_INSIDE.some((room) => relative(file).startsWith(room))
    const through = [...graph]
      .filter(([file]) => !relative(file).startsWith("modules/hub/"))
      .flatMap(([file, imported]) => imported.filter(inside).map((target) => `${relative(file)} imports ${relative(target)}`))
    expect(through).toEqual([])
  })

  it("reads which file defines each name a file takes through an index (the wire rule's own check)", () => {
    const index = definitions(path.join(SRC, "hub-client/index.ts"))
    expect(relative(index.get("HubClient")!)).toBe("hub-client/client.ts")
    expect(relative(index.get("hubAccountKey")!)).toBe("hub-client/transport.ts")
    expect(relative(index.get("parseHubOrder")!)).toBe("hub-client/listed-order.ts")
    expect(relative(index.get("hubOutcome")!)).toBe("hub-client/errors.ts")
    expect(namedImports(path.join(SRC, "modules/hub/hub-account.ts"))).toContainEqual({ names: ["HubClient", "HubFiguresSnapshot"], from: path.join(SRC, "hub-client/index.ts"), reexport: false })
  })

  it("nothing outside the hub module and the client imports the client's wire", () => {
    const wire = (defined: string) => HUB_WIRE.includes(relative(defined))
    // The admin bundle too: it may take the hub's words (a move's schema), never its wire.
    const outside = sourceFiles(SRC).filter((file) => !WIRE_OWNERS.some((room) => relative(file).startsWith(room)))
    const taken = outside.flatMap((file) =>
      namedImports(file).flatMap(({ names, from }) => {
        if (!relative(from).startsWith("hub-client/")) return []
        const defined = definitions(from)
        return names.flatMap((name) => {
          const source = name === "*" ? from : (defined.get(name) ?? from)
          return wire(source) || (name === "*" && [...defined.values()].some(wire)) ? [`${relative(file)} imports ${name} (${relative(source)})`] : []
        })
      })
    )
    expect(taken).toEqual([])
  })
})
