/**
 * Tables asleep. A turn-based game may wait days for its next move; holding it in memory
 * meanwhile would make the server's memory grow with every game left open. So a playing table
 * that nobody watches, where nothing is being committed and nothing is due within
 * `idleTableMs` (no bot to move; its timer, if any, later than that), leaves memory once it
 * has gone `idleTableMs` without a move. It is read from the store again (its log replayed,
 * about a millisecond per game) the moment anyone asks for it: a watch, a move, the HTTP API, a
 * move heard from another process, or its own timer (a turn-based clock's deadline), for which
 * only the time is kept. A friendly table never sleeps: while a person must decide, the
 * absence rule's timer is due within minutes, and once bots hold the seats they play on.
 * At start, only waiting tables, tables moved within `idleTableMs` and tables due within it are
 * rebuilt; the deadlines of the others are set as wake-ups.
 */
import type { TableContext } from './context.ts';
import { decidingAt } from './frames.ts';
import type { Room } from './room.ts';

/** What keeps a table awake besides its watchers and recent moves. */
export interface WakeReasons {
  /** When the table's timer (absence, clock) fires; null when none is set. */
  timerDueAt(room: Room): number | null;
  /** Cancels the table's timer (it leaves memory; its wake-up takes the timer's place). */
  cancelTimer(room: Room): void;
}

/** Whether the table could leave memory now, were it idle long enough. */
function restful(room: Room, reasons: WakeReasons, wakeAfter: number): boolean {
  const position = room.committed;
  if (room.table.status !== 'playing' || !position) return false;
  if (room.watchers.size > 0 || room.head !== position || room.botBusy) return false;
  const due = reasons.timerDueAt(room);
  if (due !== null && due <= wakeAfter) return false;
  // A bot (or the takeover bot of a player away) about to move keeps the table awake.
  return decidingAt(position).every((seat) => {
    const stored = room.table.seats[seat];
    return stored !== undefined && stored.botLevel === null && !stored.away;
  });
}

/** Puts idle tables to sleep, and wakes those whose timer comes due. */
export class Sleeper {
  /** Wake-ups of tables asleep whose timer is due later (by table id). */
  private readonly wakeUps = new Map<string, () => void>();
  private stopRounds = () => {};

  constructor(
    private readonly ctx: TableContext,
    private readonly reasons: WakeReasons,
  ) {}

  /** Wakes the table at `at` (its timer's deadline): rebuilt, its timer and bots set again. */
  wakeAt(id: string, at: number): void {
    this.wakeUps.get(id)?.();
    const cancel = this.ctx.clock.setTimer(at, () => {
      this.wakeUps.delete(id);
      void this.ctx.rooms
        .get(id)
        .then((room) => {
          if (!room) return;
          this.ctx.armTimers(room);
          this.ctx.wakeBots(room);
        })
        .catch((error: unknown) => {
          this.ctx.log.warn({ err: error, table: id }, 'a table due could not be woken; retrying');
          this.wakeAt(id, this.ctx.now() + 5_000);
        });
    });
    this.wakeUps.set(id, cancel);
  }

  start(): void {
    this.stopRounds = startSleep(this.ctx, this.reasons, (room, due) => {
      if (due !== null) this.wakeAt(room.id, due);
    });
  }

  stop(): void {
    this.stopRounds();
    for (const cancel of this.wakeUps.values()) cancel();
    this.wakeUps.clear();
  }
}

/**
 * Looks at the tables every `min(idleTableMs / 2, 1 min)`: a table seen restful at the same
 * version for `idleTableMs` leaves memory. Returns the function that stops the rounds.
 */
function startSleep(
  ctx: TableContext,
  reasons: WakeReasons,
  slept: (room: Room, dueAt: number | null) => void,
): () => void {
  const idleMs = ctx.limits.idleTableMs;
  const every = Math.max(1, Math.min(Math.floor(idleMs / 2), 60_000));
  /** When each table was first seen restful, at which version. */
  const restingSince = new WeakMap<Room, { at: number; version: number }>();
  let stopped = false;
  let cancel = () => {};
  const round = () => {
    if (stopped) return;
    const now = ctx.now();
    for (const room of [...ctx.rooms.all()]) {
      const version = room.committed?.version ?? -1;
      if (!restful(room, reasons, now + idleMs)) {
        restingSince.delete(room);
        continue;
      }
      const since = restingSince.get(room);
      if (!since || since.version !== version) {
        restingSince.set(room, { at: now, version });
      } else if (now - since.at >= idleMs) {
        const due = reasons.timerDueAt(room);
        reasons.cancelTimer(room);
        ctx.rooms.forget(room);
        ctx.metrics.tablesSlept.inc();
        slept(room, due);
      }
    }
    cancel = ctx.clock.setTimer(now + every, round);
  };
  cancel = ctx.clock.setTimer(ctx.now() + every, round);
  return () => {
    stopped = true;
    cancel();
  };
}
