/*
 * The sandbox hub over HTTP (node:http, loopback only): boot, the request pipeline and shutdown.
 * A hub request goes through, in order: credentials (401/403), rate limiting (429), faults
 * (latency, drop, 5xx), routing (404), then the route's own checks (hub-routes.ts). Control
 * endpoints under /_sandbox/ (control-routes.ts) skip all of that and are not logged.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { z } from "zod"
import { rateLimitBucketOf } from "../hub-client/endpoints"
import { DEFAULT_SANDBOX_ANSWERS, sandboxAnswersSchema } from "./answers"
import { buildControlRoutes, CONTROL_PREFIX } from "./control-routes"
import { parseOrThrow, SandboxHubError } from "./errors"
import {
  DEFAULT_SANDBOX_CREDENTIALS,
  sandboxHubOptionsSchema,
  type SandboxCredentials,
  type SandboxHub,
  type SandboxHubOptions,
} from "./hub"
import { deliverByHub, shipByHub } from "./logistics"
import { HeldRequests } from "./held-requests"
import { buildHubRoutes } from "./hub-routes"
import { answerRoute, errorAnswer, headerValue, parseJson, readBody, send, splitOnce, type Answer } from "./http"
import { Misbehaviour } from "./misbehaviour"
import { moveRulesOf, moveRulesSchema } from "./move-rules"
import { sandboxPriceRulesSchema } from "./price-rules"
import { SandboxSac } from "./sac"
import { SandboxSacInstances } from "./sac-instances"
import { sacControlRoutes, sacRoutes } from "./sac-routes"
import { SandboxWarehouses } from "./warehouses"
import { warehouseControlRoutes, warehouseRoutes } from "./warehouse-routes"
import { seedSkuInputs } from "./seed"
import { SandboxHubState } from "./state"
import { FaultInjector, FixedWindowRateLimiter, RequestLog, type SandboxRequestLogEntry } from "./traffic"

const CREDENTIAL_HEADERS = [
  { header: "X-User-Email", key: "userEmail" },
  { header: "X-Api-Key", key: "apiKey" },
  { header: "X-Accountmanager-Key", key: "accountManagerKey" },
] as const

export async function startSandboxHub(options: SandboxHubOptions = {}): Promise<SandboxHub> {
  const config = parseOrThrow(sandboxHubOptionsSchema, options, { prefix: "options" })
  const credentials = config.credentials ?? DEFAULT_SANDBOX_CREDENTIALS
  const sandboxAccount = config.sandboxAccount ?? true
  const answers = config.answers ?? DEFAULT_SANDBOX_ANSWERS
  const state = new SandboxHubState({ firstOrderSequence: config.firstOrderSequence, queueVisibilityMs: config.queueVisibilityMs, answers })
  state.moveRules = moveRulesOf(config.moveRules)
  const priceRules = sandboxPriceRulesSchema.parse(config.priceRules ?? {})
  state.priceRules = priceRules
  const rateLimiter = new FixedWindowRateLimiter(config.rateLimits)
  const faults = new FaultInjector(config.faults)
  const log = new RequestLog()
  const held = new HeldRequests()
  let nextOrigin = config.nextOrigin
  state.seedProducts(config.seed?.products ?? 0)
  if (config.seed?.skus?.length) state.upsertProducts(seedSkuInputs(config.seed.skus))
  state.seedOrders(config.seed?.orders ?? 0, config.seed?.days)
  const sac = new SandboxSac(state, () => new Date(), config.firstOrderSequence)
  const sacInstances = new SandboxSacInstances(sac, state, () => new Date())
  const warehouses = new SandboxWarehouses((sku) => Boolean(state.getProduct(sku) ?? state.getVariation(sku)))

  const server = http.createServer()
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(config.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject)
      resolve()
    })
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const misbehaviour = new Misbehaviour(() => nextOrigin ?? url)

  // Latency timers, cleared on stop so that a stopped hub leaves nothing pending.
  const latencyTimers = new Set<NodeJS.Timeout>()
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        latencyTimers.delete(timer)
        resolve()
      }, ms)
      latencyTimers.add(timer)
    })

  const hub: SandboxHub = {
    url,
    credentials: { ...credentials },
    stop: once(
      () =>
        new Promise<void>((resolve, reject) => {
          for (const timer of latencyTimers) clearTimeout(timer)
          misbehaviour.stop()
          held.releaseAll()
          server.close((error) => (error ? reject(error) : resolve()))
          server.closeAllConnections()
        })
    ),
    addStatus: (status) => void state.addStatus(status),
    statuses: () => state.listStatuses(),
    upsertProducts: (products) => void state.upsertProducts(products),
    getProduct: (sku) => state.getProduct(sku),
    getVariation: (sku) => state.getVariation(sku),
    removeProduct: (sku) => state.removeProduct(sku),
    insertRawOrder: (order) => state.insertRawOrder(order),
    createOrder: (input, placedAt) => state.createOrder(input, placedAt),
    getOrder: (code) => state.getOrder(code),
    orderCodes: () => state.orderCodes(),
    seedProducts: (count) => state.seedProducts(count),
    seedOrders: (count, days, seedOptions) => state.seedOrders(count, days, seedOptions),
    marketplaceApprove: (code) => state.approve(code),
    marketplaceCancel: (code) => state.cancel(code),
    marketplaceSetStatus: (code, status) => state.setStatusByMarketplace(code, status),
    marketplaceShip: (code, shipment) => shipByHub(state, code, shipment),
    marketplaceDeliver: (code) => deliverByHub(state, code),
    setFaults: (settings) => void faults.set(settings),
    setQueueFault: (fault) => {
      state.queue.fault = fault
    },
    emptyQueue: () => state.queue.acknowledgeAll(),
    setRateLimits: (limits) => void rateLimiter.setLimits(limits),
    setPlpOrderCodes: (form) => {
      state.delivery.plpOrderCodes = form
    },
    setNextOrigin: (origin) => {
      nextOrigin = origin === undefined ? undefined : parseOrThrow(z.url(), origin, { prefix: "origin" })
    },
    setPriceRules: (rules) => {
      state.priceRules = parseOrThrow(sandboxPriceRulesSchema, rules, { prefix: "priceRules" })
    },
    setReview: ({ eanRequired }) => {
      state.review.eanRequired = parseOrThrow(z.boolean(), eanRequired, { prefix: "eanRequired" })
    },
    reportSyncError: (report) => state.review.report(report),
    syncErrors: (entity) => state.review.list(entity, { page: 1, perPage: Number.MAX_SAFE_INTEGER }),
    openSacTicket: (ticket) => sac.open(ticket),
    writeSacMessage: (code, message) => sac.write(code, message),
    archiveSacTicket: (code) => sac.archive(code),
    sacTicket: (code) => sac.get(code),
    sacInstances: (code) => sacInstances.list(code),
    advanceSacInstance: (code, id, change) => sacInstances.advance(code, id, change),
    setWarehouses: (codes) => warehouses.setStores({ codes }),
    warehouseStock: (code) => warehouses.view(code),
    setCategories: (categories) => void state.categories.replace(categories),
    categories: () => state.categories.all(),
    setAnswers: (shape) => {
      state.answers = parseOrThrow(sandboxAnswersSchema, shape, { prefix: "answers" })
    },
    setMoveRules: (rules) => {
      state.moveRules = moveRulesOf(parseOrThrow(moveRulesSchema, rules, { prefix: "moveRules" }))
    },
    misbehave: (settings) => misbehaviour.set(settings),
    misbehaviour: () => misbehaviour.state(),
    queueDepth: () => state.queue.depth(),
    requestLog: () => log.list(),
    requestArrivals: () => log.arrivals(),
    counters: () => log.counters(),
    resetRequestLog: () => log.clear(),
    holdRequests: (method, path) => held.hold(method, path),
    reset: () => {
      held.releaseAll()
      state.answers = answers
      state.reset()
      sac.clear()
      sacInstances.clear()
      warehouses.clear()
      state.moveRules = moveRulesOf(config.moveRules)
      state.priceRules = priceRules
      log.clear()
      rateLimiter.resetWindows()
      misbehaviour.reset()
    },
  }

  const hubRoutes = [
    ...buildHubRoutes({
      state,
      sandboxAccount,
      productUpdateResponse: config.productUpdateResponse ?? 204,
      shipmentExceptionPath: config.shipmentExceptionPath ?? "both",
      nextOrigin: () => nextOrigin ?? url,
    }),
    ...sacRoutes(sac, sacInstances),
    ...warehouseRoutes(warehouses),
  ]
  const controlRoutes = [...buildControlRoutes(hub, state), ...sacControlRoutes(sac, sacInstances), ...warehouseControlRoutes(warehouses)]

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const at = Date.now()
    const target = req.url ?? "/"
    const [rawPath, rawQuery = ""] = splitOnce(target, "?")
    const rawSegments = rawPath.split("/").filter(Boolean)
    const method = (req.method ?? "GET").toUpperCase()

    if (rawSegments[0] === CONTROL_PREFIX) {
      void readBody(req).then(
        (body) => {
          const answer = answerRoute(controlRoutes, method, rawSegments.slice(1), rawQuery, () =>
            parseJson(body, { requireJsonContentType: false, headers: req.headers })
          )
          send(res, answer)
        },
        () => res.destroy()
      )
      return
    }

    const bucket = rateLimitBucketOf(method, rawPath)
    const arrived = log.arrive({ at, method, path: target, bucket })
    let received: unknown
    const settle = (status: SandboxRequestLogEntry["status"]) => arrived(status, received)
    const answer = (reply: Answer) => {
      settle(reply.status)
      send(res, reply)
    }
    void (async () => {
      const body = await readBody(req)
      if (method !== "GET") received = parsedOrUndefined(body)
      // A gateway in front of the hub, or a hub gone wrong (misbehaviour.ts): it answers before anything else.
      const misbehaving = misbehaviour.take(bucket)
      if (misbehaving) {
        settle(misbehaving.status)
        return misbehaving.carryOut(res)
      }
      const authFailure = checkCredentials(req.headers, credentials)
      if (authFailure) return answer(errorAnswer(authFailure))

      const decision = rateLimiter.take(bucket, at)
      if (!decision.allowed) {
        const headers: Record<string, string> = config.retryAfterHeader
          ? { "retry-after": String(Math.ceil(decision.retryAfterMs / 1000)) }
          : {}
        answer({ status: 429, body: { error: "Too many requests" }, headers })
        log.refused(Date.now(), at + decision.retryAfterMs)
        return
      }

      const fate = faults.next()
      if (fate.latencyMs > 0) await sleep(fate.latencyMs)
      if (fate.drop) {
        settle("dropped")
        req.socket.destroy()
        return
      }
      if (fate.errorStatus) {
        const message = fate.errorStatus === 503 ? "Service unavailable (sandbox fault)" : "Internal error (sandbox fault)"
        return answer({ status: fate.errorStatus, body: { error: message } })
      }

      await held.pass(method, rawPath)
      const reply = answerRoute(
        hubRoutes,
        method,
        rawSegments,
        rawQuery,
        () => parseJson(body, { requireJsonContentType: true, headers: req.headers }),
        headerValue(req.headers, "accept")
      )
      if (fate.loseAnswer && method !== "GET") {
        // A write carried out, never answered.
        settle("dropped")
        req.socket.destroy()
        return
      }
      answer(misbehaviour.rewrite(method, rawSegments, rawQuery, reply))
    })().catch(() => {
      // The request stream failed (client went away): nothing can be answered.
      settle("dropped")
      res.destroy()
    })
  })

  return hub
}

function checkCredentials(headers: IncomingHttpHeaders, expected: SandboxCredentials): SandboxHubError | undefined {
  const missing = CREDENTIAL_HEADERS.filter(({ header }) => !headerValue(headers, header))
  if (missing.length > 0) {
    return new SandboxHubError(401, `Missing credentials: ${missing.map(({ header }) => header).join(", ")}`)
  }
  // Never echo what was sent: only say that it is wrong.
  if (CREDENTIAL_HEADERS.some(({ header, key }) => headerValue(headers, header) !== expected[key])) {
    return new SandboxHubError(403, "Invalid credentials")
  }
  return undefined
}

function once(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined
  return () => (running ??= run())
}

/** A write's body for the request log: its JSON, or nothing when it is not JSON. */
function parsedOrUndefined(body: Awaited<ReturnType<typeof readBody>>): unknown {
  if (body.tooLarge || !body.bytes.length) return undefined
  try {
    return JSON.parse(body.bytes.toString("utf8"))
  } catch {
    return undefined
  }
}
