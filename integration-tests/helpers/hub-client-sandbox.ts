import http from "node:http"
import { AddressInfo } from "node:net"
import { HubClient, type HubClientOptionsInput, type TestOrderInput, uniformRateLimits } from "../../src/hub-client"
import { sampleTestOrder, type SandboxHub, type SandboxHubOptions, startSandboxHub } from "../../src/sandbox"

/*
 * The hub client against a sandbox hub over loopback HTTP, for the client's specs
 * (integration-tests/hub/: client, bounds, catalogue): one hub per file, reset before each test, and
 * every line the clients logged checked for the hub's credentials at the end.
 */

/** Every bucket far above what the tests send, unless a test lowers one on purpose. */
export const FAST = uniformRateLimits(1000)

export function clientTestOrder(skus: string[], channel = "Loja Exemplo"): TestOrderInput {
  return sampleTestOrder({ channel, items: skus.map((id) => ({ id, qty: 1 })) })
}

/** Captures everything the client logs, to prove no credential is ever in it. */
function capturingLogger() {
  const lines: string[] = []
  return { lines, logger: { warn: (line: string) => lines.push(line), info: (line: string) => lines.push(line) } }
}

/** Registers the file's hub and returns it (as it is when called), clients of it, and what they logged. */
export function clientAgainstSandbox() {
  let hub: SandboxHub
  const clients: HubClient[] = []
  const log = capturingLogger()

  /** A client of the file's hub (retrying quickly), closed after all. */
  function clientFor(overrides: Partial<HubClientOptionsInput> = {}): HubClient {
    const client = new HubClient(
      { baseUrl: hub.url, ...hub.credentials, sandbox: true, rateLimits: FAST, retryBaseDelayMs: 10, ...overrides },
      log.logger
    )
    clients.push(client)
    return client
  }

  beforeAll(async () => {
    hub = await startSandboxHub({ rateLimits: FAST })
  })

  beforeEach(() => {
    hub.reset()
    hub.setRateLimits(FAST)
    hub.setFaults({})
    hub.upsertProducts(
      Array.from({ length: 5 }, (_, i) => ({ sku: `SKU-${i + 1}`, qty: 10, name: `Produto ${i + 1}`, price: 100, status: "enabled" as const }))
    )
  })

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()))
    await hub.stop()
    const secrets = Object.values(hub.credentials)
    for (const line of log.lines) {
      for (const secret of secrets) expect(line).not.toContain(secret)
    }
  })

  /** Closes `client` after all, with the file's own. */
  function track(client: HubClient): HubClient {
    clients.push(client)
    return client
  }

  /** Stops the file's hub and starts another with these options, which the tests after it use too. */
  async function restartHub(options: SandboxHubOptions): Promise<SandboxHub> {
    await hub.stop()
    hub = await startSandboxHub(options)
    return hub
  }

  return { hub: () => hub, clientFor, track, restartHub, log }
}

/** A plain HTTP server on loopback that records what reaches it (a foreign host, an echoing hub). */
export async function startRecordingServer(handler?: http.RequestListener) {
  const requests: http.IncomingMessage[] = []
  const server = http.createServer((req, res) => {
    requests.push(req)
    if (handler) return handler(req, res)
    res.writeHead(200, { "content-type": "application/json" })
    res.end("{}")
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
