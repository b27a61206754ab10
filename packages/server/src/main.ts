/**
 * The server process: settings from the environment, one ready line on stdout (tests and
 * `npm start` wait for it), and a clean shutdown on SIGTERM or SIGINT.
 */
import { setFlagsFromString } from 'node:v8';
import { startServer } from './app.ts';
import { heapGrowthPercentFromEnv, optionsFromEnv } from './config.ts';

const options = optionsFromEnv();
const heapGrowthPercent = heapGrowthPercentFromEnv();
// V8 reads this flag at each full collection, so setting it now, before the tables load, holds.
if (heapGrowthPercent > 0) setFlagsFromString(`--heap-growing-percent=${heapGrowthPercent}`);
const server = await startServer(options);
process.stdout.write(`gangsta server listening on http://${options.host}:${server.port}\n`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  try {
    await server.close();
    process.exit(0);
  } catch (error) {
    console.error(`stopping after ${signal} failed:`, error);
    process.exit(1);
  }
}

process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
