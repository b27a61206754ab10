/**
 * A bot program for a Gangsta! server, start to finish (docs/bots.md). It makes an account,
 * turns it into a bot account (the token it gets is what a real bot keeps in its
 * configuration), hosts a 2-player table against the server's easy bot, and plays it through
 * `@gangsta/client` with the heuristic bot's choices.
 *
 *   GANGSTA_URL=http://127.0.0.1:5173 npx tsx examples/bot/bot.ts
 */
import { createBot } from '@gangsta/bots';
import { GangstaClient, type SocketLike } from '@gangsta/client';
import type { GameResult } from '@gangsta/engine';
import {
  botAccountAnswerSchema,
  httpErrorSchema,
  meAnswerSchema,
  playerCreatedSchema,
  tableAnswerSchema,
} from '@gangsta/protocol';
import WebSocket from 'ws';
import type { z } from 'zod';

const server = process.env.GANGSTA_URL ?? 'http://127.0.0.1:5173';

/** One call of the HTTP API, its answer checked; a refusal stops with the server's words. */
async function api<T>(schema: z.ZodType<T>, path: string, token: string | null, body?: object) {
  const response = await fetch(`${server}/api/v1${path}`, {
    method: 'POST',
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer: unknown = await response.json();
  if (response.ok) return schema.parse(answer);
  const { error } = httpErrorSchema.parse(answer);
  throw new Error(`${path}: ${error.code}: ${error.message}`);
}

const name = `robot_${Date.now().toString(36)}`;
const guest = await api(playerCreatedSchema, '/players', null, { name });
const password = `${guest.token}!`;
await api(meAnswerSchema, '/account', guest.token, { username: name, password });
const { token } = await api(botAccountAnswerSchema, '/account/bot', guest.token);
const { table } = await api(tableAnswerSchema, '/tables', token, {
  public: false,
  options: { players: 2 },
  seats: [{ kind: 'host' }, { kind: 'bot', level: 'easy' }],
});

const brain = createBot({ kind: 'heuristic', seed: 7 });
const client = new GangstaClient({
  url: `${server.replace(/^http/, 'ws')}/api/v1/ws`,
  token: () => token,
  socket: (url) => new WebSocket(url) as unknown as SocketLike,
});
client.on('problem', (problem) => console.warn(`${problem.kind}: ${problem.message}`));
let moves = 0;
const result = new Promise<GameResult | null>((resolve) => {
  client.watch(table.id, {
    receive(_message, { frame, version }) {
      if (frame?.over) return resolve(frame.view.result);
      // One move at a time: the next decision comes with the frame that answers this one.
      if (!frame || frame.legal.length === 0 || client.getSnapshot().queued > 0) return;
      client.sendMove(table.id, brain.decide(frame.view, frame.legal).move, version);
      moves++;
    },
  });
});
client.connect();
await api(tableAnswerSchema, `/tables/${table.id}/start`, token);
const final = await result;
const [mine, theirs] = final?.scores.map((score) => score.total) ?? [];
const won = final?.winners.includes(0) ? 'won' : 'lost';
console.log(`game over after ${moves} moves of ours: ${won} ${mine} to ${theirs}`);
await client.close();
