import { randomUUID } from "node:crypto"

/**
 * NF-e XMLs uploaded to invoice an order, held in this process's memory only while the request that
 * brought them runs (the route drops its own when it answers): an NF-e holds the buyer's tax number
 * and address, so it is never written to a record, a workflow's input or a log. A move sent again later
 * (the card, a job) finds none and asks the merchant for the file again.
 */
export class NfeUploads {
  private readonly held = new Map<string, string>()

  /** Holds an XML; answers the token its move names. */
  hold(xml: string): string {
    const upload = randomUUID()
    this.held.set(upload, xml)
    return upload
  }

  /** The XML held under `upload`, if the request that brought it still runs in this process. */
  read(upload: string): string | undefined {
    return this.held.get(upload)
  }

  drop(upload: string): void {
    this.held.delete(upload)
  }

  stop(): void {
    this.held.clear()
  }
}
