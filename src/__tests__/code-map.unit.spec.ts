import fs from "node:fs"
import path from "node:path"

/* docs/architecture.md opens with the code map: a room added to src/ and not named there fails here. */

const SRC = path.resolve(__dirname, "..")
const folders = (dir: string) =>
  fs
    .readdirSync(path.join(SRC, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "__tests__")
    .map((entry) => entry.name)

describe("the code map", () => {
  const architecture = fs.readFileSync(path.join(SRC, "../docs/architecture.md"), "utf8")
  const map = architecture.slice(0, architecture.indexOf("\n## ", architecture.indexOf("## The code map") + 1))

  it("comes first in docs/architecture.md", () => {
    expect(architecture.indexOf("## The code map")).toBeGreaterThan(0)
    expect(architecture.indexOf("## The code map")).toBe(architecture.indexOf("\n## ") + 1)
  })

  it("names every room of src/, and each room of its drivers and workflows", () => {
    const rooms = [...folders("."), ...folders("sync").map((room) => `sync/${room}`), ...folders("workflows").map((room) => `workflows/${room}`)]
    const named = (room: string) => map.includes(`${room.split("/").pop()}/`)
    expect(rooms.filter((room) => !named(room))).toEqual([])
  })
})
