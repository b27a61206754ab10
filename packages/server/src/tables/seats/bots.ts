/**
 * Server bots: when a bot's seat must decide, it waits the table's pace, then asks a worker
 * thread for a move from its seat's view only, and plays it through the same path as a
 * person's move (durable first, then broadcast). One bot of a table thinks at a time.
 *
 * While the store cannot be reached a bot's move is rolled back (UNAVAILABLE) and the bot
 * plays again later: after 1 s, then twice as long after each failure in a row (up to 30 s,
 * with jitter so that a process's tables do not all come back in the same instant), rather
 * than at once in a loop; as soon as the store is back, every waiting bot plays.
 */

import { botSeed } from '@gangsta/bots';
import { legalMoves, viewFor } from '@gangsta/engine';
import type { BotPool } from '../../bots/pool.ts';
import { storeBackoffMs } from '../../store/health.ts';
import type { Ownership, Platform, TableParts } from '../context.ts';
import { decidingAt, isOver } from '../game/position.ts';
import { botLevelOf, type Room } from '../room.ts';

export interface BotRunnerOptions {
  pool: BotPool;
  /** The pause before a bot moves, like a person thinking (0 in tests). */
  delayMs: number;
}

export class BotRunner {
  private stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Tables whose bot waits out a store backoff, with what plays it now instead. */
  private readonly backingOff = new Map<Room, () => void>();

  constructor(
    private readonly ctx: () => Pick<TableParts, 'moves'> &
      Pick<Ownership, 'runs'> &
      Pick<Platform, 'log'>,
    private readonly options: BotRunnerOptions,
  ) {}

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.backingOff.clear();
  }

  /** Starts a bot of this table if one must decide now and none is busy. */
  wake(room: Room): void {
    if (this.stopped || room.botBusy || this.botToMove(room) === null) return;
    room.markBotBusy(true);
    const backoff = storeBackoffMs(room.storeFailures, Math.random);
    const run = () => {
      clearTimeout(timer);
      this.timers.delete(timer);
      this.backingOff.delete(room);
      void this.play(room).finally(() => {
        room.markBotBusy(false);
        this.wake(room);
      });
    };
    const timer = setTimeout(run, Math.max(this.options.delayMs, backoff));
    this.timers.add(timer);
    if (backoff > 0) this.backingOff.set(room, run);
  }

  /** The store is reachable again: bots waiting out a backoff play now. */
  storeRecovered(): void {
    if (this.stopped) return;
    for (const run of [...this.backingOff.values()]) run();
  }

  private botToMove(room: Room): number | null {
    const head = room.head;
    if (room.table.status !== 'playing' || !head || isOver(head)) return null;
    if (!this.ctx().runs(room)) return null;
    const deciding = new Set(decidingAt(head));
    // Bot seats, and people's seats a bot plays for them (out of time, absent, gone).
    const seat = room.table.seats.findIndex((s, i) => botLevelOf(s) !== null && deciding.has(i));
    return seat < 0 ? null : seat;
  }

  private async play(room: Room): Promise<void> {
    const seat = this.botToMove(room);
    const head = room.head;
    if (seat === null || !head || this.stopped) return;
    const level = botLevelOf(room.table.seats[seat])!;
    const legal = legalMoves(head.state, seat);
    const seed = botSeed(room.table.seed ?? 0, seat, head.state.moveCount);
    let move = legal[0];
    try {
      move = await this.options.pool.decide(level, seed, viewFor(head.state, seat), legal);
    } catch (error) {
      if (this.stopped) return;
      // A bot that fails must not stall the table: it plays its first legal move instead.
      this.ctx().log.error(
        { err: error, table: room.id, seat },
        'a bot failed; it plays a legal move',
      );
    }
    // Someone moved while the bot thought: its answer is for an old position; it thinks again.
    // Or the seat's player took it back meanwhile: the answer is dropped, the player decides.
    if (this.stopped || room.head !== head) return;
    if (botLevelOf(room.table.seats[seat]) === null) return;
    this.ctx().moves.submit({
      room,
      seat,
      clientId: `bot-${head.version + 1}`,
      seen: head.version,
      move,
      byBot: true,
      peer: null,
      receivedAt: performance.now(),
    });
  }
}
