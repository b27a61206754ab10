// `npm run restore -w packages/server -- <file>`: puts a backup made by `npm run backup` in
// place of the SQLite database in DATA_DIR. Stop every server process using DATA_DIR first:
// the command refuses while one has the database open. The database replaced is kept as
// gangsta.sqlite.before-restore.
import { resolve } from 'node:path';
import { readEnvironment } from '../src/environment.ts';
import { BackupError, restoreSqlite } from '../src/ops/backup.ts';
import { runTool } from './tool.ts';

await runTool('restore <file>', async (file) => {
  const env = readEnvironment();
  if (env.DATABASE_URL) {
    throw new BackupError(
      'DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/deploy.md, "Backups")',
    );
  }
  const result = restoreSqlite(env.DATA_DIR, resolve(process.env.INIT_CWD ?? '.', file));
  const kept = result.replaced ? `; the database it replaced is ${result.replaced}` : '';
  return `restored ${file} into ${env.DATA_DIR} (${result.migrations.length} migrations; the server runs the newer ones at its start)${kept}`;
});
