import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

/*
 * A JSON body read by the route's own middleware, after Medusa's authentication, with a hard byte cap.
 * Medusa's body parser runs before `/admin` authentication (docs/production.md, *What the public side
 * may not do*), so a route that needs a large body sets `bodyParser: false` and reads it here: an
 * unauthenticated request is answered 401 with nothing buffered, and an authenticated one holds at most
 * the cap, refused with a 413 the moment it passes it.
 */

/** What a route's body may weigh: `bytes`, and the 413's message naming the option that sets it. */
export type BodyCap = { bytes: number; refusal: string; problem?: string }

/** Answers a 413 and closes the connection, so the rest of the upload is never read. */
function refuseTooLarge(res: MedusaResponse, cap: BodyCap): void {
  res.setHeader("Connection", "close")
  res.status(413).json({ type: MedusaError.Types.INVALID_DATA, message: cap.refusal, ...(cap.problem ? { problem: cap.problem } : {}) })
}

/** `capOf` gives the request's cap (it may read `req.validatedQuery`, set by a middleware before this one). */
export function cappedJsonBody(capOf: (req: MedusaRequest) => BodyCap) {
  return (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void => {
    let cap: BodyCap
    try {
      cap = capOf(req)
    } catch (error) {
      return next(error)
    }
    if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) {
      return next(new MedusaError(MedusaError.Types.INVALID_DATA, "content-type: the body must be application/json"))
    }
    const declared = Number(req.headers["content-length"])
    if (Number.isFinite(declared) && declared > cap.bytes) return refuseTooLarge(res, cap)

    const chunks: Buffer[] = []
    let received = 0
    let settled = false
    const stop = () => {
      settled = true
      req.off("data", onData)
      req.off("end", onEnd)
      req.off("error", onError)
    }
    const onData = (chunk: Buffer) => {
      received += chunk.length
      if (received <= cap.bytes) return void chunks.push(chunk)
      stop()
      chunks.length = 0
      req.pause()
      refuseTooLarge(res, cap)
    }
    const onEnd = () => {
      if (settled) return
      stop()
      try {
        req.body = received ? JSON.parse(Buffer.concat(chunks, received).toString("utf8")) : {}
      } catch {
        return next(new MedusaError(MedusaError.Types.INVALID_DATA, "body: not JSON"))
      }
      next()
    }
    // A client gone mid-body has no one to answer.
    const onError = () => stop()
    req.on("data", onData)
    req.on("end", onEnd)
    req.on("error", onError)
  }
}
