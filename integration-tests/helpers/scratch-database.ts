import { Client, Pool } from "pg"

/** The test PostgreSQL, as the store's tests reach it (DB_* variables, else the local server as postgres). */
const connection = {
  host: process.env.DB_HOST ?? "localhost",
  port: Number(process.env.DB_PORT ?? 5432),
  user: process.env.DB_USERNAME ?? "postgres",
  password: process.env.DB_PASSWORD || undefined,
}

/** An empty database of this name (dropped first if a run left one), and a pool on it. */
export async function scratchDatabase(name: string, max = 2): Promise<Pool> {
  const admin = new Client({ ...connection, database: "postgres" })
  await admin.connect()
  try {
    await admin.query(`drop database if exists ${name}`)
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  return new Pool({ ...connection, database: name, max })
}
