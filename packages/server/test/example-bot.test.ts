/**
 * `examples/bot/bot.ts`, the bot program of docs/bots.md, plays a whole game against a real
 * server process: the example keeps working as the API and the client library change.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, stopAllServers } from './support/spawnServer.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const EXAMPLE = fileURLToPath(new URL('../../../examples/bot/bot.ts', import.meta.url));

afterAll(async () => {
  await stopAllServers();
});

/** Runs the example to its end (stopped by its pid if it hangs); its exit code and output. */
function runExample(serverUrl: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', EXAMPLE], {
    cwd: ROOT,
    env: { ...process.env, GANGSTA_URL: serverUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('examples/bot', () => {
  it('becomes a bot account and plays a whole game against the server’s easy bot', async () => {
    const server = await spawnServer();
    const { code, output } = await runExample(server.url);
    expect(output).toMatch(/game over after \d+ moves of ours: (won|lost) \d+ to \d+/);
    expect(code).toBe(0);
  });
});
