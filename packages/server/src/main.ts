/**
 * The server process: settings from the environment, one ready line on stdout (tests and
 * `npm start` wait for it), and a clean shutdown on SIGTERM or SIGINT.
 *
 * `--migrate-only`: brings the database up to date, prints each migration it ran (or that none
 * was needed) on stdout and exits 0, serving nothing (docs/deploy.md, "Upgrades").
 *
 * A setting that cannot be read, a database that cannot be reached or a migration that fails
 * ends the process with exit code 1 and one message on stderr, not a stack trace.
 */
import { setFlagsFromString } from 'node:v8';
import { startServer } from './app.ts';
import { heapGrowthPercentFromEnv, optionsFromEnv, type ServerOptions } from './config.ts';
import { ConfigError } from './environment.ts';
import { StartError } from './ops/startup.ts';

/** Prints why the process cannot go on and exits 1 (the stack only for unexpected errors). */
function fail(error: unknown): never {
  if (error instanceof ConfigError || error instanceof StartError) {
    process.stderr.write(`gangsta server: ${error.message}\n`);
  } else {
    process.stderr.write(`gangsta server: could not start: ${String(error)}\n`);
    if (error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  }
  process.exit(1);
}

let options: ServerOptions;
let heapGrowthPercent: number;
try {
  options = optionsFromEnv();
  heapGrowthPercent = heapGrowthPercentFromEnv();
} catch (error) {
  fail(error);
}

if (process.argv.includes('--migrate-only')) {
  // Loaded here: a plain start never needs it.
  const { migrateOnly } = await import('./ops/migrateOnly.ts');
  const applied = await migrateOnly(options).catch(fail);
  process.stdout.write(
    applied.length === 0
      ? 'gangsta server: the database is up to date; no migration to run\n'
      : applied.map((name) => `gangsta server: migration ${name} applied\n`).join(''),
  );
  process.exit(0);
}

// V8 reads this flag at each full collection, so setting it now, before the tables load, holds.
if (heapGrowthPercent > 0) setFlagsFromString(`--heap-growing-percent=${heapGrowthPercent}`);
const server = await startServer(options).catch(fail);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  try {
    await server.close(signal);
    process.exit(0);
  } catch (error) {
    console.error(`stopping after ${signal} failed:`, error);
    process.exit(1);
  }
}

process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
// Said once the handlers are in place: whoever waits for this line (a test, `npm start`, an
// orchestrator) may send SIGTERM at once, and without a handler Node would die of it instead of
// draining.
process.stdout.write(`gangsta server listening on http://${options.host}:${server.port}\n`);
