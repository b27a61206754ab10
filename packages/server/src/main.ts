/**
 * The server process: settings from the environment, one ready line on stdout (tests and
 * `npm start` wait for it), and a clean shutdown on SIGTERM or SIGINT.
 */
import { startServer } from './app.ts';
import { optionsFromEnv } from './config.ts';

const options = optionsFromEnv();
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
