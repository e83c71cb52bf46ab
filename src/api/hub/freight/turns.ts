/*
 * Quotes priced one per turn of the event loop, in the order they came (docs/freight.md, "At the
 * marketplace's traffic"). Node's event loop accepts one new connection per turn (libuv/libuv#3696)
 * and reads, in that same turn, every keep-alive connection holding a request. Priced as they are
 * read, a burst of callers' quotes makes each turn long, and a caller whose connection the kernel
 * holds waits for all of them, turn after turn: bench/freight saw the last of 50 new callers accepted
 * 0.3–0.8 s after it connected, its first quote late by as much. One quote a turn lets every turn
 * accept a connection: a new caller waits for its place in the line, not for the whole burst.
 *
 * Per process, as the event loop is; a module's own state for that reason.
 */

const waiting: Array<() => void> = []
let draining = false

/** Resolves on this quote's turn: the next turn of the event loop after those of the quotes before it. */
export function freightTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve)
    if (!draining) {
      draining = true
      setImmediate(nextTurn)
    }
  })
}

function nextTurn(): void {
  waiting.shift()?.()
  if (waiting.length) setImmediate(nextTurn)
  else draining = false
}
