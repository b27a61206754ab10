/**
 * `examples/bot/bot.ts`, the bot program of docs/bots.md, against a real server process: it
 * plays a whole game against the server's easy bot, a second run reuses the token it kept
 * (no second rated account), and in `listen` mode it accepts a challenge from its event
 * stream and plays that game against a person to the end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { http, newAccount, pick, playSeat, TestClient } from './harness.ts';
import { spawnServer, stopAllServers } from './support/spawnServer.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const EXAMPLE = fileURLToPath(new URL('../../../examples/bot/bot.ts', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'gangsta-example-bot-'));

afterAll(async () => {
  await stopAllServers();
  rmSync(folder, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  output: () => string;
  /** Resolves once the output has a line matching `pattern`. */
  said: (pattern: RegExp) => Promise<void>;
  exited: Promise<number | null>;
}

/** Starts the example (stopped by its pid if it hangs). */
function startExample(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', EXAMPLE], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const take = (chunk: Buffer) => {
    output += chunk;
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  const said = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const look = () => {
        if (pattern.test(output)) {
          listeners.delete(look);
          resolve();
        }
      };
      listeners.add(look);
      look();
      exited.then(() => {
        if (!pattern.test(output))
          reject(new Error(`the example ended without ${pattern}: ${output}`));
      });
    });
  return { child, output: () => output, said, exited };
}

describe('examples/bot', () => {
  it('becomes a bot account once, plays a whole game, and reuses its token the next time', async () => {
    const server = await spawnServer();
    const env = { GANGSTA_URL: server.url, GANGSTA_TOKEN_FILE: join(folder, 'first.json') };
    const first = startExample(env);
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/bot account robot_\w+ \(new; token kept in /);
    expect(first.output()).toMatch(/game over after \d+ moves of ours: (won|lost) \d+ to \d+/);
    const kept = JSON.parse(readFileSync(env.GANGSTA_TOKEN_FILE, 'utf8'));

    const second = startExample(env);
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain(`bot account ${kept.username} (token from `);
    expect(second.output()).not.toContain('(new;');
    expect(second.output()).toMatch(/game over after \d+ moves of ours/);
    // Still the one account, with the same token.
    const me = await http(server.url, 'GET', '/api/v1/me', { token: kept.token });
    expect(me.body.account).toEqual({ username: kept.username, bot: true });
  });

  it('accepts a challenge from its event stream and plays it against a person', async () => {
    const server = await spawnServer();
    const tokenFile = join(folder, 'listen.json');
    const env = { GANGSTA_URL: server.url, GANGSTA_TOKEN_FILE: tokenFile };
    // A first run makes the account (and plays its game against the easy bot).
    expect(await startExample(env).exited).toBe(0);
    const { username } = JSON.parse(readFileSync(tokenFile, 'utf8'));
    const listener = startExample({ ...env, GANGSTA_MODE: 'listen', GANGSTA_GAMES: '1' });
    await listener.said(/listening for challenges/);

    const ann = await newAccount(server.url, 'AnnPerson');
    const made = await http(server.url, 'POST', '/api/v1/challenges', {
      token: ann.token,
      body: { to: username, options: { players: 2 } },
    });
    expect(made.status).toBe(201);
    const table = made.body.challenge.id;
    const client = await TestClient.connect(server.url, ann.token);
    client.send({ type: 'watch', table });
    const game = await playSeat(client, table, pick);
    await client.close();
    expect(game.last.over).toBe(true);
    expect(await listener.exited).toBe(0);
    expect(listener.output()).toContain('challenged by AnnPerson: accepting');
    expect(listener.output()).toMatch(/game over after \d+ moves of ours/);
  });
});
