// `npm run reports -w packages/server [-- <how many>]`: the newest chat reports (20 unless
// told), with the lines before each reported one, from the database the settings name
// (DATA_DIR's SQLite file, or DATABASE_URL). Read-only; the server may keep running.
import { readEnvironment } from '../src/environment.ts';
import { reportsText } from '../src/reports.ts';
import { openStore } from '../src/store/open.ts';

const count = Number(process.argv[2] ?? 20);
if (!Number.isSafeInteger(count) || count < 1) {
  process.stderr.write('usage: npm run reports -w packages/server -- [how many, 20 by default]\n');
  process.exit(2);
}
const env = readEnvironment();
const store = openStore({ databaseUrl: env.DATABASE_URL ?? null, dataDir: env.DATA_DIR });
try {
  await store.migrate();
  process.stdout.write(`${reportsText(await store.chatReports(count))}\n`);
} finally {
  await store.close();
}
