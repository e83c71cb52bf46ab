import type { MedusaContainer } from "@medusajs/framework/types"
import type { StockChanges } from "../../workflows/stock/record-available-quantities"
import { stockFlusher } from "./stock-flusher"
import { stockChangeRecorder } from "./stock-recorder"

/*
 * The stock outbox's entry points. A change goes in through `queueStockChange` (events, the
 * reconciliation); `flushStockOutbox` sends what is due now (the safety-net job). Inside: the
 * recorder batches changes into the outbox in PostgreSQL, the flusher decides when to push it.
 */

/**
 * Records the available quantity of every SKU the change reaches in the outbox and, when one
 * changed, has it pushed once it is due. Resolves once the change is durable (a recording that
 * fails is tried again until it lands), with whether anything was queued.
 */
export async function queueStockChange(container: MedusaContainer, changes: StockChanges): Promise<boolean> {
  const queued = await stockChangeRecorder(container).record(changes)
  if (queued) stockFlusher(container).request()
  return queued
}

/** Pushes every due outbox row now; joins the flush already running in this process, if one is. */
export function flushStockOutbox(container: MedusaContainer): Promise<void> {
  return stockFlusher(container).flush()
}
