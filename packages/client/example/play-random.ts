/**
 * A whole game through the published packages, as a programmer who installed
 * `@gangsta/client` writes it: a guest player hosts a 2-player table against the server's easy
 * bot and plays a random legal move whenever it must decide.
 *
 *   npm install @gangsta/client @gangsta/engine @gangsta/protocol ws
 *   GANGSTA_URL=http://127.0.0.1:5173 node play-random.js     (compiled by tsc)
 *
 * `packages/server/test/client-package.test.ts` packs the packages, installs them into an empty
 * project, compiles this file there and runs it against a real server.
 */
import { createHttpClient, GangstaClient, type SocketLike } from '@gangsta/client';
import type { GameResult } from '@gangsta/engine';
import WebSocket from 'ws';

const server = process.env.GANGSTA_URL ?? 'http://127.0.0.1:5173';

// The HTTP API through the route table: a refusal throws a RequestError with the server's code.
const guest = createHttpClient({ baseUrl: server });
const { token } = await guest.createPlayer({ body: { name: 'Random' } });
const http = createHttpClient({ baseUrl: server, token: () => token });
const { table } = await http.createTable({
  body: {
    public: false,
    options: { players: 2 },
    seats: [{ kind: 'host' }, { kind: 'bot', level: 'easy' }],
  },
});

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
      const move = frame.legal[Math.floor(Math.random() * frame.legal.length)];
      if (move === undefined) return;
      client.sendMove(table.id, move, version);
      moves++;
    },
  });
});
client.connect();
await http.startTable({ params: { id: table.id } });
const final = await result;
const [mine, theirs] = final?.scores.map((score) => score.total) ?? [];
console.log(`game over after ${moves} random moves: ${mine} to ${theirs} (${final?.reason})`);
await client.close();
