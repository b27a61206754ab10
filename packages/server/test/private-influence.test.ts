/**
 * Private heist influence (R-OPT-3) on the wire: in whole games played through a real server,
 * with both rulesets (R-OPT-4), no seat and no spectator is sent another seat's heist IP, an
 * amount of another seat's influence gain, or the cards of another seat's heist pile (their
 * printed rewards would add up to the hidden total), in any frame or in the patches of any
 * update; each seat is sent all of its own; and the final frame reveals everything.
 */
import type { Seat } from '@gangsta/engine';
import type { GameFrame, UpdateFrame } from '@gangsta/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTable,
  playRandomGame,
  type ReadyTable,
  replaySteps,
  type SpawnedServer,
  setUpTable,
  spawnServer,
  stopAllServers,
  type TestClient,
} from './support/index.ts';

let server: SpawnedServer;

// Starting compiles the server's sources with tsx: slow on a busy machine.
beforeAll(async () => {
  server = await spawnServer({ startTimeoutMs: 170_000 });
}, 180_000);

afterAll(async () => {
  await stopAllServers();
}, 180_000);

type SentFrame = GameFrame | UpdateFrame;

/** Every object inside a parsed message, depth first. */
function* objectsIn(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) {
    for (const item of value) yield* objectsIn(item);
  } else if (value !== null && typeof value === 'object') {
    yield value as Record<string, unknown>;
    for (const item of Object.values(value)) yield* objectsIn(item);
  }
}

interface Seen {
  /** Influence events with their amount, by the seat that gained. */
  amounts: Map<Seat, number>;
  /** Influence events without their amount, by the seat that gained. */
  hidden: Map<Seat, number>;
  /** Problems: another seat's secret in what this recipient was sent. */
  leaks: string[];
  frames: number;
}

function count(map: Map<Seat, number>, seat: Seat): void {
  map.set(seat, (map.get(seat) ?? 0) + 1);
}

/** What one recipient (a seat, or null for a spectator) was sent about the table. */
function scan(client: TestClient, recipient: Seat | null, tableId: string): Seen {
  const seen: Seen = { amounts: new Map(), hidden: new Map(), leaks: [], frames: 0 };
  const others = (seat: unknown) => typeof seat === 'number' && seat !== recipient;
  for (const received of client.received) {
    const message = received.message;
    if (!message) throw new Error(`${client.label}: unparseable frame`);
    if ('table' in message && typeof message.table === 'string' && message.table !== tableId)
      continue;
    const where = `${client.label} #${received.index}`;
    // The frame the client holds after applying the message (a sync, or an update's patch).
    const frame = 'frame' in message ? (message.frame as SentFrame | null) : null;
    // The message that ends the game reveals every pile and total (R-INFO-4) in its patch.
    const reveal = frame?.view.phase === 'gameOver';
    // The raw message: events, and the patches of an update, as they went over the wire.
    for (const object of objectsIn(JSON.parse(received.raw))) {
      if (object.type === 'influence') {
        count(seen.amounts, object.seat as Seat);
        if (others(object.seat)) seen.leaks.push(`${where}: an amount of seat ${object.seat}`);
      }
      if (object.type === 'influenceHidden') count(seen.hidden, object.seat as Seat);
      const path = typeof object.path === 'string' ? object.path : '';
      const patched = /\/players\/(\d+)\/(pile|heistIp)\b/.exec(path);
      if (
        !reveal &&
        patched &&
        others(Number(patched[1])) &&
        'value' in object &&
        object.value !== null
      )
        seen.leaks.push(`${where}: a patch of ${path}`);
    }
    if (!frame) continue;
    seen.frames++;
    if (frame.view.phase === 'gameOver') continue;
    for (const player of frame.view.players) {
      const own = player.seat === recipient;
      if (own && (player.pile === null || player.heistIp === null))
        seen.leaks.push(`${where}: its own pile or IP is hidden from seat ${recipient}`);
      if (!own && (player.pile !== null || player.heistIp !== null))
        seen.leaks.push(`${where}: seat ${player.seat}'s pile or IP is shown`);
      if (own && player.pile !== null && player.pile.length !== player.pileSize)
        seen.leaks.push(`${where}: its pile size is wrong`);
    }
  }
  return seen;
}

async function playAndScan(ruleset: 'online' | 'printed', seed: number) {
  const table: ReadyTable = await setUpTable(server, {
    label: `private-${ruleset}`,
    seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
    options: { privateHeistInfluence: true, resources: true, ruleset },
    spectators: 1,
  });
  await playRandomGame(table, { seed });
  const game = replaySteps(await table.host.api.record(table.id));
  const recipients: [TestClient, Seat | null][] = [
    ...table.players.map((p): [TestClient, Seat | null] => [p.client, p.seat]),
    ...table.spectators.map((s): [TestClient, Seat | null] => [s, null]),
  ];
  const seen = recipients.map(([client, seat]) => ({ seat, ...scan(client, seat, table.id) }));
  const finals = recipients.map(([client]) => client.tableState(table.id).frame);
  return { table, game, seen, finals };
}

describe('R-OPT-3: private heist influence on the wire', () => {
  it.each(['online', 'printed'] as const)(
    'no seat nor spectator is sent what adds up to another seat’s heist IP (%s rules)',
    async (ruleset) => {
      const { table, game, seen, finals } = await playAndScan(
        ruleset,
        ruleset === 'online' ? 41 : 42,
      );
      expect(game.final.phase).toBe('gameOver');
      expect(game.final.options.ruleset).toBe(ruleset);
      const gains = game.final.players.map((p) => p.heistIp);
      // The game must have had influence to hide, or the test proves nothing.
      expect(gains.some((ip) => ip > 0)).toBe(true);
      for (const recipient of seen) {
        expect(recipient.leaks.slice(0, 5), `seat ${recipient.seat}`).toEqual([]);
        expect(recipient.frames).toBeGreaterThan(50);
        for (const player of game.final.players) {
          const gained = player.heistIp > 0;
          if (player.seat === recipient.seat) {
            // Its own gains come with their amounts, and nothing of them is hidden from it.
            expect(recipient.amounts.has(player.seat)).toBe(gained);
            expect(recipient.hidden.has(player.seat)).toBe(false);
          } else if (gained) {
            // Another seat's gains are still in the log, without their amount.
            expect(recipient.hidden.get(player.seat) ?? 0).toBeGreaterThan(0);
          }
        }
      }
      // The final frame reveals everything: every pile and every heist IP (R-INFO-4).
      for (const frame of finals) {
        expect(frame?.view.players.map((p) => p.heistIp)).toEqual(gains);
        expect(frame?.view.players.map((p) => p.pile)).toEqual(
          game.final.players.map((p) => p.pile),
        );
      }
      await closeTable(table);
    },
    400_000,
  );
});
