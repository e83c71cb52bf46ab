/*
 * Drill: request bodies nobody logged in for. Medusa's body parser runs before the admin's
 * authentication, so a route whose body limit is raised buffers it for anyone (issue 50: 8 parallel
 * unauthenticated posts of 23 MB to the invoice-XML route grew the server's resident memory by 523 MB
 * before each got its 401). The route now reads its body itself after authentication, capped by
 * `invoiceXmlMaxBytes` as JSON escapes it (src/api/capped-json-body.ts). Goals: 8 parallel
 * unauthenticated posts of 23 MB answered 401 or 413 and the server's resident memory up at most 64 MB;
 * the same from a logged-in admin answered 413 within the same bound.
 *   node -r ts-node/register drills/body-limits.ts
 * Measured (2 cores, the store in the drill's process, the uploads streamed from one 64 KB chunk so the
 * sender holds none of them; growth is the peak, sampled every 10 ms, over the level before):
 * unauthenticated 8 × 401 in 0.1 s, resident memory +19 MB and +27 MB in two runs; authenticated
 * 8 × 413 in 0.1 s, +2 MB. With the 24 MB body parser before authentication (the code before this
 * drill): 8 × 401 in 1.2 s, +514 MB; authenticated 8 × 400 (the XML read whole), +550 MB.
 */
import { adminHeaders } from "../integration-tests/helpers/admin"
import { type LargePostAnswer, postLargeJson } from "../integration-tests/helpers/large-post"
import { DrillReport, log as logger, runDrill } from "./lib/figures"
import { bootInProcessStore } from "./lib/in-process-store"

const DRILL = "body-limits"
const log = logger(DRILL)
const POSTS = 8
const BYTES = 23 * 1024 * 1024
const MB = 1024 * 1024

/** `send`'s answers and this process's resident memory at its peak during them, over the level before. */
async function measured(send: () => Promise<LargePostAnswer[]>): Promise<{ answers: LargePostAnswer[]; growthMb: number; seconds: number }> {
  const before = process.memoryUsage.rss()
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10)
  const started = Date.now()
  try {
    const answers = await send()
    peak = Math.max(peak, process.memoryUsage.rss())
    return { answers, growthMb: (peak - before) / MB, seconds: (Date.now() - started) / 1000 }
  } finally {
    clearInterval(sampler)
  }
}

function statuses(answers: LargePostAnswer[]): string {
  const counts = new Map<string, number>()
  for (const answer of answers) counts.set(String(answer.status ?? answer.error), (counts.get(String(answer.status ?? answer.error)) ?? 0) + 1)
  return [...counts].map(([status, count]) => `${count} × ${status}`).join(", ")
}

async function main(): Promise<DrillReport> {
  const report = new DrillReport(DRILL)
  log("booting the store")
  const store = await bootInProcessStore("medusa_hub_drill_body_limits")
  try {
    const url = `${store.url}/admin/hub/orders/Loja-1/invoice-xml`
    // The route's first answer loads what it needs: warmed up, so the figures are the uploads' alone.
    await postLargeJson(url, { bytes: 1024 })

    log(`${POSTS} parallel unauthenticated posts of ${BYTES / MB} MB`)
    const anonymous = await measured(() => Promise.all(Array.from({ length: POSTS }, () => postLargeJson(url, { bytes: BYTES }))))
    report.note(`unauthenticated: ${statuses(anonymous.answers)} in ${anonymous.seconds.toFixed(1)} s`)
    report.equal("unauthenticated 23 MB posts answered 401 or 413", anonymous.answers.filter((answer) => answer.status === 401 || answer.status === 413).length, POSTS)
    report.atMost("unauthenticated 23 MB posts: server resident memory growth (MB)", Math.round(anonymous.growthMb), 64)

    const { headers } = await adminHeaders(store.container)
    log(`${POSTS} parallel authenticated posts of ${BYTES / MB} MB`)
    const admin = await measured(() => Promise.all(Array.from({ length: POSTS }, () => postLargeJson(url, { bytes: BYTES, headers }))))
    report.note(`authenticated: ${statuses(admin.answers)} in ${admin.seconds.toFixed(1)} s`)
    report.equal("authenticated 23 MB posts answered 413", admin.answers.filter((answer) => answer.status === 413).length, POSTS)
    report.atMost("authenticated 23 MB posts: server resident memory growth (MB)", Math.round(admin.growthMb), 64)
    return report
  } finally {
    await store.stop()
  }
}

runDrill(main)
