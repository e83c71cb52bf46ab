import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../../../modules/hub"
import { hubAccountsJob } from "../hub-job"

/** A container whose hub module serves `accounts`, with `jobs` as given; its logger's warnings kept. */
function containerOf(accounts: string[], jobs = true) {
  const warnings: string[] = []
  const hub = { hubOptions: { jobs }, accounts: accounts.map((id) => ({ id, options: {}, client: {} })) }
  const registrations: Record<string, unknown> = { [HUB_MODULE]: hub, [ContainerRegistrationKeys.LOGGER]: { warn: (line: string) => warnings.push(line) } }
  return { container: { resolve: (key: string) => registrations[key] } as unknown as MedusaContainer, warnings }
}

/** A promise and its resolver, so a test decides when a run ends. */
function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}

describe("a job run for each hub account (hubAccountsJob)", () => {
  it("runs every account of the store at once: a slow account holds none of the others up", async () => {
    const { container } = containerOf(["default", "brand-b", "brand-c"])
    const started: string[] = []
    const slow = deferred()
    const ended: string[] = []
    const job = hubAccountsJob(async (_container, account) => {
      started.push(account.id)
      if (account.id === "brand-b") await slow.promise
      ended.push(account.id)
    })
    const running = job(container)
    // Every account started before the slow one ends, and the others ended without it.
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toEqual(["default", "brand-b", "brand-c"])
    expect(ended).toEqual(["default", "brand-c"])
    slow.resolve()
    await running
    expect(ended).toEqual(["default", "brand-c", "brand-b"])
  })

  it("one account failing is logged naming it, never credentials, and the others' runs end as usual", async () => {
    const { container, warnings } = containerOf(["default", "brand-b"])
    const ended: string[] = []
    const job = hubAccountsJob(async (_container, account) => {
      if (account.id === "default") throw new Error("The hub refused GET /statuses with 403: Invalid credentials")
      ended.push(account.id)
    })
    await expect(job(container)).resolves.toBeUndefined()
    expect(ended).toEqual(["brand-b"])
    expect(warnings).toEqual(["hub: account default: The hub refused GET /statuses with 403: Invalid credentials"])
  })

  it("runs nothing in a process whose option jobs is off", async () => {
    const { container } = containerOf(["default", "brand-b"], false)
    const run = jest.fn(async () => undefined)
    await hubAccountsJob(run)(container)
    expect(run).not.toHaveBeenCalled()
  })
})
