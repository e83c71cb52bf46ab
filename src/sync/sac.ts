import { randomUUID } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { hubOutcome, type HubSacTicket } from "../hub-client"
import { keptSacTicket } from "../mapping/hub-sac"
import type { HubAccount } from "../modules/hub/hub-account"
import { driverLock, SAC_LOCK, SAC_READ_RECENTLY_LOCK } from "../modules/hub/locks"
import type { KnownSacTicket } from "../modules/hub/types"
import { recordSacTicketsWorkflow } from "../workflows/after-sale/record-sac-tickets"
import { LockLostError, whileHolding } from "./shared/lock"

/*
 * The marketplace's customer service (docs/after-sale.md): each account's `GET /sac`, walked by its
 * cursor a page at a time; a ticket new to the store, or whose status or hub date changed since it was
 * read, has its chats, lines and refunds read (three requests in the SAC buckets), the others are only
 * seen again. Each page is recorded by the workflow record-hub-sac-tickets. A hub that fails part way
 * ends the read; what was recorded stays, and the next read takes it from the first page.
 */

export type SacRead = {
  account: string
  /** Tickets listed, and those whose chats were read. */
  tickets: number
  chatsRead: number
  /** Entries the hub gave that did not fit the record (set aside; their count in the log, never their text). */
  setAside: number
  complete: boolean
  error: string | null
}

/** Reads the account's tickets now, unless another process is (null then). */
export async function readSac(container: MedusaContainer, account: HubAccount): Promise<SacRead | null> {
  return whileHolding(container, driverLock(SAC_LOCK, account.id), (lease) => read(container, account, () => lease.confirm()))
}

/** The schedule's read: at most once per `sacEveryMinutes` across the store's processes; a read that failed gives the turn back. */
export async function runScheduledSacRead(container: MedusaContainer, account: HubAccount): Promise<SacRead | null> {
  const { id, options } = account
  if (options.sacEveryMinutes === 0) return null
  const locking = container.resolve(Modules.LOCKING)
  const key = driverLock(SAC_READ_RECENTLY_LOCK, id)
  const ownerId = randomUUID()
  try {
    // A little under the interval, so the tick that comes a whole interval later always finds it free.
    await locking.acquire(key, { ownerId, expire: Math.max(1, options.sacEveryMinutes * 60 - 5) })
  } catch {
    return null
  }
  const result = await readSac(container, account).catch(async (error) => {
    await locking.release(key, { ownerId })
    throw error
  })
  if (!result?.complete) await locking.release(key, { ownerId })
  return result
}

/** Whether the store must read a ticket's chats again: new to it, never read, or changed on the hub. */
function changed(ticket: HubSacTicket, known: KnownSacTicket | undefined): boolean {
  return !known || !known.chatsRead || ticket.updatedAt === null || known.hubUpdatedAt !== ticket.updatedAt || known.status !== ticket.status
}

async function read(container: MedusaContainer, { id: account, sac, records }: HubAccount, confirm: () => Promise<boolean>): Promise<SacRead> {
  const result: SacRead = { account, tickets: 0, chatsRead: 0, setAside: 0, complete: true, error: null }
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const seenAt = new Date().toISOString()
  try {
    for await (const page of sac.all()) {
      const known = await records.sac.knownTickets(page.tickets.map((ticket) => ticket.code))
      const tickets = []
      for (const ticket of page.tickets) {
        if (!changed(ticket, known.get(ticket.code))) {
          tickets.push(keptSacTicket(ticket, null))
          continue
        }
        const [{ chats, setAside }, items, refunds] = await Promise.all([sac.chats(ticket.code), sac.items(ticket.code), sac.refunds(ticket.code)])
        result.setAside += setAside.length + chats.reduce((count, chat) => count + chat.setAside.length, 0)
        tickets.push(keptSacTicket(ticket, { chats, items, refunds }))
        result.chatsRead++
      }
      if (!(await confirm())) throw new LockLostError(driverLock(SAC_LOCK, account))
      await recordSacTicketsWorkflow(container).run({ input: { account, tickets, seenAt } })
      result.tickets += tickets.length
      result.setAside += page.setAside.length
    }
  } catch (error) {
    const outcome = hubOutcome(error)
    if (!outcome) throw error
    result.complete = false
    result.error = outcome.message
  }
  // Counts only: a ticket's entries carry the buyer's words, which stay out of the log.
  if (result.setAside) logger.warn(`hub: account ${account}: ${result.setAside} SAC entr${result.setAside === 1 ? "y" : "ies"} set aside (not in the shape the store reads)`)
  return result
}
