/**
 * The SQLite backup and restore (`npm run backup` / `npm run restore`, `src/ops/backup.ts`): a
 * backup taken while the real server runs, restored into a fresh data folder, gives a server
 * with the same game; a restore refuses while a server has the database open, and refuses a
 * file that is no Gangsta database.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { backupSqlite, restoreSqlite } from '../src/ops/backup.ts';
import { ORDERED } from '../src/store/migrations/index.ts';
import { http, newPlayer } from './harness.ts';
import { makeDataDir, spawnServer, stopAllServers } from './support/spawnServer.ts';

const run = promisify(execFile);
const folders: string[] = [];

afterAll(async () => {
  await stopAllServers();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const path = mkdtempSync(join(tmpdir(), 'gangsta-backup-'));
  folders.push(path);
  return path;
}

/** A started 3-player game: the host and two bots (which wait a minute before each move). */
async function startedGame(url: string): Promise<{ id: string; token: string }> {
  const host = await newPlayer(url, 'Host');
  const created = await http(url, 'POST', '/api/v1/tables', {
    token: host.token,
    body: {
      public: true,
      options: { players: 3 },
      seats: [{ kind: 'host' }, { kind: 'bot', level: 'easy' }, { kind: 'bot', level: 'easy' }],
    },
  });
  expect(created.status).toBe(201);
  const id = created.body.table.id as string;
  const started = await http(url, 'POST', `/api/v1/tables/${id}/start`, { token: host.token });
  expect(started.status).toBe(200);
  return { id, token: host.token };
}

describe('SQLite backup and restore', () => {
  // No SQLite database to back up when the suite runs on PostgreSQL.
  it.skipIf(Boolean(process.env.TEST_POSTGRES_URL))(
    'a backup taken while the server runs restores into a fresh folder with the game in it',
    async () => {
      // Bots that wait: the game stands still between the backup and the comparison.
      const env = { BOT_DELAY_MS: '600000' };
      const first = await spawnServer({ env });
      const game = await startedGame(first.url);
      const before = await http(first.url, 'GET', `/api/v1/tables/${game.id}`, {
        token: game.token,
      });
      expect(before.body.table.status).toBe('playing');

      const file = join(folder(), 'gangsta-backup.sqlite');
      const backup = await backupSqlite(first.dataDir, file);
      expect(backup.migrations).toEqual(ORDERED.map((m) => m.name).sort());
      await expect(backupSqlite(first.dataDir, file)).rejects.toThrow(/exists already/);

      // The running server holds its database: no restore over it.
      expect(() => restoreSqlite(first.dataDir, file)).toThrow(
        /a server has the database at .* open: stop every server process/,
      );
      // The server goes on serving after the backup.
      expect((await http(first.url, 'GET', `/api/v1/tables/${game.id}`)).status).toBe(200);

      const fresh = makeDataDir();
      const restored = restoreSqlite(fresh, file);
      expect(restored.replaced).toBeNull();
      const second = await spawnServer({ dataDir: fresh, env });
      const after = await http(second.url, 'GET', `/api/v1/tables/${game.id}`, {
        token: game.token,
      });
      expect(after.status).toBe(200);
      expect(after.body).toEqual(before.body);
      await second.stop();

      // Over a stopped server's database: allowed, and the old one is kept beside it.
      await first.stop();
      const again = restoreSqlite(fresh, file);
      expect(again.replaced).toBe(join(fresh, 'gangsta.sqlite.before-restore'));
    },
  );

  it('refuses a file that is no Gangsta database, or none at all', () => {
    const dir = folder();
    const other = join(dir, 'other.sqlite');
    const database = new SQLite(other);
    database.exec('CREATE TABLE notes (text TEXT)');
    database.close();
    expect(() => restoreSqlite(join(dir, 'data'), other)).toThrow(
      /other.sqlite is no Gangsta database: it has no kysely_migration table/,
    );
    const text = join(dir, 'text.sqlite');
    writeFileSync(text, 'not a database at all, just some text that is long enough to read');
    expect(() => restoreSqlite(join(dir, 'data'), text)).toThrow(
      /text.sqlite is no Gangsta database: file is not a database/,
    );
  });

  it('the npm commands name their argument and exit 1 with one line on a refusal', async () => {
    const dir = folder();
    const failed = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, '..', 'scripts', 'backup.ts'),
        join(dir, 'b.sqlite'),
      ],
      { env: { PATH: process.env.PATH, DATA_DIR: join(dir, 'nothing') } },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toBe(
      `there is no database at ${join(dir, 'nothing', 'gangsta.sqlite')} (DATA_DIR)\n`,
    );
  });
});
