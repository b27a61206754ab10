/**
 * `gangsta online` end to end: a real server (packages/server/bin/server.mjs) on 127.0.0.1 with
 * a random port, a fresh data folder and BOT_DELAY_MS=0, and the CLI in a detached tmux
 * session (a real terminal), driven with `send-keys` and read with `capture-pane`. A guest
 * creates a 2-player table against the easy bot, the game starts, moves are typed by number,
 * the board and the bot's moves appear, a tip and a chat line, then q, then a bad flag in the
 * same terminal. More bad flags and a refused request go through the binary directly (exit
 * codes 2 and 1).
 *
 * Without tmux the test is skipped outside CI; under CI (CI=true) it must run.
 * Nothing depends on speed: every wait polls the pane with a generous timeout.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli } from './helpers.ts';

const SERVER_BIN = fileURLToPath(new URL('../../server/bin/server.mjs', import.meta.url));
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const inCi = process.env.CI === 'true';
const run = hasTmux || inCi;
if (!run) {
  console.warn('gangsta online tmux test skipped: tmux is not installed (it runs under CI=true)');
}

/** A tmux server of our own (`-L`), so the user's sessions are never touched. */
const SOCKET = `gangsta-online-test-${process.pid}`;
const SESSION = 'online';

function tmux(...args: string[]): string {
  const result = spawnSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`tmux ${args.join(' ')} failed: ${result.stderr}`);
  }
  return result.stdout;
}

/** The whole pane with its history, without trailing blank lines. */
function pane(): string {
  return tmux('capture-pane', '-p', '-J', '-t', SESSION, '-S', '-5000').trimEnd();
}

function lastLine(text: string): string {
  const lines = text.split('\n');
  return lines[lines.length - 1] ?? '';
}

async function waitFor(
  what: string,
  check: (text: string) => boolean,
  timeoutMs = 90_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = pane();
    if (check(text)) return text;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}; the pane ends with:\n${text.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function type(line: string): void {
  tmux('send-keys', '-t', SESSION, '-l', line);
  tmux('send-keys', '-t', SESSION, 'Enter');
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

/** A prompt waiting for a move number on the last line: "Your choice [1-3, …]:". */
const MOVE_PROMPT = /^Your choice \[1-\d+[^\]]*\]:$/;

let server: ChildProcess | null = null;
let serverUrl = '';
let dir = '';
let serverOutput = '';

function startServer(dataDir: string): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    BOT_DELAY_MS: '0',
    RATE_LIMIT_HTTP: '0',
    RATE_LIMIT_PLAYERS: '0',
    WS_UPGRADES_PER_MINUTE: '0',
  };
  // The SQLite file in DATA_DIR, whatever database the surrounding shell names.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [SERVER_BIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  server = child;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start:\n${serverOutput}`)),
      110_000,
    );
    const read = (chunk: Buffer) => {
      serverOutput += chunk.toString();
      const match = /gangsta server listening on (http:\/\/\S+)/.exec(serverOutput);
      const address = match?.[1];
      if (address !== undefined) {
        clearTimeout(timer);
        resolve(address);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${serverOutput}`));
    });
  });
}

describe.runIf(run)('gangsta online (tmux, real server)', () => {
  let config = '';

  beforeAll(async () => {
    if (!hasTmux) throw new Error('tmux is required under CI (CI=true) for this test');
    dir = mkdtempSync(join(tmpdir(), 'gangsta-online-'));
    config = join(dir, 'online.json');
    serverUrl = await startServer(join(dir, 'data'));
  });

  afterAll(async () => {
    // Our tmux session (and the private tmux server), then the server, each by name or pid.
    spawnSync('tmux', ['-L', SOCKET, 'kill-session', '-t', SESSION]);
    spawnSync('tmux', ['-L', SOCKET, 'kill-server']);
    const child = server;
    if (child?.pid !== undefined && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(child.pid, 'SIGTERM');
      const timer = setTimeout(() => child.pid && process.kill(child.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a guest plays the easy bot in a terminal: board, numbered moves, tip, chat, quit', async () => {
    const env = `GANGSTA_CONFIG='${config}' GANGSTA_SERVER='${serverUrl}' NO_COLOR=1`;
    const command = `env ${env} '${process.execPath}' '${BIN}' online --name Tester create --seats host,bot:easy --play; echo "[exit $?]"; exec sh`;
    tmux('new-session', '-d', '-s', SESSION, '-x', '200', '-y', '50', command);
    tmux('set-option', '-t', SESSION, 'history-limit', '50000');

    // The table is created and started (the host's seats are filled), the board appears.
    let text = await waitFor('the first move prompt', (t) => MOVE_PROMPT.test(lastLine(t)));
    expect(text).toMatch(/Created table \S+/);
    expect(text).toContain('Heists');
    expect(text).toContain('Recruits');
    expect(text).toContain('Gangs');
    expect(text).toMatch(/^\s+1\) /m);

    type('t');
    await waitFor('a tip', (t) => /Tip: /.test(t) && MOVE_PROMPT.test(lastLine(t)));

    // Several moves by number; each comes back from the server as "· You: …".
    for (let i = 0; i < 5; i++) {
      const mine = count(pane(), /^· You: /gm);
      type('1');
      text = await waitFor(
        `move ${i + 1} to come back and the next turn`,
        (t) =>
          count(t, /^· You: /gm) > mine &&
          (MOVE_PROMPT.test(lastLine(t)) || /The game is over/.test(t)),
      );
      if (/The game is over/.test(text)) break;
    }
    expect(count(text, /^· You: /gm)).toBeGreaterThanOrEqual(2);
    // The bot's moves arrived and were printed.
    expect(text).toMatch(/^· Seat 2 \(easy bot\): /m);

    type('b');
    await waitFor('the board again', (t) => count(t, /^Recruits$/gm) > count(text, /^Recruits$/gm));

    type('c hello from tmux');
    await waitFor('the chat line', (t) => t.includes('[Tester] hello from tmux'));

    type('q');
    text = await waitFor('the exit', (t) => t.includes('[exit 0]'));
    expect(text).toContain('Left the table.');

    // A bad flag in the same terminal: one line naming it, exit code 2.
    type(
      `env ${env} '${process.execPath}' '${BIN}' online create --seats host,bot:wizard; echo "[exit $?]"`,
    );
    text = await waitFor('the bad flag', (t) => t.includes('[exit 2]'));
    expect(text).toMatch(/option '--seats <list>' argument 'host,bot:wizard' is invalid/);

    // The guest was kept: the next run is the same player, whose game is listed.
    const saved = JSON.parse(readFileSync(config, 'utf8')) as {
      servers: Record<string, { token?: string; player: { name: string } }>;
    };
    const entry = saved.servers[new URL(serverUrl).origin];
    expect(entry?.player.name).toBe('Tester');
    expect(entry?.token).toBeTruthy();
    const games = await runCli(['online', 'games'], '', 60_000, {
      GANGSTA_CONFIG: config,
      GANGSTA_SERVER: serverUrl,
    });
    expect(games.code).toBe(0);
    expect(games.stdout).toMatch(/playing\s+2p/);
  });

  it('a 30-second clock: the clocks, the warning, the legend, and the end stated with its reason', async () => {
    const session = 'clock';
    const capture = () => tmux('capture-pane', '-p', '-J', '-t', session, '-S', '-20000').trimEnd();
    const waitIn = async (what: string, check: (text: string) => boolean, timeoutMs = 120_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const text = capture();
        if (check(text)) return text;
        if (Date.now() > deadline) {
          throw new Error(
            `timed out waiting for ${what}; the pane ends with:\n${text.slice(-3000)}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const typeIn = (line: string) => {
      tmux('send-keys', '-t', session, '-l', line);
      tmux('send-keys', '-t', session, 'Enter');
    };
    // A guest of its own (a file of its own): the first test's guest is another player.
    const env = `GANGSTA_CONFIG='${join(dir, 'clock.json')}' GANGSTA_SERVER='${serverUrl}' NO_COLOR=1`;
    const command = `env ${env} '${process.execPath}' '${BIN}' online --name Clocky create --seats host,bot:easy --clock realtime:0.5 --play; echo "[exit $?]"; exec sh`;
    tmux('new-session', '-d', '-s', session, '-x', '200', '-y', '50', command);
    tmux('set-option', '-t', session, 'history-limit', '50000');

    // A decision of ours with 30 seconds in the bank: the clocks, then at once the warning.
    let text = await waitIn('the clocks', (t) => /^Clocks: you 0:[0-3]\d/m.test(t));
    text = await waitIn('the warning', (t) =>
      /^Warning: \d+ seconds left on your clock!$/m.test(t),
    );
    // Members are named as in the browser, the id after the name.
    expect(text).toMatch(
      /(Papa Volkov|Don Ramón Oro|Big Mama Royce|Don Vittorio Sabbia|Mister Jade)/,
    );

    typeIn('?');
    text = await waitIn('the legend', (t) => t.includes('Skill letters: L Leader, M Mercenary'));
    expect(text).toContain('I Informant, S Sniper, B Brawler, H Hacker.');
    typeIn('k');
    await waitIn('the clocks again', (t) => count(t, /^Clocks: /gm) >= 2);

    // Nobody moves for us: the time runs out, the easy bot takes the seat and both bots play
    // to the end, which the table states with its reason.
    text = await waitIn(
      'the end of the game',
      (t) =>
        /The game is over\. The game ended: (a gang reached 9 members|the third snitch of chapter III came out|nobody recruited or completed a heist for too long \(the safeguard\))\./.test(
          t,
        ),
      240_000,
    );
    expect(text).toContain('Final scores');
    typeIn('q');
    await waitIn('the exit', (t) => t.includes('[exit 0]'));
    // The 30 seconds, then two bots playing a whole game: minutes on a busy machine.
  }, 400_000);

  it('a refused request exits 1 with the server’s code and message', async () => {
    const env = { GANGSTA_CONFIG: config, GANGSTA_SERVER: serverUrl };
    const refused = await runCli(['online', 'play', 'NO-SUCH-TABLE'], '', 60_000, env);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      'gangsta: the server refused: UNKNOWN_TABLE: no table has the id NO-SUCH-TABLE',
    );
  });
});

describe('gangsta online flags (no server needed)', () => {
  it('bad flags exit 2 with one line naming the flag', async () => {
    const env = { GANGSTA_CONFIG: join(tmpdir(), `gangsta-none-${process.pid}.json`) };
    const clock = await runCli(['online', 'create', '--clock', 'sometimes'], '', 60_000, env);
    expect(clock.code).toBe(2);
    expect(clock.stderr).toContain("option '--clock <clock>' argument 'sometimes' is invalid");

    const seats = await runCli(['online', 'create', '--seats', 'open,bot:easy'], '', 60_000, env);
    expect(seats.code).toBe(2);
    expect(seats.stderr.trim()).toBe('gangsta: --seats must list exactly one "host" seat (yours)');

    const server = await runCli(['online', '--server', 'ftp://x', 'lobby'], '', 60_000, env);
    expect(server.code).toBe(2);
    expect(server.stderr).toContain('--server');
  });

  it('a server that does not answer: the address tried, `npm start`’s address and how to name another', async () => {
    const env = { GANGSTA_CONFIG: join(tmpdir(), `gangsta-none-${process.pid}.json`) };
    // Port 9 (discard) on this machine: nothing listens there.
    const down = await runCli(
      ['online', '--server', 'http://127.0.0.1:9', 'lobby'],
      '',
      60_000,
      env,
    );
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('cannot reach the server at http://127.0.0.1:9');
    expect(down.stderr).toContain('`npm start` (it listens on http://127.0.0.1:5173)');
    expect(down.stderr).toContain('--server URL');
    expect(down.stderr).toContain('GANGSTA_SERVER=URL');
  });

  it('defaults to the address `npm start` serves', async () => {
    const help = await runCli(['online', '--help'], '', 60_000, {});
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/\(default \$GANGSTA_SERVER or\s+http:\/\/127\.0\.0\.1:5173\)/);
  });
});
