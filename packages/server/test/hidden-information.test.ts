/**
 * No hidden information on the wire (R-INFO-2..4): every raw frame each seat and a spectator
 * receive during whole games, over every variant, is scanned against the server-side truth
 * (the downloaded record replayed step by step). No card of a deck or still-hidden snitch, no
 * other seat's dealt or unrevealed kept resources, no other seat's peek, no private event of
 * another seat and no generator state or seed may appear; the later chapters' heists appear
 * only as their sorted public list; and each view is exactly the engine's view for its
 * recipient.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  applyMove,
  createGame,
  type GameRecord,
  legalMoves,
  type Move,
  pendingDecision,
  type Seat,
  viewFor,
} from '@gangsta/engine';
import type { GameFrame, UpdateFrame } from '@gangsta/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL, TEST_REDIS_URL } from './support/database.ts';
import { twoProcesses } from './support/faults.ts';
import {
  at,
  closeTable,
  describePlan,
  type Leak,
  playRandomGame,
  preferProgress,
  type ReadyTable,
  replaySteps,
  SecretIndex,
  SeededRandom,
  type SpawnedServer,
  scanFrame,
  setUpTable,
  spawnServer,
  stopAllServers,
  type TestClient,
  variantPlan,
  withoutCardSet,
} from './support/index.ts';

/** Plans of `variantPlan` covering 2–4 seats × classic, Families, Resources, expert deal, R-OPT-3 and bots. */
const PLANS = [0, 4, 8, 9, 1, 5, 7, 11];
/** Games played at once: each waits on its own round trips, the server commits their moves together. */
const PARALLEL = 4;

let server: SpawnedServer;

// Starting compiles the server's sources with tsx: slow on a busy machine.
beforeAll(async () => {
  server = await spawnServer();
}, 60_000);

afterAll(async () => {
  await stopAllServers();
}, 60_000);

interface FrameFinding {
  recipient: string;
  frameIndex: number;
  moveCount: number;
  leak: Leak;
  raw: string;
}

/** A local random game (engine only) with a move of `type`; `at` is the move count just after it. */
function localGameWith(type: Move['type']): { record: GameRecord; at: number } {
  for (let seed = 0; seed < 500; seed++) {
    const options = {
      players: 2,
      seed,
      families: false,
      resources: true,
      expertResources: false,
      minimumPassIncome: false,
      catchUpCash: false,
      privateHeistInfluence: false,
    };
    const created = createGame(options);
    if (!created.ok) throw new Error(created.error.message);
    const random = new SeededRandom(seed);
    const moves: Move[] = [];
    let state = created.state;
    while (pendingDecision(state).kind !== 'gameOver') {
      const move = preferProgress(legalMoves(state), random);
      moves.push(move);
      const applied = applyMove(state, move);
      if (!applied.ok) throw new Error(applied.error.message);
      state = applied.state;
      if (move.type === type) {
        return { record: { format: 'gangsta-game', version: 1, options, moves }, at: moves.length };
      }
    }
  }
  throw new Error(`no local game with a ${type} move`);
}

/** Scans every frame one client received about the table. */
function scanClient(
  client: TestClient,
  recipient: Seat | null,
  tableId: string,
  truth: SecretIndex,
): FrameFinding[] {
  const findings: FrameFinding[] = [];
  const cards = truth.stateAfter(0).cards;
  let moveCount = 0;
  for (const received of client.received) {
    const message = received.message;
    if (!message)
      throw new Error(`${client.label}: unparseable frame ${received.raw.slice(0, 200)}`);
    if ('table' in message && typeof message.table === 'string' && message.table !== tableId)
      continue;
    const frame = 'frame' in message ? (message.frame as SentFrame | null) : null;
    if (frame) {
      moveCount = frame.moveCount;
      const where = `${client.label} frame ${received.index}`;
      checkFrame(frame, message.type === 'update', recipient, truth, where);
    }
    const scanned = scanFrame(
      withoutCardSet(JSON.parse(received.raw) as Record<string, unknown>, cards),
    );
    for (const leak of truth.leaks(scanned, moveCount, recipient)) {
      findings.push({
        recipient: client.label,
        frameIndex: received.index,
        moveCount,
        leak,
        raw: received.raw.slice(0, 300),
      });
    }
  }
  // Live updates carry patches, applied by the protocol client to give the frames
  // checked above: a run without any would not have checked what patches reveal.
  if (client.patched === 0) throw new Error(`${client.label}: no update carried a patch`);
  return findings;
}

/** A frame as sent: a sync's view has the card set, an update's leaves it out (UpdateFrame). */
type SentFrame = GameFrame | UpdateFrame;

/**
 * The frame is the recipient's, its view the engine's own (without the card set in an update),
 * and later heists are sorted.
 */
function checkFrame(
  frame: SentFrame,
  isUpdate: boolean,
  recipient: Seat | null,
  truth: SecretIndex,
  where: string,
): void {
  expect(frame.seat, `${where}: addressed to its recipient`).toBe(recipient);
  expect(frame.moveCount, `${where}: a position of this game`).toBeLessThanOrEqual(truth.moveCount);
  const state = truth.stateAfter(frame.moveCount);
  expect([...frame.view.laterHeists], `${where}: later heists are the sorted public list`).toEqual(
    [...state.laterHeists].sort(),
  );
  const { cards, ...withoutCards } = viewFor(state, recipient);
  const expected = isUpdate ? withoutCards : { ...withoutCards, cards };
  // isDeepStrictEqual first: toEqual on every frame would be slow, and it only adds the diff.
  if (!isDeepStrictEqual(frame.view, expected))
    expect(frame.view, `${where}: the engine's view`).toEqual(expected);
}

/**
 * Plays one whole game and scans what everyone received. With a cluster (`[owner, relay]`),
 * every other seat and the spectator talk to the process that does not own the table, so
 * their frames come through the relay.
 */
async function playAndScan(
  planIndex: number,
  cluster?: [SpawnedServer, SpawnedServer],
): Promise<{ name: string; table: ReadyTable; findings: FrameFinding[]; frames: number }> {
  const plan = variantPlan(planIndex);
  const name = describePlan(plan);
  const table = cluster
    ? await setUpTable(cluster[0], {
        ...plan,
        seats: plan.seats.map((seat, i) =>
          seat.kind === 'human' && i % 2 === 1 ? { ...seat, via: cluster[1] } : seat,
        ),
        spectators: 1,
        spectatorsVia: cluster[1],
      })
    : await setUpTable(server, { ...plan, spectators: 1 });
  await playRandomGame(table, { seed: 7000 + planIndex });
  const truth = new SecretIndex(replaySteps(await table.host.api.record(table.id)));
  expect(truth.game.final.phase, `${name}: the game ended`).toBe('gameOver');
  const recipients: [TestClient, Seat | null][] = [
    ...table.players.map((p): [TestClient, Seat | null] => [p.client, p.seat]),
    ...table.spectators.map((s): [TestClient, Seat | null] => [s, null]),
  ];
  const findings = recipients.flatMap(([client, seat]) =>
    scanClient(client, seat, table.id, truth),
  );
  const frames = recipients.reduce((sum, [client]) => sum + client.received.length, 0);
  return { name, table, findings, frames };
}

describe('no hidden information on the wire', () => {
  // One test per batch: a slow machine makes a batch slow, not the whole file time out.
  const batches = Array.from({ length: PLANS.length / PARALLEL }, (_, b) =>
    PLANS.slice(b * PARALLEL, (b + 1) * PARALLEL),
  );
  it.each(batches)(
    'scans every frame of whole games %i… (all variants over the batches)',
    async (...batch) => {
      const results = await Promise.all(batch.map((plan) => playAndScan(plan)));
      for (const result of results) {
        const report = result.findings
          .slice(0, 10)
          .map(
            (f) =>
              `${f.recipient} #${f.frameIndex} (after ${f.moveCount} moves): ${f.leak.what}: ${f.leak.detail} in ${f.raw}`,
          );
        expect(report, `${result.name}: leaks`).toEqual([]);
        // A whole game was seen: well over a hundred frames, not a handful (moves committed
        // together share one update, more so on PostgreSQL, so the count varies by store).
        expect(result.frames, `${result.name}: frames`).toBeGreaterThan(100);
        await closeTable(result.table);
      }
    },
    170_000,
  );

  it.skipIf(TEST_POSTGRES_URL === null || TEST_REDIS_URL === null)(
    'scans every frame relayed by a process that does not own the table (a cluster)',
    async () => {
      const cluster = await twoProcesses();
      // Four seats with Resources, and three with Families and a bot (plans 8 and 7).
      const results = await Promise.all([8, 7].map((plan) => playAndScan(plan, cluster)));
      for (const result of results) {
        const report = result.findings
          .slice(0, 10)
          .map((f) => `${f.recipient} #${f.frameIndex}: ${f.leak.what}: ${f.leak.detail}`);
        expect(report, `${result.name}: leaks`).toEqual([]);
        expect(result.frames, `${result.name}: frames`).toBeGreaterThan(100);
        await closeTable(result.table);
      }
    },
    170_000,
  );

  it('finds planted leaks (the scan itself can fail)', () => {
    const truth = new SecretIndex(
      replaySteps({
        format: 'gangsta-game',
        version: 1,
        options: {
          players: 2,
          seed: 5,
          families: false,
          resources: true,
          expertResources: false,
          minimumPassIncome: false,
          catchUpCash: false,
          privateHeistInfluence: false,
        },
        moves: [],
      }),
    );
    const state = truth.stateAfter(0);
    const seatOne = at(state.players, 1, 'player');
    const planted = {
      type: 'update',
      frame: { seat: 0, deck: state.heistDeck.slice(0, 1), other: seatOne.dealt, rng: 1 },
      moves: [{ events: [{ type: 'peeked', seat: 1, to: 1 }] }],
    };
    const found = truth.leaks(scanFrame(planted), 0, 0).map((leak) => leak.what);
    expect(found).toEqual(expect.arrayContaining(['hidden card', 'generator', 'private event']));
    // Seat 1's own dealt cards are not secret to seat 1, and the public part of a frame is clean.
    expect(truth.leaks(scanFrame({ own: seatOne.dealt }), 0, 1)).toEqual([]);
    expect(
      truth.leaks(
        scanFrame({ row: state.heistRow, later: [...state.laterHeists].sort() }),
        0,
        null,
      ),
    ).toEqual([]);
  });

  it('counts a heist attempted from the top of the deck as public, though it stays in the deck', () => {
    const { record, at } = localGameWith('heistFromDeck');
    const truth = new SecretIndex(replaySteps(record));
    const state = truth.stateAfter(at);
    const card = state.heist?.card;
    expect(card && state.heistDeck.includes(card)).toBe(true);
    for (const seat of [null, 0, 1]) expect(truth.secretCards(at, seat).has(card!)).toBe(false);
    // Before it was attempted, only a seat that peeked at it knew it.
    expect(truth.secretCards(at - 1, null).has(card!)).toBe(true);
  });
});
