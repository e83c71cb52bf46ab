/*
 * The sandbox hub on an event loop of its own (a worker thread), driven from the drill through its
 * handle's methods. In the store's process the sandbox would stamp a request's arrival when the
 * store's busy event loop let it run, late by tens of milliseconds: requests that were on their way
 * before a 429 would look as if they came after it. On its own thread it stamps them as they come.
 */
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads"
import { type SandboxHub, type SandboxHubOptions, startSandboxHub } from "../../src/sandbox"

type Method = Exclude<keyof SandboxHub, "url" | "credentials">
/** The handle's methods, each answered from the sandbox's thread. */
export type SandboxThread = { url: string; credentials: SandboxHub["credentials"] } & {
  [M in Method]: (...args: Parameters<SandboxHub[M]>) => Promise<Awaited<ReturnType<SandboxHub[M]>>>
}

export async function startSandboxThread(options: SandboxHubOptions = {}): Promise<SandboxThread> {
  const worker = new Worker(`require("ts-node/register"); require(${JSON.stringify(__filename)})`, { eval: true, workerData: options })
  let nextId = 0
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  worker.on("message", ({ id, value, error }: { id: number; value?: unknown; error?: string }) => {
    const call = waiting.get(id)
    waiting.delete(id)
    if (error !== undefined) call?.reject(new Error(error))
    else call?.resolve(value)
  })
  const call = (method: string, args: unknown[]) =>
    new Promise((resolve, reject) => {
      const id = nextId++
      waiting.set(id, { resolve, reject })
      worker.postMessage({ id, method, args })
    })
  const { url, credentials } = (await call("describe", [])) as Pick<SandboxHub, "url" | "credentials">
  return new Proxy({ url, credentials } as SandboxThread, {
    get: (target, property: string) => {
      if (property in target || property === "then") return target[property as keyof SandboxThread]
      if (property === "stop") return () => call("stop", []).finally(() => worker.terminate())
      return (...args: unknown[]) => call(property, args)
    },
  })
}

/** In the worker thread: starts the sandbox and answers calls on its handle. */
if (!isMainThread && parentPort) {
  const port = parentPort
  const ready = startSandboxHub(workerData as SandboxHubOptions)
  port.on("message", async ({ id, method, args }: { id: number; method: string; args: unknown[] }) => {
    try {
      const hub = await ready
      const value = method === "describe" ? { url: hub.url, credentials: hub.credentials } : await (hub as unknown as Record<string, (...a: unknown[]) => unknown>)[method](...args)
      port.postMessage({ id, value })
    } catch (error) {
      port.postMessage({ id, error: (error as Error).message })
    }
  })
}
