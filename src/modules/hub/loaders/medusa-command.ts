/*
 * Which `medusa` CLI command this process runs. The hub module's loader needs the plugin's options
 * (the hub's URL and secrets) to build the hub client, but the commands that only migrate the
 * database must not: `medusa db:migrate` runs its migration scripts in a child process
 * (`db:migrate:scripts`) that boots every module's loaders, so a store could not create the
 * plugin's tables before it has the hub's credentials.
 */

/**
 * The command, as the `medusa` CLI receives it (`process.argv[2]`: `db:migrate`, `start`,
 * `develop`, `exec`, ...), or undefined when this is not a command of the `medusa` CLI (jest,
 * a script of its own).
 */
export function medusaCommand(argv: readonly string[] = process.argv): string | undefined {
  const [, script, command] = argv
  if (!script || !command || command.startsWith("-")) return undefined
  return /(^|[\\/])(medusa|cli\.js)$/.test(script) || /[\\/]@medusajs[\\/]cli[\\/]/.test(script) ? command : undefined
}

/**
 * The commands that only create or change the database schema (`db:migrate`, `db:migrate:scripts`,
 * `db:rollback`, `db:generate`, `db:sync-links`, `db:setup`, `db:create`, `plugin:db:generate`):
 * they load the plugin's modules but never call the hub.
 */
export function isSchemaCommand(command: string | undefined): boolean {
  return command !== undefined && /^(plugin:)?db:/.test(command)
}
