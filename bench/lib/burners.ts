/*
 * CPU burners: child processes that only spin, so the store shares the machine's cores the way it
 * does on a loaded host. Stopped by their own pids (never by name).
 */
import { spawn } from "node:child_process"

export function startBurners(count: number): () => void {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" })
  )
  const stop = () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL")
  }
  process.once("exit", stop)
  return stop
}
