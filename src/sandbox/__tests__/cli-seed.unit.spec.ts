import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { HUB_DAY_MS } from "../../hub-client/endpoints"
import { hubPluginOptionsSchema } from "../../modules/hub/options"
import { CliUsageError, parseSandboxArgs, parseSkuFile, parseSkuList, SANDBOX_CLI_USAGE } from "../cli"
import { buildControlRoutes } from "../control-routes"
import type { SandboxHub } from "../hub"
import { DEFAULT_SEED_DAYS } from "../seed"
import { startSandboxHub } from "../server"
import { SandboxHubState } from "../state"

describe("hub-sandbox: a store's own SKUs", () => {
  it("reads --skus with and without quantities", () => {
    expect(parseSkuList("TSHIRT-S:10, TSHIRT-M,MUG:0")).toEqual([
      { sku: "TSHIRT-S", qty: 10 },
      { sku: "TSHIRT-M", qty: 100 },
      { sku: "MUG", qty: 0 },
    ])
    expect(parseSandboxArgs(["--skus", "A,B:2", "--orders", "5"])).toEqual({
      port: 4010,
      seed: { orders: 5, skus: [{ sku: "A", qty: 100 }, { sku: "B", qty: 2 }] },
    })
  })

  it("reads a --skus-file: one SKU a line, quantity after a space, comma or colon; # and blank lines skipped", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "hub-sandbox-skus-")), "skus.txt")
    fs.writeFileSync(file, "# my store\nMUG 3\r\n\nCAP,7\nSHIRT:0\nSOCKS\n")
    expect(parseSandboxArgs(["--skus-file", file]).valueOf()).toEqual({
      port: 4010,
      seed: {
        skus: [
          { sku: "MUG", qty: 3 },
          { sku: "CAP", qty: 7 },
          { sku: "SHIRT", qty: 0 },
          { sku: "SOCKS", qty: 100 },
        ],
      },
    })
    expect(() => parseSandboxArgs(["--skus-file", path.join(path.dirname(file), "missing.txt")])).toThrow("cannot read it (ENOENT)")
  })

  it.each([
    [() => parseSkuList("A,,B"), "--skus expects SKUs separated by commas"],
    [() => parseSkuList("A:x"), 'expected a SKU, optionally followed by its quantity (e.g. MUG:3), got "A:x"'],
    [() => parseSkuFile("MUG 3 4\n", "f.txt"), "--skus-file f.txt line 1"],
    [() => parseSkuFile("# nothing\n\n", "f.txt"), "--skus-file f.txt holds no SKU"],
    [() => parseSandboxArgs(["--orders", "5"]), "--orders needs --products, --skus or --skus-file"],
  ])("refuses a bad list (%#)", (parse, message) => {
    expect(parse).toThrow(CliUsageError)
    expect(parse).toThrow(message)
  })

  it("seeds the SKUs with their quantities, and the orders sell them", async () => {
    const hub = await startSandboxHub({
      port: 0,
      seed: { skus: [{ sku: "MUG", qty: 3 }, { sku: "CAP", qty: 0 }], orders: 4 },
    })
    try {
      expect(hub.getProduct("MUG")).toMatchObject({ sku: "MUG", qty: 3, status: "enabled" })
      expect(hub.getProduct("CAP")).toMatchObject({ qty: 0 })
      const codes = hub.orderCodes()
      expect(codes).toHaveLength(4)
      const sold = new Set(codes.flatMap((code) => hub.getOrder(code)!.items.map((item) => item.id)))
      expect([...sold].every((sku) => sku === "MUG" || sku === "CAP")).toBe(true)
    } finally {
      await hub.stop()
    }
  })
})

describe("hub-sandbox: seeded orders are inside the plugin's default look-back", () => {
  it("spreads them over the plugin's default importLookbackDays", () => {
    const lookback = hubPluginOptionsSchema.shape.importLookbackDays.parse(undefined)
    expect(DEFAULT_SEED_DAYS).toBe(lookback)
    expect(SANDBOX_CLI_USAGE).toContain(`(default ${lookback}: the plugin's default look-back`)
  })

  it("places every seeded order where a default import reads (now - 7 days .. now)", () => {
    const now = new Date("2025-03-10T00:30:00.000Z")
    const state = new SandboxHubState({ now: () => now })
    state.seedProducts(5)
    state.seedOrders(200)
    const { orders } = state.listOrders({ page: 1, perPage: 1000, filters: {} })
    expect(orders).toHaveLength(200)
    const importFrom = now.getTime() - DEFAULT_SEED_DAYS * HUB_DAY_MS
    const placed = orders.map((order) => Date.parse(order.placed_at!))
    expect(Math.min(...placed)).toBeGreaterThanOrEqual(importFrom)
    expect(Math.max(...placed)).toBeLessThanOrEqual(now.getTime())
  })
})

describe("hub-sandbox --help", () => {
  it("lists every control endpoint", () => {
    const routes = buildControlRoutes({} as SandboxHub, {} as SandboxHubState)
    for (const route of routes) {
      const listed = `${route.method.padEnd(6)} /_sandbox${route.path.replace(":code", "<code>").replace(":sku", "<sku>")}`
      expect(SANDBOX_CLI_USAGE).toContain(listed)
    }
    expect(SANDBOX_CLI_USAGE).toContain("Sandbox%20Marketplace-17/approve")
  })
})
