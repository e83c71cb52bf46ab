/*
 * One loopback origin in front of the sandbox hub for the store's processes
 * (integration-tests/helpers/store-processes.ts): it records each hub request with the process
 * that sent it, read from /proc (Linux only).
 */
import fs from "node:fs"
import http from "node:http"
import net, { type AddressInfo } from "node:net"

export type RelayedRequest = { at: number; label: string | null; method: string; path: string; status: number | "failed" }

export type Relay = {
  url: string
  server: http.Server
  onRequest: (request: Omit<RelayedRequest, "label"> & { pid: number | null }) => void
  /** The pids that may own a connection. */
  candidates: () => number[]
}

/**
 * One loopback origin in front of the sandbox hub (one origin, so the processes share one budget
 * key, as they would against the real hub). Each connection's owner is read from /proc once.
 */
export async function startRelay(hubUrl: string): Promise<Relay> {
  const target = new URL(hubUrl)
  const agent = new http.Agent({ keepAlive: true })
  const owners = new WeakMap<net.Socket, number | null>()
  const relay: Relay = { url: "", server: http.createServer(), onRequest: () => undefined, candidates: () => [] }
  relay.server.on("request", (request, response) => {
    const socket = request.socket
    if (!owners.has(socket)) owners.set(socket, ownerOfConnection(socket.remotePort!, (relay.server.address() as AddressInfo).port, relay.candidates()))
    const at = Date.now()
    const record = (status: number | "failed") =>
      relay.onRequest({ at, pid: owners.get(socket) ?? null, method: request.method!, path: request.url!, status })
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers, agent },
      (answer) => {
        record(answer.statusCode!)
        response.writeHead(answer.statusCode!, answer.headers)
        answer.pipe(response)
      }
    )
    upstream.on("error", () => {
      record("failed")
      // The hub dropped the connection: so does the relay, as the process would have seen it.
      socket.destroy()
    })
    request.pipe(upstream)
  })
  await new Promise<void>((resolve) => relay.server.listen(0, "127.0.0.1", () => resolve()))
  relay.url = `http://127.0.0.1:${(relay.server.address() as AddressInfo).port}`
  return relay
}

/** Which of `pids` owns the loopback TCP connection from `clientPort` to `serverPort`, from /proc. */
function ownerOfConnection(clientPort: number, serverPort: number, pids: number[]): number | null {
  const hexPort = (port: number) => port.toString(16).toUpperCase().padStart(4, "0")
  let inode: string | undefined
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(table)) continue
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/)
      if (fields.length < 10) continue
      if (fields[1].endsWith(`:${hexPort(clientPort)}`) && fields[2].endsWith(`:${hexPort(serverPort)}`)) inode = fields[9]
    }
  }
  if (!inode) return null
  for (const pid of pids) {
    try {
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
        if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return pid
      }
    } catch {
      // A process that ended.
    }
  }
  return null
}
