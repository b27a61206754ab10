// `npm run backup -w packages/server -- <file>`: an online backup of the SQLite database in
// DATA_DIR (the server may keep running) into <file>, which must not exist. With DATABASE_URL
// set, use pg_dump instead (docs/deploy.md, "Backups").
import { resolve } from 'node:path';
import { readEnvironment } from '../src/environment.ts';
import { BackupError, backupSqlite } from '../src/ops/backup.ts';
import { runTool } from './tool.ts';

await runTool('backup <file>', async (file) => {
  const env = readEnvironment();
  if (env.DATABASE_URL) {
    throw new BackupError(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/deploy.md, "Backups")',
    );
  }
  const result = await backupSqlite(env.DATA_DIR, resolve(process.env.INIT_CWD ?? '.', file));
  return `backed up ${env.DATA_DIR} into ${result.file} (${result.bytes} bytes, ${result.migrations.length} migrations, the last ${result.migrations.at(-1)})`;
});
