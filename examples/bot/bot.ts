/**
 * A bot program for a Gangsta! server, start to finish (docs/bots.md). The first run makes an
 * account, turns it into a bot account and keeps its token in a file; every later run reads
 * the token back, so running the program again never makes a second (rated) account. Then it
 * plays through `@gangsta/client` with the heuristic bot's choices, in one of three ways:
 *
 *   host (default)   hosts a 2-player table against the server's easy bot and plays it;
 *   join             takes a seat at someone else's table (GANGSTA_TABLE=<table id>);
 *   listen           reads the account's event stream, accepts every challenge and plays
 *                    each game that starts (GANGSTA_GAMES=<n>: stop after n games).
 *
 *   GANGSTA_URL=http://127.0.0.1:5173 npx tsx examples/bot/bot.ts
 *   GANGSTA_MODE=listen npx tsx examples/bot/bot.ts
 *
 * GANGSTA_TOKEN_FILE (default `.gangsta-bot.json` in the current folder) holds the token:
 * keep it private, like a password.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createBot } from '@gangsta/bots';
import { createHttpClient, GangstaClient, type SocketLike } from '@gangsta/client';
import type { GameResult } from '@gangsta/engine';
import { accountEventSchema, ROUTES } from '@gangsta/protocol';
import WebSocket from 'ws';

const server = process.env.GANGSTA_URL ?? 'http://127.0.0.1:5173';
const mode = process.env.GANGSTA_MODE ?? 'host';
const tokenFile = resolve(process.env.GANGSTA_TOKEN_FILE ?? '.gangsta-bot.json');

/**
 * The HTTP API through `@gangsta/client`'s client (the protocol's route table), as the player
 * of this token: every answer checked, a refusal thrown with the server's code and message.
 */
const api = (token: string | null) => createHttpClient({ baseUrl: server, token: () => token });

/** The bot account's token: the one kept in the file, or a new account's (then kept). */
async function botToken(): Promise<string> {
  if (existsSync(tokenFile)) {
    const kept = JSON.parse(readFileSync(tokenFile, 'utf8')) as { server: string; token: string };
    if (kept.server === server) {
      // A token the server refuses stops the program: a new account would be a new rating.
      const me = await api(kept.token).getMe();
      console.log(`bot account ${me.account?.username} (token from ${tokenFile})`);
      return kept.token;
    }
  }
  const name = `robot_${Date.now().toString(36)}`;
  const guest = await api(null).createPlayer({ body: { name } });
  const password = `${guest.token}!`;
  await api(guest.token).createAccount({ body: { username: name, password } });
  const { token } = await api(guest.token).becomeBotAccount();
  writeFileSync(tokenFile, `${JSON.stringify({ server, username: name, token })}\n`, {
    mode: 0o600,
  });
  console.log(`bot account ${name} (new; token kept in ${tokenFile})`);
  return token;
}

const token = await botToken();
const http = api(token);
const brain = createBot({ kind: 'heuristic', seed: 7 });
const client = new GangstaClient({
  url: `${server.replace(/^http/, 'ws')}/api/v1/ws`,
  token: () => token,
  socket: (url) => new WebSocket(url) as unknown as SocketLike,
});
client.on('problem', (problem) => console.warn(`${problem.kind}: ${problem.message}`));
client.connect();

/** Plays our seat at the table to the end of its game. */
function play(tableId: string, seat: number): Promise<void> {
  let moves = 0;
  let unwatch = () => {};
  return new Promise<GameResult | null>((done) => {
    unwatch = client.watch(tableId, {
      receive(_message, { frame, version }) {
        if (frame?.over) return done(frame.view.result);
        // One move at a time: the next decision comes with the frame that answers this one.
        if (!frame || frame.legal.length === 0 || client.getSnapshot().queued > 0) return;
        client.sendMove(tableId, brain.decide(frame.view, frame.legal).move, version);
        moves++;
      },
    });
  }).then((result) => {
    unwatch();
    const totals = result?.scores.map((score) => score.total) ?? [];
    const mine = totals[seat];
    const best = Math.max(...totals.filter((_, i) => i !== seat));
    const won = result?.winners.includes(seat) ? 'won' : 'lost';
    console.log(`game over after ${moves} moves of ours: ${won} ${mine} to ${best}`);
  });
}

/** Reads the event stream: accepts each challenge, plays each game that starts. */
async function listen(games: number): Promise<void> {
  const stop = new AbortController();
  // An NDJSON stream, read line by line: the one route the HTTP client does not call.
  const response = await fetch(http.url(ROUTES.eventStream), {
    headers: { authorization: `Bearer ${token}` },
    signal: stop.signal,
  });
  if (!response.ok || !response.body) throw new Error(`event stream: HTTP ${response.status}`);
  console.log('listening for challenges');
  const reader = response.body.getReader();
  // Each game once: it starts with our accept (the answer says so) or later (`gameStart`).
  const playing = new Map<string, Promise<void>>();
  const start = (tableId: string, seat: number) => {
    if (!playing.has(tableId)) playing.set(tableId, play(tableId, seat));
  };
  let buffered = '';
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the server closed the event stream');
    buffered += decoder.decode(value, { stream: true });
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines.filter((l) => l.trim() !== '')) {
      const event = accountEventSchema.parse(JSON.parse(line));
      if (event.type === 'challenge') {
        console.log(`challenged by ${event.challenge.from.name}: accepting`);
        const accepted = await http.acceptChallenge({ params: { id: event.challenge.id } });
        if (accepted.table.status === 'playing') start(accepted.table.id, event.challenge.seat);
      } else if (event.type === 'gameStart') {
        start(event.table.id, event.seat);
      }
      if (playing.size >= games) {
        await Promise.all(playing.values());
        stop.abort();
        return;
      }
    }
  }
}

if (mode === 'listen') {
  await listen(Number(process.env.GANGSTA_GAMES ?? Number.POSITIVE_INFINITY));
} else if (mode === 'join') {
  const tableId = process.env.GANGSTA_TABLE;
  if (!tableId) throw new Error('GANGSTA_MODE=join needs GANGSTA_TABLE=<table id>');
  // The first free seat that fits; the host starts the game (or it starts when full).
  const { seat } = await http.joinTable({ params: { id: tableId }, body: {} });
  console.log(`sitting at seat ${seat}`);
  await play(tableId, seat ?? 0);
} else {
  const { table } = await http.createTable({
    body: {
      public: false,
      options: { players: 2 },
      seats: [{ kind: 'host' }, { kind: 'bot', level: 'easy' }],
    },
  });
  const game = play(table.id, 0);
  await http.startTable({ params: { id: table.id } });
  await game;
}
await client.close();
