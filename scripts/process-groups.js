/*
 * The demo's child processes (scripts/demo.js): each `npx medusa` command in a process group of
 * its own, so Ctrl-C reaches only the demo, which then stops each group in order; a group is
 * stopped whole, whatever Medusa started under it.
 */
"use strict"

const { spawn } = require("child_process")
const fs = require("fs")

/** A failure explained by its message (no stack trace printed). */
class DemoError extends Error {}

class Interrupted extends Error {
  constructor() {
    super("interrupted")
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Whether a process of the group is still running (zombies do not count). */
function groupAlive(pgid) {
  if (process.platform === "linux") {
    let pids
    try {
      pids = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))
    } catch {
      pids = null
    }
    if (pids) {
      return pids.some((pid) => {
        try {
          // pid (comm) state ppid pgrp ...: comm may hold spaces, so parse after the last ")".
          const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
          const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
          return Number(fields[2]) === pgid && fields[0] !== "Z"
        } catch {
          return false
        }
      })
    }
  }
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

async function waitForGroupExit(pgid, timeoutMs) {
  const until = Date.now() + timeoutMs
  while (groupAlive(pgid)) {
    if (Date.now() >= until) return false
    await sleep(200)
  }
  return true
}

function killGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal)
  } catch {}
}

/** The `npx medusa` commands the demo runs from `cwd`, and their stopping. */
class MedusaProcesses {
  constructor({ cwd, log, warn }) {
    this.cwd = cwd
    this.log = log
    this.warn = warn
    this.children = new Set()
    /** Set once the demo is stopping: no command starts after it. */
    this.stopping = false
  }

  /**
   * Runs `npx medusa <args>` in its own process group, output passed through; `capture` also keeps it.
   */
  start(args, env, { capture = false } = {}) {
    if (this.stopping) throw new Interrupted()
    const child = spawn("npx", ["medusa", ...args], {
      cwd: this.cwd,
      env,
      detached: true,
      // Not a TTY, so Medusa never asks a question on the terminal (e.g. on Ctrl-C).
      stdio: ["ignore", "pipe", "pipe"],
    })
    const entry = { child, pgid: child.pid, exited: false, output: "" }
    this.children.add(entry)
    const pass = (stream, out) =>
      stream.on("data", (chunk) => {
        out.write(chunk)
        if (capture) entry.output += chunk
      })
    pass(child.stdout, process.stdout)
    pass(child.stderr, process.stderr)
    entry.done = new Promise((resolve) => {
      child.on("error", (err) => {
        entry.exited = true
        resolve({ code: null, signal: null, error: err })
      })
      child.on("close", (code, signal) => {
        entry.exited = true
        resolve({ code, signal, error: null })
      })
    })
    return entry
  }

  /** Runs a short medusa command to its end; rejects when it fails (unless `allowFailure`). */
  async run(args, env, { capture = false, allowFailure = false } = {}) {
    this.log(`$ npx medusa ${args.join(" ")}`)
    const entry = this.start(args, env, { capture })
    const { code, signal, error } = await entry.done
    await waitForGroupExit(entry.pgid, 10000)
    this.children.delete(entry)
    if (this.stopping) throw new Interrupted()
    const ok = !error && code === 0
    if (!ok && !allowFailure) {
      throw new DemoError(`npx medusa ${args[0]} failed (${error ? error.message : signal ? `signal ${signal}` : `exit code ${code}`})`)
    }
    return { ok, output: entry.output }
  }

  /** Sends `signal` to every group now. */
  signal(signal) {
    for (const entry of this.children) killGroup(entry.pgid, signal)
  }

  /** SIGKILL to every group whose command has not exited (the demo is exiting). */
  killUnexited() {
    for (const entry of this.children) if (!entry.exited) killGroup(entry.pgid, "SIGKILL")
  }

  /** SIGINT to every group (Medusa shuts down gracefully), SIGKILL after 20 s. */
  async stop() {
    const entries = [...this.children]
    for (const entry of entries) killGroup(entry.pgid, "SIGINT")
    await Promise.all(
      entries.map(async (entry) => {
        if (!(await waitForGroupExit(entry.pgid, 20000))) {
          this.warn(`process group ${entry.pgid} did not stop within 20 s: killing it`)
          killGroup(entry.pgid, "SIGKILL")
          await waitForGroupExit(entry.pgid, 5000)
        }
        this.children.delete(entry)
      })
    )
  }
}

module.exports = { DemoError, Interrupted, MedusaProcesses, sleep }
