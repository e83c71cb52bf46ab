import { request } from "node:http"

/** What a large upload got back: the status (null when the connection went without one), the answer's text. */
export type LargePostAnswer = { status: number | null; text: string; error?: string }

const CHUNK = Buffer.alloc(64 * 1024, "x")

/**
 * POSTs a JSON body of `bytes` (`{"xml":"xxx...","volume_qty":1}`) streamed from one 64 KB chunk, so
 * the sender holds none of it: the memory a drill measures is the server's. It stops sending once an
 * answer comes (a 401 or 413 before the end), and resolves with that answer even when the server then
 * closes the connection under the rest of the upload. `chunked` sends no Content-Length.
 */
export function postLargeJson(url: string, { bytes, headers = {}, chunked = false }: { bytes: number; headers?: Record<string, string>; chunked?: boolean }): Promise<LargePostAnswer> {
  const head = Buffer.from('{"xml":"')
  const tail = Buffer.from('","volume_qty":1}')
  const fill = Math.max(0, bytes - head.length - tail.length)
  return new Promise((resolve) => {
    let answered = false
    let text = ""
    let status: number | null = null
    const done = (error?: string) => resolve({ status, text, ...(error && status === null ? { error } : {}) })
    const sent = request(
      url,
      { method: "POST", headers: { ...headers, "content-type": "application/json", ...(chunked ? {} : { "content-length": String(head.length + fill + tail.length) }) } },
      (answer) => {
        answered = true
        status = answer.statusCode ?? null
        answer.setEncoding("utf8")
        answer.on("data", (chunk: string) => (text += chunk))
        answer.on("end", () => {
          done()
          // What was not sent of the body never will be: the connection goes with it.
          sent.destroy()
        })
        answer.on("error", () => done())
      }
    )
    sent.on("error", (error) => {
      if (!answered) done(error.message)
    })
    void (async () => {
      sent.write(head)
      for (let left = fill; left > 0 && !answered && !sent.destroyed; left -= CHUNK.length) {
        const piece = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left)
        if (!sent.write(piece)) await new Promise<void>((drained) => {
          const go = () => {
            sent.off("drain", go)
            sent.off("close", go)
            drained()
          }
          sent.on("drain", go)
          sent.on("close", go)
        })
      }
      if (!answered && !sent.destroyed) sent.end(tail)
    })()
  })
}
