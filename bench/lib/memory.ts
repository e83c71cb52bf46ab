/** What a piece of work did to this process's memory. */
export type MemoryUse = {
  rssBefore: number
  rssPeak: number
  /** The live JS heap: after a full GC before, at its peak (a GC once a second), and after a GC at the end. */
  heapBefore: number
  heapPeak: number
  heapAfter: number
}

export const mb = (bytes: number) => bytes / 1024 / 1024

/**
 * Runs `work` while sampling the resident set (every 50 ms) and, with `heapPeak`, the live heap
 * (after a full GC, once a second: a cost a throughput measure would feel), which would grow with a
 * catalogue if the work kept what it read. The GCs need --expose-gc, as the bench scripts run.
 */
export async function sampleMemory<T>(work: () => Promise<T>, { heapPeak: sampleHeap = false } = {}): Promise<{ result: T; memory: MemoryUse }> {
  global.gc?.()
  const before = process.memoryUsage()
  let rssPeak = before.rss
  let heapPeak = before.heapUsed
  const rssSampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50)
  const heapSampler = sampleHeap
    ? setInterval(() => {
        global.gc?.()
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
      }, 1000)
    : undefined
  try {
    const result = await work()
    global.gc?.()
    const heapAfter = process.memoryUsage().heapUsed
    return { result, memory: { rssBefore: before.rss, rssPeak, heapBefore: before.heapUsed, heapPeak: Math.max(heapPeak, heapAfter), heapAfter } }
  } finally {
    clearInterval(rssSampler)
    clearInterval(heapSampler)
  }
}
