/**
 * Plays a started table to its end with scripted clients: each seated client answers its own
 * `legal` moves from its latest frame with a seeded random choice, sends it with the version it
 * has seen, and waits for the answer. A STALE refusal (another seat moved first, e.g. in the
 * simultaneous resource choice) is followed by the server's resync and a new choice; any other
 * refusal of a move the server itself offered fails the game. Server bots play their own seats.
 */
import type { Move, Seat } from '@gangsta/engine';
import { SeededRandom } from './random.ts';
import type { ReadyTable, SeatedClient } from './tables.ts';
import type { TestClient } from './testClient.ts';

export interface AckedMove {
  seat: Seat;
  move: Move;
  id: string;
  /** The table's version after the move (the move is row `version` of the log). */
  version: number;
}

export interface RandomGameOptions {
  seed: number;
  /** How a seat chooses among its legal moves; `preferProgress` by default. */
  choose?: (legal: Move[], random: SeededRandom) => Move;
  /** Stop (without failing) after this many moves by the clients; the game goes on otherwise. */
  maxMoves?: number;
  /** Called before each move is sent (pacing, fault injection…). */
  beforeMove?: (player: SeatedClient, move: Move) => Promise<void> | void;
  /** Called after each acknowledgement. */
  afterAck?: (player: SeatedClient, acked: AckedMove) => Promise<void> | void;
}

export interface RandomGameResult {
  acked: AckedMove[];
  /** STALE refusals met (expected in simultaneous decisions). */
  stale: number;
  /** The final version every client reached. */
  version: number;
}

interface Shared {
  acked: AckedMove[];
  stale: number;
  stopped: boolean;
}

/** Plays until every client sees the game over (or `maxMoves` client moves were acknowledged). */
export async function playRandomGame(
  table: ReadyTable,
  options: RandomGameOptions,
): Promise<RandomGameResult> {
  const shared: Shared = { acked: [], stale: 0, stopped: false };
  const stop = () => {
    shared.stopped = true;
    for (const { client } of table.players) client.poke();
  };
  await Promise.all(
    table.players.map((player) =>
      playSeat(
        table.id,
        player,
        new SeededRandom(options.seed * 31 + player.seat),
        options,
        shared,
        stop,
      ),
    ),
  );
  const version = Math.max(...table.players.map((p) => p.client.tableState(table.id).version));
  if (!shared.stopped) {
    // Spectators (and late seats) must reach the same final version.
    await Promise.all(table.spectators.map((s) => s.waitForVersion(table.id, version)));
  }
  return { acked: shared.acked, stale: shared.stale, version };
}

async function playSeat(
  tableId: string,
  player: SeatedClient,
  random: SeededRandom,
  options: RandomGameOptions,
  shared: Shared,
  stop: () => void,
): Promise<void> {
  const { client } = player;
  for (;;) {
    if (options.maxMoves !== undefined && shared.acked.length >= options.maxMoves) stop();
    if (shared.stopped) return;
    const { version, frame, gap } = client.tableState(tableId);
    if (gap) {
      await client.watch(tableId, version);
      continue;
    }
    if (frame?.over) return;
    if (!frame || frame.legal.length === 0) {
      await newerPosition(client, tableId, version, shared);
      continue;
    }
    const move = (options.choose ?? preferProgress)(frame.legal, random);
    await options.beforeMove?.(player, move);
    const answer = await client.move(tableId, move, { seen: version });
    if (answer.type === 'ack') {
      const acked: AckedMove = { seat: player.seat, move, id: answer.id, version: answer.version };
      shared.acked.push(acked);
      await options.afterAck?.(player, acked);
      if (!client.tableState(tableId).gap) await client.waitForVersion(tableId, answer.version);
    } else if (answer.error.code === 'STALE') {
      shared.stale += 1;
      await newerPosition(client, tableId, version, shared);
    } else {
      throw new Error(
        `${client.label} (seat ${player.seat}) at version ${version}: the server refused a move it offered, ${JSON.stringify(move)}: ${answer.error.code} ${answer.error.message}`,
      );
    }
  }
}

/**
 * A random legal move, taking a Bank deposit or withdrawal (always legal with a Bank, and
 * endless) only one time in ten: uniform choices would spend most of a game at the Bank.
 */
export function preferProgress(legal: Move[], random: SeededRandom): Move {
  const progress = legal.filter((move) => move.type !== 'bank');
  if (progress.length === 0 || progress.length === legal.length || random.chance(0.1))
    return random.pick(legal);
  return random.pick(progress);
}

/** Waits for a position after `version` (or a gap to repair). */
async function newerPosition(
  client: TestClient,
  tableId: string,
  version: number,
  shared: Shared,
): Promise<void> {
  const moved = () => {
    const state = client.tableState(tableId);
    return state.version > version || state.gap || shared.stopped;
  };
  if (moved()) return;
  await client.waitFor(`a position of table ${tableId} after version ${version}`, moved);
}
