/*
 * The page contract of the admin's list routes (the hub page's lists): `limit` and `offset` in,
 * `count` (all the rows) and the page asked for out; a bad `offset` or `limit` refused with a 400
 * naming the field.
 */

type Answer = { status: number; data: any }
type Api = { get: (url: string, config?: object) => Promise<Answer> }

/**
 * Reads a list route a page of `pageSize` at a time and holds it to the contract: every page
 * answers the same `count` and the page asked for, the pages together hold `count` distinct rows
 * (the second holds what the first did not), and the page past the end is empty with the same
 * count. Answers the rows' ids in page order.
 */
export async function expectPages(api: Api, headers: object, url: string, rows: string, pageSize: number, id = "id"): Promise<string[]> {
  const join = url.includes("?") ? "&" : "?"
  const read = async (offset: number) => {
    const answer = await api.get(`${url}${join}limit=${pageSize}&offset=${offset}`, headers)
    expect(answer.status).toBe(200)
    expect({ limit: answer.data.limit, offset: answer.data.offset }).toEqual({ limit: pageSize, offset })
    return answer.data as { count: number } & Record<string, Array<Record<string, unknown>>>
  }
  const first = await read(0)
  const count = first.count
  // More than one page, or the contract is not tested.
  expect(count).toBeGreaterThan(pageSize)
  const ids: string[] = []
  for (let offset = 0; offset < count; offset += pageSize) {
    const page = offset === 0 ? first : await read(offset)
    expect(page.count).toBe(count)
    expect(page[rows].length).toBe(Math.min(pageSize, count - offset))
    ids.push(...page[rows].map((row) => String(row[id])))
  }
  expect(new Set(ids).size).toBe(count)
  const past = await read(Math.ceil(count / pageSize) * pageSize)
  expect({ count: past.count, rows: past[rows] }).toEqual({ count, rows: [] })
  return ids
}

/** A bad `offset` (negative, not a number) and `limit` (0) are refused with a 400 that names the field. */
export async function expectBadPagesRefused(api: Api, headers: object, url: string) {
  const join = url.includes("?") ? "&" : "?"
  for (const [field, value] of [["offset", "-1"], ["offset", "abc"], ["limit", "0"]]) {
    const answer = await api.get(`${url}${join}${field}=${value}`, headers).catch((error: { response: Answer }) => error.response)
    expect({ query: `${field}=${value}`, status: answer.status }).toEqual({ query: `${field}=${value}`, status: 400 })
    expect(JSON.stringify(answer.data)).toContain(field)
  }
}
