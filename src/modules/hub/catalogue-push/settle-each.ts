/**
 * Runs `push` for each claimed row of a round at once and settles when every one has; the first
 * failure is thrown then. A round's failure makes its claim step's compensation give back the round's
 * whole claim token: while another push of the round is still in flight, that would let another
 * publisher or flusher claim its row and send it again.
 */
export async function settleEach<T>(claimed: readonly T[], push: (claim: T) => Promise<void>): Promise<void> {
  const settled = await Promise.allSettled(claimed.map(push))
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === "rejected")
  if (failed) throw failed.reason
}
