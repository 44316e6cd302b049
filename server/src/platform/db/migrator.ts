import { promises as fs } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import { repoRoot } from '../config.js';
import type { Database } from './database.js';

/**
 * Loads the dated migrations in ../../migrations with our own import() (not Kysely's
 * FileMigrationProvider, whose import from node_modules cannot load .ts files under the test runner).
 */
class DatedFileProvider implements MigrationProvider {
  constructor(private readonly folder: string) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const names = (await fs.readdir(this.folder)).filter((f) => /^\d{8}-\d{2}-.+\.(ts|js)$/.test(f)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of names) {
      const mod = (await import(pathToFileURL(path.join(this.folder, file)).href)) as Migration;
      migrations[file.replace(/\.(ts|js)$/, '')] = mod;
    }
    return migrations;
  }
}

export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new DatedFileProvider(path.join(repoRoot, 'migrations')) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Migrates up (or down) to the named migration and no further: a database at an earlier schema, as
 * a deployment that has not upgraded yet holds it (server/src/modules/offices/upgrade-in-place.test.ts).
 */
export async function migrateTo(db: Database, name: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new DatedFileProvider(path.join(repoRoot, 'migrations')) });
  const { error, results } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
