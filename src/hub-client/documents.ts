/*
 * Documents the hub answers instead of JSON (a parcel's label, a PLP: docs/hub-public-facts.md, The
 * hub's own delivery): passed on as they arrive, never held whole, and never past a bound.
 */
import { Transform, type Readable } from "node:stream"
import { AnswerTooLongError } from "./bounds"

/** A document the hub answered: its bytes as they arrive, and their count when declared. */
export type HubDocument = { body: Readable; contentLength?: number }

export function isPdf(contentType: string | string[] | undefined): boolean {
  const value = Array.isArray(contentType) ? contentType[0] : contentType
  return value?.split(";")[0].trim().toLowerCase() === "application/pdf"
}

export function headerNumber(value: string | string[] | undefined): number | undefined {
  const number = Number(Array.isArray(value) ? value[0] : value)
  return value !== undefined && Number.isSafeInteger(number) && number >= 0 ? number : undefined
}

/** `body` passed through until `maxBytes`; past them the stream fails with AnswerTooLongError and the source is closed. */
export function boundedStream(body: Readable, maxBytes: number): Readable {
  let size = 0
  const bounded = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (size > maxBytes) {
        body.destroy()
        done(new AnswerTooLongError(maxBytes))
        return
      }
      done(null, chunk)
    },
  })
  body.on("error", (error) => bounded.destroy(error))
  return body.pipe(bounded)
}
