import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Knex } from 'knex'

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))

/** `20261122140000_create-users.ts`: sortable timestamp, then what the migration does. */
export const MIGRATION_FILE_PATTERN = /^\d{14}_[a-z0-9]+(-[a-z0-9]+)*\.ts$/

interface MigrationModule {
  up(knex: Knex): Promise<void>
  down(knex: Knex): Promise<void>
  config?: { transaction?: boolean }
}

/**
 * knex's own loader calls require() on the files, which cannot load TypeScript without a loader
 * registered in the process. Importing them from here goes through whatever already runs this
 * file (tsx for the CLI and the service, vite in vitest), so there is nothing extra to set up.
 */
export class TypeScriptMigrationSource implements Knex.MigrationSource<string> {
  constructor(private readonly directory: string = MIGRATIONS_DIR) {}

  async getMigrations(): Promise<string[]> {
    return listMigrationFiles(this.directory)
  }

  getMigrationName(migration: string): string {
    return migration
  }

  async getMigration(migration: string): Promise<Knex.Migration> {
    const url = pathToFileURL(path.join(this.directory, migration)).href
    const module = (await import(url)) as MigrationModule
    return module
  }
}

export function listMigrationFiles(directory: string = MIGRATIONS_DIR): string[] {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort()
}

export const migratorConfig = (): Knex.MigratorConfig => ({
  migrationSource: new TypeScriptMigrationSource(),
  tableName: 'knex_migrations',
})

/** Applies pending migrations; returns the names that ran. */
export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest(migratorConfig())) as [number, string[]]
  return applied
}

/** Rolls every migration back (tests use it to prove each `down` works). */
export async function rollbackAll(db: Knex): Promise<string[]> {
  const [, reverted] = (await db.migrate.rollback(migratorConfig(), true)) as [number, string[]]
  return reverted
}
