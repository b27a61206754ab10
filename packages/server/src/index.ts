/** @gangsta/server — the authoritative game server (see README.md beside this folder). */
export { type RunningServer, startServer } from './app.ts';
export { DEFAULTS, optionsFromEnv, type ServerOptions } from './config.ts';
export { openPostgresStore } from './store/postgres.ts';
export { SqlStore } from './store/sql.ts';
export { openSqliteStore } from './store/sqlite.ts';
export type * from './store/types.ts';
