import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { cappedJsonBody } from "../../capped-json-body"
import { freightCallOf, loggablePath } from "../../../mapping/freight-access"
import { answerFreightQuote } from "./answer-quote"

/*
 * The hub's freight quote calls (docs/freight.md), answered by one middleware with no method
 * (src/api/middlewares.ts): Medusa registers those before its ~1,300 route layers, and a quote is
 * answered there rather than after Medusa's router has matched the request against ~530 of them (a
 * route file's place), a third of a quote's CPU. The token is taken out of Medusa's request log first;
 * a path that is not a quote call, or a caller not let in, goes on to Medusa's missing route.
 */

/**
 * The body, read up to 64 KB (a quote of 100 lines is under 32 KB) and refused past it before it is
 * read: by the door's reader, not Medusa's body parser (off for these paths), whose errors reach the
 * error handler's line with the request's path (the token in it).
 */
const readFreightBody = cappedJsonBody(() => ({ bytes: 64 * 1024, refusal: "the body must be at most 64 KB" }))

export function freightDoor(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void {
  // Read before the redaction: the path names the account, the token (or not) and the contract.
  const call = req.method === "POST" ? freightCallOf(req.originalUrl) : null
  // Medusa's request log (morgan, at its default level `http`) writes `req.originalUrl` when the answer ends.
  req.originalUrl = loggablePath(req.originalUrl)
  if (!call) return next()
  readFreightBody(req, res, (error?: unknown) => (error ? next(error) : void answerFreightQuote(call, req, res, next).catch(next)))
}
