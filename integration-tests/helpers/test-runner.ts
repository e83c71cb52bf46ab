import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner as medusaRunner } from "@medusajs/test-utils"
import { Client } from "pg"
import { restoreBySwapping } from "./fast-restore"

/*
 * Medusa's medusaIntegrationTestRunner, each test file's database made first as a copy of the
 * run's migrated template (integration-tests/jest/migrated-template.js): the runner then finds
 * it there, runs the migrations still pending (none, or the file's own) and boots as before.
 * Without a template (a run whose globalSetup could not build one) it is Medusa's runner as is.
 * Either way each test's fresh database is swapped in by name, made while the test before it ran
 * (./fast-restore.ts).
 */

type RunnerOptions = Parameters<typeof medusaRunner>[0]

export function medusaIntegrationTestRunner(options: RunnerOptions): void {
  restoreBySwapping()
  const template = process.env.MEDUSA_HUB_TEST_TEMPLATE
  if (!template) return medusaRunner(options)
  const hooks = options.hooks ?? {}
  return medusaRunner({
    ...options,
    hooks: {
      ...hooks,
      // Runs before the runner creates (if missing) and migrates the file's database.
      beforeServerStart: async (container) => {
        const { databaseUrl } = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE).projectConfig
        await copyTemplate(template, new URL(databaseUrl!).pathname.slice(1))
        await hooks.beforeServerStart?.(container)
      },
    },
  })
}

async function copyTemplate(template: string, database: string): Promise<void> {
  const client = new Client({
    host: process.env.DB_HOST ?? "localhost",
    port: Number(process.env.DB_PORT ?? 5432),
    user: process.env.DB_USERNAME ?? "postgres",
    password: process.env.DB_PASSWORD || undefined,
    database: "postgres",
  })
  await client.connect()
  try {
    const quoted = `"${database.replace(/"/g, '""')}"`
    await client.query(`drop database if exists ${quoted}`)
    await client.query(`create database ${quoted} with template ${template}`)
  } finally {
    await client.end()
  }
}
