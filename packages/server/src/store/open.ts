/** The store the settings ask for: PostgreSQL with `DATABASE_URL`, else SQLite in `DATA_DIR`. */
import type { ServerOptions } from '../config.ts';
import { openPostgresStore, type PostgresEvents } from './postgres.ts';
import type { Store } from './types.ts';
import { workerStore } from './workerStore.ts';

export function openStore(
  options: Pick<ServerOptions, 'databaseUrl' | 'dataDir'>,
  events?: PostgresEvents,
): Store {
  if (options.databaseUrl) return openPostgresStore(options.databaseUrl, events);
  return workerStore(options.dataDir);
}
