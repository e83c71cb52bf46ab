import fs from "node:fs"
import path from "node:path"

/*
 * The hub client is the hub module's own (issue 51; docs/architecture.md, A hub account): code outside
 * src/modules/hub and src/hub-client calls an account's operations (`account.orders`, `.delivery`, ...)
 * and reads a failure through `hubOutcome`, never holding the client, reading `account.hub`, or
 * classifying the client's errors itself. Read from the source, as boundaries.unit.spec.ts does.
 */

const SRC = path.resolve(__dirname, "..")

/**
 * Not read: the client and the module that owns it; and rooms whose `hub` is never an account's (the
 * sandbox's is the sandbox hub it serves; the admin bundle reaches the plugin through its routes only,
 * both held to that by boundaries.unit.spec.ts).
 */
const NOT_READ = ["hub-client/", "modules/hub/", "sandbox/", "admin/"]

/** What gives a file the client: its classes by name, the account's `hub` read or destructured, or a hub error classified by class. */
const HOLDING = [
  { what: "names the client or a part of it", pattern: /\b(HubClient|HubOperations|HubMarketplaceDelivery|HubSyncErrors|HubCategories)\b/ },
  { what: "reads an account's hub", pattern: /\.hub\b(?![-.]example)|\{[^{}]*\bhub\b[^{}]*\}\s*=/ },
  { what: "classifies hub errors itself", pattern: /instanceof Hub\w*Error\b|\bisHubError\(/ },
]

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : sourceFiles(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** `file: what` for each way a file of src/ outside the module and the client holds the client. */
function holders(): string[] {
  return sourceFiles(SRC)
    .map((file) => path.relative(SRC, file).split(path.sep).join("/"))
    .filter((file) => !NOT_READ.some((room) => file.startsWith(room)))
    .flatMap((file) => {
      const text = fs.readFileSync(path.join(SRC, file), "utf8")
      return HOLDING.filter(({ pattern }) => pattern.test(text)).map(({ what }) => `${file}: ${what}`)
    })
}

describe("the hub client is the hub module's own", () => {
  const found = holders()

  it("finds each way of holding it (the rule's own check)", () => {
    const texts = ["const { hub } = hubModule.account(id)", "const { id, hub: client } = account", "account.hub.getOrder(code)", "error instanceof HubRefusedError", "if (!isHubError(error))", "client: HubOperations"]
    expect(texts.filter((text) => !HOLDING.some(({ pattern }) => pattern.test(text)))).toEqual([])
    expect(["const hub: HubModuleService = scope.resolve(HUB_MODULE)", "hub.account(id).records", 'baseUrl: "https://api.hub.example"', "hubOutcome(error)"].filter((text) => HOLDING.some(({ pattern }) => pattern.test(text)))).toEqual([])
  })

  it("nothing outside src/modules/hub and src/hub-client holds it", () => {
    expect(found).toEqual([])
  })
})
