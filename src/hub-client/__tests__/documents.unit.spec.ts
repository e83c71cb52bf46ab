import { Readable } from "node:stream"
import { AnswerTooLongError } from "../bounds"
import { boundedStream, headerNumber, isPdf } from "../documents"

const read = async (stream: Readable) => {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

describe("documents passed through from the hub", () => {
  it("passes a document within its bound unchanged", async () => {
    const source = Readable.from([Buffer.from("%PDF-1.4\n"), Buffer.from("rest")])
    expect((await read(boundedStream(source, 100))).toString()).toBe("%PDF-1.4\nrest")
  })

  it("fails a longer one with AnswerTooLongError and closes its source", async () => {
    const source = Readable.from(Array.from({ length: 10 }, () => Buffer.alloc(40)))
    const failure = await read(boundedStream(source, 100)).catch((error) => error)
    expect(failure).toBeInstanceOf(AnswerTooLongError)
    expect(source.destroyed).toBe(true)
  })

  it("reads the content type and length the hub declares", () => {
    expect(isPdf("application/pdf; charset=binary")).toBe(true)
    expect(isPdf("application/json")).toBe(false)
    expect(isPdf(undefined)).toBe(false)
    expect(headerNumber("1234")).toBe(1234)
    expect(headerNumber("-1")).toBeUndefined()
    expect(headerNumber(undefined)).toBeUndefined()
  })
})
