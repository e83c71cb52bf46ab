#!/usr/bin/env node
/*
 * The Chromium the admin's browser test drives (integration-tests/browser/), found before `npm test`
 * runs anything: scripts/test.js runs `node scripts/chromium.js --jest-args <its arguments>` first,
 * and jest only when this script succeeds.
 *
 *   1. CHROMIUM_PATH when set (it must be an executable file);
 *   2. Debian's package (/usr/bin/chromium), then a system Chromium or Chrome (chromium-browser,
 *      google-chrome, google-chrome-stable on the PATH; the macOS applications);
 *   3. none: on Debian or Ubuntu as root, Debian's package is installed (`apt-get install chromium`);
 *      elsewhere the script stops, printing the exact command that installs one.
 *
 * Prints the path on stdout (nothing else goes there). When the run cannot reach the browser test
 * (`npm test -- --selectProjects unit ...` without integration:browser, or only path patterns that
 * match no browser test) and none is found, it prints nothing and succeeds: such a run needs none.
 */
"use strict"

const { spawnSync } = require("child_process")
const fs = require("fs")
const path = require("path")

const ROOT = path.resolve(__dirname, "..")
const BROWSER_TESTS = "integration-tests/browser"
const DEBIAN_PACKAGE = "/usr/bin/chromium"
const ON_PATH = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
const MAC_APPS = [
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
]

const say = (msg) => process.stderr.write(`[chromium] ${msg}\n`)

function executable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK)
    return fs.statSync(file).isFile()
  } catch {
    return false
  }
}

function onPath(name) {
  for (const dir of (process.env.PATH || "").split(path.delimiter)) {
    if (dir && executable(path.join(dir, name))) return path.join(dir, name)
  }
  return null
}

/** The first Chromium or Chrome found, or null. */
function find() {
  if (executable(DEBIAN_PACKAGE)) return DEBIAN_PACKAGE
  for (const name of ON_PATH) {
    const found = onPath(name)
    // Ubuntu's chromium-browser without the snap is a stub that only says "install the snap".
    if (found && !isSnapStub(found)) return found
  }
  if (process.platform === "darwin") return MAC_APPS.find(executable) || null
  return null
}

function isSnapStub(file) {
  try {
    return fs.statSync(file).size < 4096 && /snap install/.test(fs.readFileSync(file, "utf8"))
  } catch {
    return false
  }
}

function osRelease() {
  try {
    const text = fs.readFileSync("/etc/os-release", "utf8")
    const field = (name) => ((new RegExp(`^${name}="?([^"\\n]*)"?`, "m").exec(text) || [])[1] || "").toLowerCase()
    return { id: field("ID"), like: field("ID_LIKE").split(/\s+/) }
  } catch {
    return { id: "", like: [] }
  }
}

const isDebianLike = ({ id, like }) => ["debian", "ubuntu"].includes(id) || like.includes("debian") || like.includes("ubuntu")
const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0

/** The exact command that installs a Chromium on this machine. */
function installCommand() {
  if (process.platform === "darwin") return "brew install --cask chromium   (or install Google Chrome)"
  const release = osRelease()
  if (isDebianLike(release)) return `${isRoot() ? "" : "sudo "}apt-get update && ${isRoot() ? "" : "sudo "}apt-get install -y --no-install-recommends chromium`
  if (["fedora", "rhel", "centos"].includes(release.id) || release.like.includes("fedora") || release.like.includes("rhel")) return "sudo dnf install -y chromium"
  if (release.id === "arch" || release.like.includes("arch")) return "sudo pacman -S chromium"
  if (release.id === "alpine") return "apk add chromium"
  return "install Chromium or Google Chrome, then: export CHROMIUM_PATH=/path/to/chromium"
}

function aptInstall() {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
  const opts = { stdio: ["ignore", 2, 2], env }
  const install = () => spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], opts).status === 0
  say("no Chromium found: installing Debian's package (apt-get install chromium)")
  if (install()) return true
  say("apt-get install failed; updating the package lists and trying again")
  return spawnSync("apt-get", ["update"], opts).status === 0 && install()
}

/**
 * The jest arguments of this `npm test` (scripts/test.js passes them after `--jest-args`), or null
 * when not given: then the browser test may run.
 */
function jestArgs() {
  const marker = process.argv.indexOf("--jest-args")
  return marker === -1 ? null : process.argv.slice(marker + 1)
}

const VALUE_FLAGS = new Set(["-t", "--testNamePattern", "--testPathPattern", "--testPathIgnorePatterns", "-c", "--config", "--shard", "--seed", "--maxWorkers", "-w", "--reporters", "--outputFile"])

/** Whether the jest arguments can select the browser test (unknown -> true). */
function mayRunBrowserTest(args) {
  if (args === null) return true
  const patterns = []
  let projects = null
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]
    if (arg === "--selectProjects") {
      projects = projects || []
      while (i + 1 < args.length && !args[i + 1].startsWith("-")) projects.push(args[++i])
    } else if (VALUE_FLAGS.has(arg)) {
      i++
    } else if (arg.startsWith("--selectProjects=")) {
      projects = [...(projects || []), arg.slice("--selectProjects=".length)]
    } else if (!arg.startsWith("-")) {
      patterns.push(arg)
    }
  }
  if (projects && !projects.includes("integration:browser")) return false
  if (!patterns.length) return true
  const browserFiles = listFiles(path.join(ROOT, BROWSER_TESTS)).map((file) => path.relative(ROOT, file))
  return patterns.some((pattern) => {
    let regex
    try {
      regex = new RegExp(pattern, "i")
    } catch {
      return true
    }
    return browserFiles.some((file) => regex.test(file) || regex.test(path.join(ROOT, file)))
  })
}

function listFiles(dir) {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
  } catch {
    return []
  }
}

function main() {
  const given = process.env.CHROMIUM_PATH
  if (given) {
    if (!executable(given)) {
      say(`CHROMIUM_PATH=${given} is not an executable file: point it at a Chromium or Chrome, or unset it`)
      return 1
    }
    process.stdout.write(given)
    return 0
  }
  const needed = mayRunBrowserTest(jestArgs())
  let found = find()
  if (!found && needed && process.platform === "linux" && isDebianLike(osRelease()) && isRoot() && onPath("apt-get")) {
    if (aptInstall()) found = find()
  }
  if (found) {
    process.stdout.write(found)
    return 0
  }
  if (!needed) return 0
  say("no Chromium or Chrome found for the admin's browser test (integration-tests/browser/); nothing was run.")
  say(`install one with:\n\n    ${installCommand()}\n\nor point CHROMIUM_PATH at one, then run npm test again.`)
  return 1
}

if (require.main === module) process.exitCode = main()

module.exports = { find, installCommand, mayRunBrowserTest }
