/*
 * The install test's processes (run.js): each command in a process group of its own, stopped as a
 * group, its output kept for a failure's detail; and the HTTP requests and waits it makes of them.
 */
"use strict"

const { spawn } = require("child_process")
const http = require("http")

const started = Date.now()
const log = (msg) => console.log(`[install-test +${Math.round((Date.now() - started) / 1000)}s] ${msg}`)

const running = new Set()

/** The environment of every child: no npm_* of the `npm run` that started this script. */
function childEnv(extra = {}) {
  const env = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(key) || /^HUB_/.test(key) || key === "NODE_ENV" || key === "INIT_CWD") continue
    env[key] = value
  }
  // The README's steps never relax peer dependencies; a user-level .npmrc must not either.
  env.npm_config_legacy_peer_deps = "false"
  env.npm_config_fund = "false"
  env.npm_config_audit = "false"
  env.npm_config_update_notifier = "false"
  return { ...env, ...extra }
}

function start(command, args, { cwd, env }) {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] })
  const entry = { child, output: "", stdout: "", exited: false }
  running.add(entry)
  child.stdout.on("data", (chunk) => (entry.stdout += chunk))
  const keep = (chunk) => {
    entry.output += chunk
    if (entry.output.length > 2_000_000) entry.output = entry.output.slice(-1_000_000)
    if (process.env.INSTALL_TEST_VERBOSE) process.stdout.write(chunk)
  }
  child.stdout.on("data", keep)
  child.stderr.on("data", keep)
  entry.done = new Promise((resolve) => {
    child.on("error", (error) => resolve({ code: null, error }))
    child.on("close", (code, signal) => {
      entry.exited = true
      running.delete(entry)
      resolve({ code, signal })
    })
  })
  return entry
}

/** Runs a command to its end; resolves to { ok, output }. */
async function run(command, args, { cwd, env = childEnv(), timeoutMs = 10 * 60_000 }) {
  log(`$ ${[command, ...args].join(" ")}   (in ${cwd})`)
  const entry = start(command, args, { cwd, env })
  const timer = setTimeout(() => kill(entry, "SIGKILL"), timeoutMs)
  const { code, error, signal } = await entry.done
  clearTimeout(timer)
  return { ok: code === 0, code, signal, error, output: entry.output, stdout: entry.stdout }
}

function kill(entry, signal) {
  try {
    process.kill(-entry.child.pid, signal)
  } catch {}
}

async function stop(entry) {
  if (!entry || entry.exited) return
  kill(entry, "SIGTERM")
  const timer = setTimeout(() => kill(entry, "SIGKILL"), 15_000)
  await entry.done
  clearTimeout(timer)
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function request(url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...headers, ...(body ? { "Content-Type": "application/json" } : {}) }, timeout: 30_000 }, (res) => {
      let text = ""
      res.setEncoding("utf8")
      res.on("data", (chunk) => (text += chunk))
      res.on("end", () => {
        let json
        try {
          json = JSON.parse(text)
        } catch {}
        resolve({ status: res.statusCode, text, json })
      })
    })
    req.on("timeout", () => req.destroy(new Error("timeout")))
    req.on("error", reject)
    if (body) req.write(JSON.stringify(body))
    req.end()
  })
}

/** Polls `fn` once a second until it holds (true), `timeoutMs` passes or `entry` exits (false). */
async function waitFor(fn, timeoutMs, entry) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (entry && entry.exited) return false
    try {
      if (await fn()) return true
    } catch {}
    await sleep(1000)
  }
  return false
}

/** The last lines of a command's output, for a failure's detail. */
const tail = (output, lines = 25) => output.trim().split("\n").slice(-lines).join("\n")

module.exports = { childEnv, kill, log, request, run, running, start, started, stop, tail, waitFor }
