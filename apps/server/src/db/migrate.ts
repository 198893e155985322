// Runs the Kysely migrations in migrations/ (file names sort by time).
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.ts';

class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const fs = await import('node:fs/promises');
    const path = await import('node:path');
    const { fileURLToPath, pathToFileURL } = await import('node:url');
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
    const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.replace(/\.ts$/, '')] = (await import(pathToFileURL(path.join(dir, file)).href)) as Migration;
    }
    return migrations;
  }
}

export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = new Migrator({ db, provider: new FolderMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === 'Error') console.error(`migration ${r.migrationName} failed`);
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** Names of the migrations this code has that the database has not run (empty when it is current):
 * the readiness check, so a server is not sent traffic before its schema exists. */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new FolderMigrationProvider() });
  return (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}
