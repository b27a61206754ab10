/**
 * `--migrate-only`: the database brought up to date with nothing served, so that an upgrade can
 * run its migrations once, on purpose, before any process of the new version starts
 * (docs/deploy.md, "Upgrades").
 */
import type { ServerOptions } from '../config.ts';
import { openStore } from '../store/open.ts';
import { checkPostgres, migrateStore } from './startup.ts';

/** Runs the migrations the database has not run; returns their names, in order. */
export async function migrateOnly(
  options: Pick<ServerOptions, 'databaseUrl' | 'dataDir'>,
): Promise<string[]> {
  if (options.databaseUrl) await checkPostgres(options.databaseUrl);
  const store = openStore(options);
  try {
    // The caller prints the names; nothing else is logged.
    return await migrateStore(store, options, { info() {} });
  } finally {
    await store.close();
  }
}
