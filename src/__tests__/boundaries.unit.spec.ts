import fs from "node:fs"
import path from "node:path"

/*
 * The rooms' import rules (docs/architecture.md, "The code map"), read from the source itself:
 * the admin bundle depends on the routes' answers only, the hub client on no framework, and the
 * sandbox hub on nothing of the plugin but the published facts it serves.
 */

const SRC = path.resolve(__dirname, "..")

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : sourceFiles(full)
    return /\.(ts|tsx|json)$/.test(entry.name) ? [full] : []
  })
}

/** Every module a file imports or re-exports: a relative one as "src/" and its path, a package by its name. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8")
  const specifiers = [...text.matchAll(/(?:import|export)\s[^"']*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map(
    (match) => match[1] ?? match[2]
  )
  return specifiers.map((specifier) =>
    specifier.startsWith(".") ? `src/${path.relative(SRC, path.resolve(path.dirname(file), specifier)).split(path.sep).join("/")}` : specifier
  )
}

/** `file imports target` for every import of the room's files that `forbidden` matches. */
function violations(room: string, forbidden: (target: string) => boolean): string[] {
  return sourceFiles(path.join(SRC, room)).flatMap((file) =>
    importsOf(file)
      .filter(forbidden)
      .map((target) => `${path.relative(SRC, file)} imports ${target}`)
  )
}

describe("where each room may import from", () => {
  it("reads imports and re-exports, relative and package ones (the rule's own check)", () => {
    const imports = importsOf(path.join(SRC, "api/admin/hub/types.ts"))
    expect(imports).toContain("src/modules/hub/service")
    expect(imports).toContain("src/sync/orders/order-listing")
    expect(importsOf(path.join(SRC, "sandbox/move-rules.ts"))).toContain("zod")
  })

  it("the admin takes its types from the routes' answers (src/api/admin/hub/types.ts), never from the module, drivers or mappings", () => {
    expect(violations("admin", (target) => /^src\/(modules|sync|mapping|workflows)(\/|$)/.test(target))).toEqual([])
  })

  it("the hub client is framework-free: no Medusa package and nothing of the plugin's other rooms", () => {
    expect(violations("hub-client", (target) => target.startsWith("@medusajs/") || (target.startsWith("src/") && !target.startsWith("src/hub-client/")))).toEqual([])
  })

  it("the drivers' rooms (src/sync/orders, catalogue, moves) share only src/sync/shared, never each other's files", () => {
    for (const room of ["orders", "catalogue", "moves"]) {
      expect(violations(`sync/${room}`, (target) => target.startsWith("src/sync/") && !target.startsWith(`src/sync/${room}/`) && !target.startsWith("src/sync/shared/"))).toEqual([])
    }
  })

  it("process state lives in the hub module's process parts, not in a module-level variable of a driver or step", () => {
    const files = [...sourceFiles(path.join(SRC, "sync")), ...sourceFiles(path.join(SRC, "workflows"))]
    const mutable = files.flatMap((file) =>
      fs
        .readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => /^(let|var) /.test(line) || /^(export )?const \w+ = new (Map|Set|WeakMap)\b/.test(line))
        .map((line) => `${path.relative(SRC, file)}: ${line}`)
    )
    expect(mutable).toEqual([])
  })

  it("the hub module's service is one class: nothing else in the module extends Medusa's service factory, and the service extends nothing of the module's", () => {
    const moduleFiles = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? (entry.name === "__tests__" ? [] : moduleFiles(path.join(dir, entry.name))) : /\.ts$/.test(entry.name) ? [path.join(dir, entry.name)] : []))
    const factories = moduleFiles(path.join(SRC, "modules/hub")).filter((file) => /extends MedusaService\(/.test(fs.readFileSync(file, "utf8")))
    expect(factories.map((file) => path.relative(SRC, file))).toEqual(["modules/hub/service.ts"])
    expect(fs.readFileSync(path.join(SRC, "modules/hub/service.ts"), "utf8").match(/^export default class \w+ extends (\w+)/m)?.[1]).toBe("MedusaService")
  })

  it("an account is an object the code holds: no method of the hub module's service takes an account id (its rows are `account(id).records`)", () => {
    const service = fs.readFileSync(path.join(SRC, "modules/hub/service.ts"), "utf8")
    // A method's signature line (`async name(`, or `name(` in the class body) naming a parameter `account...: string`.
    const takingAnId = service.split("\n").filter((line) => /^\s{2}(async )?\w+\(.*\baccount\w*\??: string/.test(line) && !/^\s{2}account\(id: string\)/.test(line))
    expect(takingAnId).toEqual([])
  })

  it("the sandbox keeps its own reading of the hub: nothing from the client's move rules or bodies, nor from the module", () => {
    expect(violations("sandbox", (target) => target === "src/hub-client/order-moves" || /^src\/(modules|sync|mapping|workflows|api|admin)(\/|$)/.test(target))).toEqual([])
  })
})

describe("one spelling", () => {
  it("says fulfillment, as Medusa does, everywhere in src/ (code, comments and the admin's translations)", () => {
    const misspelled = sourceFiles(SRC).filter((file) => /fulfi[l]ment/i.test(fs.readFileSync(file, "utf8"))).map((file) => path.relative(SRC, file))
    expect(misspelled).toEqual([])
  })
})
