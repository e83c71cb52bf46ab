import { writeFileSync } from "node:fs"
import { Session } from "node:inspector/promises"

/**
 * This process's CPU profile over `run`, written to `file` (open it in Chrome's DevTools); `run` alone
 * when no file is given. `what` names the profiled part in the line logged to stderr.
 */
export async function profiled<T>(file: string | undefined, what: string, run: () => Promise<T>): Promise<T> {
  if (!file) return run()
  const session = new Session()
  session.connect()
  await session.post("Profiler.enable")
  await session.post("Profiler.start")
  try {
    return await run()
  } finally {
    const { profile } = await session.post("Profiler.stop")
    writeFileSync(file, JSON.stringify(profile))
    session.disconnect()
    console.error(`CPU profile of ${what}: ${file}`)
  }
}
