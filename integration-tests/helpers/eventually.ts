/** Polls until `check` passes (it throws until then), or fails with its last error. */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      await check()
      return
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/** Polls until `condition` holds, every `intervalMs`; fails naming `what` once `timeoutMs` has passed. */
export async function waitUntil(what: string, condition: () => Promise<boolean> | boolean, { timeoutMs = 20_000, intervalMs = 100 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
