/**
 * The store's migrations (`src/store/migrations/`): one file each, numbered without gaps in the
 * order they run, listed in that order by the provider under the names that existing
 * databases have recorded. A renamed migration would make kysely refuse every database that
 * ran it ("previously executed migration … is missing"); one whose name sorts before an
 * older one would be run out of order or refused.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore, type SqlStore } from '../src/index.ts';
import { MIGRATIONS, migrationProvider, ORDERED } from '../src/store/migrations/index.ts';
import { at } from './support/lists.ts';

const FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../src/store/migrations');

/**
 * The names databases have recorded, in order. Never edit one; a new migration adds its name
 * at the end.
 */
const RECORDED = [
  '0001_initial',
  '0002_cluster',
  '0003_accounts',
  '0004_ratings',
  '0006_clocks',
  '2026_11_25a_fencing',
];

const MIGRATION_FILE = /^(\d{4})_([a-z0-9_]+)\.ts$/;

function migrationFiles(): { file: string; number: number; topic: string }[] {
  return readdirSync(FOLDER)
    .filter((file) => file !== 'index.ts')
    .sort()
    .map((file) => {
      const [, number, topic] = MIGRATION_FILE.exec(file) ?? [];
      if (number === undefined || topic === undefined)
        throw new Error(`${file} in src/store/migrations is no NNNN_name.ts`);
      return { file, number: Number(number), topic };
    });
}

const opened: { store: SqlStore; dir: string }[] = [];

afterEach(async () => {
  for (const { store, dir } of opened.splice(0)) {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('migrations', () => {
  it('are one file each, numbered 0001, 0002, … without gaps', () => {
    const numbers = migrationFiles().map((m) => m.number);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(numbers.length).toBeGreaterThanOrEqual(RECORDED.length);
  });

  it('are listed by the provider in the order of their files, under the recorded names', async () => {
    const files = migrationFiles();
    expect(ORDERED).toHaveLength(files.length);
    for (const [i, { file, topic }] of files.entries()) {
      const module = (await import(pathToFileURL(join(FOLDER, file)).href)) as (typeof ORDERED)[0];
      const ordered = at(ORDERED, i, 'ordered migration');
      expect(ordered.name, file).toBe(module.name);
      expect(ordered.migration, file).toBe(module.migration);
      // The name says what the file says (`0005_clocks.ts` is recorded as `0006_clocks`).
      expect(module.name.endsWith(`_${topic}`), `${file} is ${module.name}`).toBe(true);
    }
    const names = ORDERED.map((m) => m.name);
    expect(names.slice(0, RECORDED.length)).toEqual(RECORDED);
    // Kysely runs migrations in the order of their names: it must be the files' order.
    expect([...names].sort()).toEqual(names);
    expect(new Set(names).size).toBe(names.length);
    const provided = await migrationProvider.getMigrations();
    expect(Object.keys(provided)).toEqual(names);
    expect(Object.values(provided)).toEqual(ORDERED.map((m) => m.migration));
    expect(MIGRATIONS).toBe(provided);
  });

  it('run on a fresh store, which records each under its name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gangsta-migrations-'));
    const store = openSqliteStore(dir);
    opened.push({ store, dir });
    await store.migrate();
    const { rows } = await sql<{ name: string }>`
      select name from kysely_migration order by name
    `.execute(store.db);
    expect(rows.map((row) => row.name)).toEqual(ORDERED.map((m) => m.name));
    // Running them again finds nothing to do.
    await store.migrate();
  });
});
